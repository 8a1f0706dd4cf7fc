// The checkout country a visitor starts with: the market picked on /system/choose-location,
// else the IP region the app looked up at start when it is a checkout country, else the
// default (Vietnam). Checkout and the plan comparison price in it.
import { CHECKOUT_COUNTRIES, DEFAULT_CHECKOUT_COUNTRY, type CheckoutCountry } from "../../../contract/commerce";
import { userState } from "../../state/user";
import { readChosenLocation } from "../location/chosen-location";

export const isCheckoutCountry = (value: unknown): value is CheckoutCountry =>
  CHECKOUT_COUNTRIES.includes(value as CheckoutCountry);

export function visitorCountry(): CheckoutCountry {
  const chosen = readChosenLocation()?.market;
  if (isCheckoutCountry(chosen)) return chosen;
  const country = userState.ipInfo?.country?.toUpperCase();
  return isCheckoutCountry(country) ? country : DEFAULT_CHECKOUT_COUNTRY;
}
