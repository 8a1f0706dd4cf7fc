// Invites API (marketing group, docs/marketing.md "Invites"): the signed-in user's invite code,
// share URL, reward terms and counts (invite-code); the public offer the invite landing page
// tells visitors (invite-offer, no token); the user's invitees, newest first
// (invite-pick-records); and the award the user got for registering through an invite
// (invitee-award, null when they did not).
import type { InviteRefusal } from "../../contract/marketing";
import type { PaidPlan } from "../../contract/commerce";
import { api } from "./client";

const BASE = "/v1/user/charge/marketing";

/** What the inviter gets per rewarded invitee, and for how many invitees at most. */
export interface InviteReward {
  plan: PaidPlan;
  days: number;
  cap: number;
}

/** What a user who registers through an invite link gets (0 days: nothing). */
export interface InviteeAwardTerms {
  plan: PaidPlan;
  days: number;
}

export interface InviteOffer {
  reward: InviteReward;
  award: InviteeAwardTerms;
}

export interface InviteCode extends InviteOffer {
  inviteCode: string;
  shareUrl: string;
  /** Invitees registered through this user's link, and how many of them earned a reward. */
  invited: number;
  rewarded: number;
}

export interface InviteRecord {
  /** The invitee's masked nick, e-mail or phone. */
  invitee: string;
  registeredAt: string;
  rewarded: boolean;
  refusal: InviteRefusal | null;
  plan: PaidPlan | null;
  /** Days the inviter got (0 when refused). */
  days: number;
}

export interface InviteRecordPage {
  total: number;
  list: InviteRecord[];
}

export interface InviteeAward {
  /** The inviter, masked. */
  inviter: string;
  plan: PaidPlan;
  days: number;
  startsAt: string | null;
  endTime: string | null;
  refusal: InviteRefusal | null;
}

export const INVITE_RECORDS_PAGE_SIZE = 20;

export const inviteCode = (): Promise<InviteCode> => api<InviteCode>(`${BASE}/invite-code`);

export const inviteOffer = (): Promise<InviteOffer> => api<InviteOffer>(`${BASE}/invite-offer`);

export const inviteRecords = (page: number, size = INVITE_RECORDS_PAGE_SIZE): Promise<InviteRecordPage> =>
  api<InviteRecordPage>(`${BASE}/invite-pick-records`, { query: { page, size } });

export const inviteeAward = (): Promise<InviteeAward | null> =>
  api<InviteeAward | null>(`${BASE}/invitee-award`).then((award) => award ?? null);
