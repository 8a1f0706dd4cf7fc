// Checkout group (checkout, pay success, plan comparison, My Plan): arrives with the membership issue.
// Until then the route group shows the shared "coming soon" body (its own lazy chunk).
export { default } from "../../components/ComingSoon";
