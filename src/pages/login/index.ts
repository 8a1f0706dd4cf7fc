// Login group (login, reset, auth): the login issue replaces this with the real forms.
// Until then the route group shows the shared "coming soon" body (its own lazy chunk).
export { default } from "../../components/ComingSoon";
