// Demo coupons of demo mode (DEMO_MODE; on for the embedded default): one per coupon tip, so
// every message of checkout can be seen without an admin tool. Created at boot when missing,
// never outside demo mode. This list is the one the README quotes.
import type { Db } from "../../../db/client";
import { createCoupon, type NewCoupon } from "./coupons";

export const DEMO_COUPONS: readonly NewCoupon[] = [
  { code: "DEMO10", kind: "percent", value: 10, stackable: true },
  {
    code: "DEMO-EXPIRED",
    kind: "percent",
    value: 10,
    stackable: true,
    startsAt: new Date("2024-01-01T00:00:00Z"),
    endsAt: new Date("2025-01-01T00:00:00Z"),
  },
  { code: "DEMO-FUTURE", kind: "percent", value: 10, stackable: true, startsAt: new Date("2099-01-01T00:00:00Z") },
  { code: "DEMO-PRO", kind: "percent", value: 20, stackable: true, plans: ["pro"] },
  { code: "DEMO-MIN500", kind: "amount", value: 5_000, stackable: true, minOrderUsdCents: 50_000 },
  { code: "DEMO-GONE", kind: "percent", value: 10, stackable: true, totalLimit: 0 },
  { code: "DEMO-ONCE", kind: "amount", value: 500, stackable: true, perUserLimit: 1 },
  { code: "DEMO-OFF", kind: "percent", value: 10, stackable: true, active: false },
  { code: "DEMO-SOLO", kind: "percent", value: 10, stackable: false },
];

/** Creates the missing demo coupons; safe at every boot and from several instances. */
export async function ensureDemoCoupons(db: Db): Promise<void> {
  for (const coupon of DEMO_COUPONS) await createCoupon(db, coupon);
}
