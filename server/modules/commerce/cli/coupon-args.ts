// The arguments of `npm run commerce:coupon` (cli/coupon.ts) turned into a coupon, with one-line
// usage errors a person can act on, and the one-line description the command prints.
import { PAID_PLANS, type PaidPlan } from "../../../../contract/commerce";
import { dateOption, parseArgs, UsageError, type ParsedArgs } from "../../../boot/cli-args";
import { normalizeCouponCode, type NewCoupon } from "../services/coupons";
import { formatUsd } from "../services/money";

export const COUPON_USAGE =
  "npm run commerce:coupon -- --code X (--percent N | --amount USD) [--min USD] [--plans basic,premium,pro] " +
  "[--starts ISO] [--ends ISO] [--total N] [--per-user N] [--stackable] [--inactive]";

const OPTIONS = ["code", "percent", "amount", "min", "plans", "starts", "ends", "total", "per-user"];
const FLAGS = ["--stackable", "--inactive"];

function cents(args: ParsedArgs, name: string): number | undefined {
  const raw = args.options.get(name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+(\.\d{1,2})?$/.test(raw) || !(value > 0) || value > 1_000_000)
    throw new UsageError(`--${name} must be US dollars above 0 with at most two decimals`);
  return Math.round(value * 100);
}

function count(args: ParsedArgs, name: string): number | null {
  const raw = args.options.get(name);
  if (raw === undefined) return null;
  if (!/^\d{1,9}$/.test(raw)) throw new UsageError(`--${name} must be a whole number`);
  return Number(raw);
}

/** The coupon the arguments describe; UsageError for anything a person must correct. */
export function couponFromArgs(argv: readonly string[]): NewCoupon {
  const flags = new Set(argv.filter((arg) => FLAGS.includes(arg)));
  const args = parseArgs(
    argv.filter((arg) => !FLAGS.includes(arg)),
    OPTIONS,
  );
  if (args.positional.length) throw new UsageError(`Unexpected argument '${args.positional[0]}'`);
  const code = normalizeCouponCode(args.options.get("code") ?? "");
  if (!/^[A-Z0-9][A-Z0-9_-]{1,39}$/.test(code))
    throw new UsageError("--code is required: 2-40 letters, digits, - or _");
  const percent = count(args, "percent");
  const amount = cents(args, "amount");
  if ((percent === null) === (amount === undefined)) throw new UsageError("give exactly one of --percent and --amount");
  if (percent !== null && (percent < 1 || percent > 100)) throw new UsageError("--percent must be 1-100");
  const plans = (args.options.get("plans") ?? "")
    .split(",")
    .map((plan) => plan.trim().toLowerCase())
    .filter(Boolean);
  const unknown = plans.find((plan) => !(PAID_PLANS as readonly string[]).includes(plan));
  if (unknown) throw new UsageError(`unknown plan '${unknown}' (${PAID_PLANS.join(", ")})`);
  const startsAt = dateOption(args, "starts");
  const endsAt = dateOption(args, "ends");
  if (startsAt && endsAt && endsAt <= startsAt) throw new UsageError("--ends must be after --starts");
  return {
    code,
    kind: percent !== null ? "percent" : "amount",
    value: percent ?? amount!,
    minOrderUsdCents: cents(args, "min") ?? 0,
    plans: plans as PaidPlan[],
    startsAt,
    endsAt,
    totalLimit: count(args, "total"),
    perUserLimit: count(args, "per-user"),
    stackable: flags.has("--stackable"),
    active: !flags.has("--inactive"),
  };
}

export function describeCoupon(coupon: NewCoupon): string {
  const off = coupon.kind === "percent" ? `${coupon.value} % off` : `${formatUsd(coupon.value)} off`;
  const parts = [off];
  if (coupon.minOrderUsdCents) parts.push(`orders from ${formatUsd(coupon.minOrderUsdCents)}`);
  parts.push(coupon.plans?.length ? `plans ${coupon.plans.join(", ")}` : "every plan");
  if (coupon.startsAt) parts.push(`from ${coupon.startsAt.toISOString()}`);
  if (coupon.endsAt) parts.push(`until ${coupon.endsAt.toISOString()}`);
  if (coupon.totalLimit !== null && coupon.totalLimit !== undefined) parts.push(`${coupon.totalLimit} uses in all`);
  if (coupon.perUserLimit !== null && coupon.perUserLimit !== undefined)
    parts.push(`${coupon.perUserLimit} per person`);
  parts.push(coupon.stackable ? "stackable" : "not stackable");
  if (coupon.active === false) parts.push("inactive");
  return parts.join(", ");
}
