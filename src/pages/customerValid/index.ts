// Customer-support check page (Chinese edition): arrives with the Chinese login flow.
// Until then the route group shows the shared "coming soon" body (its own lazy chunk).
export { default } from "../../components/ComingSoon";
