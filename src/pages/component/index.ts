// Embedded component pages (/component/:type): arrive with the features that need them.
// Until then the route group shows the shared "coming soon" body (its own lazy chunk).
export { default } from "../../components/ComingSoon";
