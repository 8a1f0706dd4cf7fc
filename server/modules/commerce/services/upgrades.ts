// Upgrades (spec §1): pricing one (upgrade-create: the price-query quote plus the current plan,
// the time it carries and the end date if paid now) and placing one (an unpaid order of kind
// upgrade, paid like a purchase; settlement.ts carries the time when it is paid). Only a
// strictly better plan than the current paid one: a lower plan is 70051, the same 70052, and
// no paid plan (a free trial, the 3-day trial, a grace or nothing) 70050.
import type { Db } from "../../../db/client";
import type { Order, Plan } from "../../../db/schema";
import { commerceError } from "../errors";
import { currentPaidPlan } from "./my-plan";
import { placeOrder } from "./orders";
import { quoteOrder, type OrderRequest, type PricingConfig, type Quote } from "./pricing";
import { upgradePeriod, upgradeRefusal } from "./subscription-rules";

export interface UpgradeQuote {
  quote: Quote;
  currentPlan: Plan;
  carriedMs: number;
  newEndTime: Date;
}

async function checkedCurrentPlan(db: Db, userId: number, wanted: Plan, now: Date) {
  const current = await currentPaidPlan(db, userId, now);
  const refusal = upgradeRefusal(current?.period.plan ?? null, wanted);
  if (refusal) throw commerceError(refusal);
  return current!;
}

export async function quoteUpgrade(
  db: Db,
  config: PricingConfig,
  userId: number,
  request: OrderRequest,
  now: Date,
): Promise<UpgradeQuote> {
  const current = await checkedCurrentPlan(db, userId, request.plan, now);
  const quote = await quoteOrder(db, config, request, userId, now);
  const period = upgradePeriod(now, current.runsUntil, request.months);
  return { quote, currentPlan: current.period.plan, carriedMs: period.carriedMs, newEndTime: period.endsAt };
}

export async function placeUpgrade(
  db: Db,
  config: PricingConfig,
  userId: number,
  request: OrderRequest,
  now: Date,
): Promise<Order> {
  await checkedCurrentPlan(db, userId, request.plan, now);
  return placeOrder(db, config, userId, request, now, "upgrade");
}
