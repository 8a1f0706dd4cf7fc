// Growth facts shared by the server's marketing module and the app (spec §1, §3, §4, §9):
// marketing types of the discount lists, the demo discount codes, the timings of the discount
// drawer and its countdown, the invite code's lifetime, campaign states, the reasons an invite
// earns no reward, and the marketing module's business codes (docs/marketing.md).

/** marketing_type of the discount lists: 5 English and first-month discount, 6 Chinese, 7 receive. */
export const MARKETING_TYPES = { FIRST_MONTH: 5, CHINESE: 6, RECEIVE: 7 } as const;
export type MarketingType = (typeof MARKETING_TYPES)[keyof typeof MARKETING_TYPES];
export const MARKETING_TYPE_VALUES = [5, 6, 7] as const satisfies readonly MarketingType[];

/** The demo discounts (demo mode only): Basic monthly at US$9.90, Basic yearly at US$98 and US$19.90. */
export const DEMO_DISCOUNT_CODES = ["Basic9.9", "Basic19.9", "Basic98"] as const;

/** Who may use a discount: anyone, or only a user who never paid for an order. */
export const DISCOUNT_ELIGIBILITIES = ["anyone", "first_purchase"] as const;
export type DiscountEligibility = (typeof DISCOUNT_ELIGIBILITIES)[number];

/** cycleUnit of a discount item: "m" monthly, "y" yearly (spec §3: m monthly, otherwise yearly). */
export const CYCLE_UNITS = { 1: "m", 12: "y" } as const;

/** The drawer asks for the discount every 8 s while a signed-in user has no plan (spec §9). */
export const DISCOUNT_POLL_MS = 8_000;
/** The full-size drawer collapses to the mini badge after 5 s without action. */
export const DRAWER_COLLAPSE_MS = 5_000;
/** The countdown widget starts at 10 minutes and ticks every second. */
export const COUNTDOWN_MINUTES = 10;
export const COUNTDOWN_TICK_MS = 1_000;
/** Below this many days left, a deadline shows a running clock instead of its date ("lessDay"). */
export const LESS_DAY_THRESHOLD_DAYS = 3;

/** The invite code a visitor arrived with is kept 30 days (spec §9: 2592000 s). */
export const INVITE_CODE_SECONDS = 2_592_000;

/** Cookies of the discount drawer (spec §4), per user: the date each was last shown or hidden. */
export const drawerVisibleCookie = (userId: string | number): string => `drawer-visible-${userId}`;
export const discountShowDateCookie = (userId: string | number): string => `discount-show-date-${userId}`;
/** The countdown's minutes and seconds, restored on reload; cleared on logout (overseas). */
export const COUNTDOWN_COOKIES = ["countDown", "countDownSeconds"] as const;
/** The day (local date) the countdown last ran: "reset if not started today"; cleared with the two above. */
export const COUNTDOWN_DATE_COOKIE = "countDownDate";

/** A campaign's state at a moment: before its start, running, or past its end. */
export const ACTIVITY_STATUSES = ["not_started", "running", "ended"] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

/**
 * Why a registration through an invite earned the inviter nothing: the invitee is the inviter,
 * signed up from a device or address the inviter used within a day, or the inviter reached the
 * reward cap. Rewarded invites have no reason.
 */
export const INVITE_REFUSALS = ["self", "same_device", "same_address", "cap"] as const;
export type InviteRefusal = (typeof INVITE_REFUSALS)[number];

/** The invitee's landing page type of /shareGetVip/{type}: 1 the invite link. */
export const SHARE_GET_VIP_INVITE_TYPE = "1";

/** The marketing module's business codes (the app translates them). */
export const MARKETING_CODES = {
  DISCOUNT_NOT_FOUND: 71001,
  DISCOUNT_NOT_USABLE: 71002,
  DISCOUNT_PLAN_MISMATCH: 71003,
  DISCOUNT_ALREADY_RECEIVED: 71004,
  ACTIVITY_NOT_FOUND: 71010,
  ACTIVITY_NOT_STARTED: 71011,
  ACTIVITY_ENDED: 71012,
  ACTIVITY_ALREADY_CLAIMED: 71013,
  ACTIVITY_SOLD_OUT: 71014,
  INVALID_PHONE: 71020,
} as const;
