// Activities API (marketing group, docs/marketing.md "Campaigns and activity codes" and "Phone
// collection"): a campaign or activity code as the claim pages show it (queryActivity: title,
// dates, the server's clock, what a claim gives, whether the signed-in user claimed), the claim
// itself (receive/{code}: once per user and campaign), and the phone number of the
// phone-collection dialog (kept per user).
import type { ActivityStatus } from "../../contract/marketing";
import type { PaidPlan } from "../../contract/commerce";
import { api } from "./client";

const PORTAL = "/api/v1/tikmeta/portal/user";
const PHONE_PATH = "/v1/user/charge/marketing/phone-collection";

export interface Activity {
  /** The campaign's slug. */
  campaign: string;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  /** The server's clock when it answered (the countdown's reference). */
  serverTime: string;
  status: ActivityStatus;
  /** The code a claim uses (null: the campaign has nothing to claim). */
  code: string | null;
  plan: PaidPlan | null;
  days: number;
  /** null when signed out. */
  claimed: boolean | null;
  claimedAt: string | null;
  /** The end of the claimed membership. */
  endTime: string | null;
}

export interface ActivityQuery {
  code?: string;
  campaign?: string;
}

export interface ActivityGrant {
  plan: PaidPlan;
  days: number;
  startsAt: string;
  endTime: string;
}

export interface CollectedPhone {
  countryCode: string;
  phone: string;
}

/** The activity of a code or campaign slug; neither: the running campaign (71010 when none). */
export const queryActivity = ({ code, campaign }: ActivityQuery): Promise<Activity> =>
  api<Activity>(`${PORTAL}/queryActivity`, { query: { code: code || undefined, campaign: campaign || undefined } });

export const receiveActivity = (code: string): Promise<ActivityGrant> =>
  api<ActivityGrant>(`${PORTAL}/receive/${encodeURIComponent(code)}`);

export const savePhone = (phone: CollectedPhone): Promise<{ saved: true }> =>
  api<{ saved: true }>(PHONE_PATH, { method: "POST", body: phone });

export const collectedPhone = (): Promise<CollectedPhone | null> =>
  api<CollectedPhone | null>(PHONE_PATH).then((answer) => answer ?? null);
