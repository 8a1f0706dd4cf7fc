// Discovery (search videos and influencers): arrives with the discovery issue.
// Until then the route group shows the shared "coming soon" body (its own lazy chunk).
export { default } from "../../components/ComingSoon";
