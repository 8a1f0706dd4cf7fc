// The sign-up trial as the new-user screens state it: every new account gets 1 day of Basic
// (server/modules/accounts/services/memberships.ts TRIAL_DURATION_MS, spec: "a free 1-day Basic
// VIP trial"). The server does not send it; this is the one place the app writes it down.
import type { PaidPlan } from "../../../contract/commerce";

export const SIGN_UP_TRIAL_DAYS = 1;
export const SIGN_UP_TRIAL_PLAN: PaidPlan = "basic";
