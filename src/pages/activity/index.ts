// Activity pages (invites, free VIP, trial, campaigns): arrive with the marketing issue; the
// 3-day trial (/getThreeDayVip) is already its own page, GetThreeDayVipPage.tsx.
// Until then the route group shows the shared "coming soon" body (its own lazy chunk).
export { default } from "../../components/ComingSoon";
