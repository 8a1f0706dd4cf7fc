// System pages (choose and open location): arrive with the features that need them.
// Until then the route group shows the shared "coming soon" body (its own lazy chunk).
export { default } from "../../components/ComingSoon";
