// `npm run commerce:coupon -- --code X --percent 10 | --amount 5 [--min 500] [--plans pro,premium]
// [--starts ISO] [--ends ISO] [--total N] [--per-user N] [--stackable] [--inactive]`: creates a
// coupon in the configured database (DATA_DIR or DATABASE_URL); there is no admin screen. Amounts
// in US dollars; --percent is whole percent off, --amount dollars off. An existing code is
// refused and left as it is.
import { runCli } from "../../../boot/run-cli";
import { createCoupon } from "../services/coupons";
import { COUPON_USAGE, couponFromArgs, describeCoupon } from "./coupon-args";

await runCli("commerce:coupon", COUPON_USAGE, async (database) => {
  const coupon = couponFromArgs(process.argv.slice(2));
  const created = await createCoupon(database.db, coupon);
  if (!created) throw new Error(`a coupon ${coupon.code} exists already (left as it is)`);
  process.stdout.write(`commerce:coupon: created ${created.code}: ${describeCoupon(coupon)}\n`);
});
