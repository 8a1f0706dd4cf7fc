// What can be compared side by side, and how many at once.
export const COMPARE_KINDS = ["goods", "influencers"] as const;
export type CompareKind = (typeof COMPARE_KINDS)[number];
export const COMPARE_MAX_ITEMS = 4;
