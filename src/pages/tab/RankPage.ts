// The List tab (rankings of influencers, goods, videos): arrives with the rankings issue.
// Until then it shows the shared "coming soon" body.
export { default } from "../../components/ComingSoon";
