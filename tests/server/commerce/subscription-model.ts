// The subscription state machine's independent model for the model-based tests: what a member
// is entitled to (plan and end date) after buys, renewals that succeed or fail on the dunning
// schedule, cancels and upgrades, written from docs/subscriptions.md without the server's
// rules or calendar helpers, plus the commands' random inputs shared by the pure and the
// PostgreSQL runs.
import fc from "fast-check";
import { DUNNING_RETRY_DAYS } from "../../../contract/commerce";

export const DAY = 86_400_000;
export type ModelPlan = "basic" | "pro";

export interface Model {
  now: number;
  plan: ModelPlan | null;
  /** End of the paid time (order periods). */
  paidEnd: number;
  /** End of a failed renewal's grace (0: none). */
  graceEnd: number;
  renewing: boolean;
  months: number;
  periodEnd: number;
  nextAttempt: number;
  failures: number;
}

export const initialModel = (now: number): Model => ({
  now,
  plan: null,
  paidEnd: 0,
  graceEnd: 0,
  renewing: false,
  months: 1,
  periodEnd: 0,
  nextAttempt: 0,
  failures: 0,
});

/** `at` plus `months` calendar months in UTC, the day kept or clamped to the month's last day. */
function plusMonths(at: number, months: number): number {
  const from = new Date(at);
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(from.getUTCDate(), lastDay)) + (at % DAY);
}

/** The plan running now and until when (paid time, then the grace). */
export function entitlement(model: Model): { plan: ModelPlan; end: number } | null {
  const end = Math.max(model.paidEnd, model.graceEnd);
  return model.plan && end > model.now ? { plan: model.plan, end } : null;
}

export const paidRunning = (model: Model) => model.plan !== null && model.paidEnd > model.now;

/** A purchase of `plan` (only offered when no paid time runs or it is the same plan). */
export function buy(model: Model, plan: ModelPlan, months: number): void {
  const start = paidRunning(model) && model.plan === plan ? model.paidEnd : model.now;
  model.plan = plan;
  model.paidEnd = plusMonths(start, months);
  // The older subscription is replaced: its retries stop, and so does its grace.
  model.graceEnd = Math.min(model.graceEnd, model.now);
  Object.assign(model, { renewing: true, months, periodEnd: model.paidEnd, nextAttempt: model.paidEnd, failures: 0 });
}

/** The clock moves to `to`; each due renewal takes the next outcome (true: the charge succeeds). */
export function moveClock(model: Model, to: number, outcomes: boolean[]): number {
  model.now = to;
  let charges = 0;
  let next = 0;
  while (model.renewing && model.nextAttempt <= model.now) {
    const ok = outcomes[next++ % outcomes.length] ?? true;
    if (ok) {
      charges++;
      model.paidEnd = plusMonths(model.periodEnd, model.months);
      Object.assign(model, { periodEnd: model.paidEnd, nextAttempt: model.paidEnd, failures: 0 });
      continue;
    }
    model.failures++;
    const lastRetry = DUNNING_RETRY_DAYS[DUNNING_RETRY_DAYS.length - 1];
    if (model.failures === 1) model.graceEnd = Math.max(model.graceEnd, model.periodEnd + lastRetry * DAY);
    if (model.failures > DUNNING_RETRY_DAYS.length) {
      model.renewing = false;
      model.graceEnd = Math.min(model.graceEnd, model.now);
    } else model.nextAttempt = model.periodEnd + DUNNING_RETRY_DAYS[model.failures - 1] * DAY;
  }
  return charges;
}

export function cancel(model: Model): void {
  if (!model.renewing) return;
  if (model.failures > 0) model.graceEnd = Math.min(model.graceEnd, model.now);
  model.renewing = false;
}

/** Upgrade to Pro (only offered while Basic paid time runs): the remaining time carries over. */
export function upgrade(model: Model, months: number): void {
  const carried = Math.max(0, model.paidEnd - model.now);
  model.plan = "pro";
  model.paidEnd = plusMonths(model.now, months) + carried;
  model.graceEnd = Math.min(model.graceEnd, model.now);
  Object.assign(model, { renewing: true, months, periodEnd: model.paidEnd, nextAttempt: model.paidEnd, failures: 0 });
}

export type Command =
  | { kind: "buy"; plan: ModelPlan; months: 1 | 12 }
  | { kind: "clock"; days: number; outcomes: boolean[] }
  | { kind: "cancel" }
  | { kind: "upgrade"; months: 1 | 12 }
  | { kind: "duplicate_webhook" }
  | { kind: "late_failure_webhook" };

export const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant("buy" as const),
    plan: fc.constantFrom<ModelPlan>("basic", "pro"),
    months: fc.constantFrom<1 | 12>(1, 12),
  }),
  fc.record({
    kind: fc.constant("clock" as const),
    days: fc.integer({ min: 1, max: 40 }),
    outcomes: fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
  }),
  fc.record({ kind: fc.constant("cancel" as const) }),
  fc.record({ kind: fc.constant("upgrade" as const), months: fc.constantFrom<1 | 12>(1, 12) }),
  fc.record({ kind: fc.constant("duplicate_webhook" as const) }),
  fc.record({ kind: fc.constant("late_failure_webhook" as const) }),
);

/** Whether the command is offered in the model's state (checkout refuses the others). */
export function offered(model: Model, command: Command): boolean {
  if (command.kind === "buy") return !paidRunning(model) || model.plan === command.plan;
  if (command.kind === "upgrade") return paidRunning(model) && model.plan === "basic";
  return true;
}
