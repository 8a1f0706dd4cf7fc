// The checkout country a visitor starts with: the IP region the app looked up at start when it
// is a checkout country, else the default (Vietnam). Checkout and the plan comparison price in it.
import { CHECKOUT_COUNTRIES, DEFAULT_CHECKOUT_COUNTRY, type CheckoutCountry } from "../../../contract/commerce";
import { userState } from "../../state/user";

export const isCheckoutCountry = (value: unknown): value is CheckoutCountry =>
  CHECKOUT_COUNTRIES.includes(value as CheckoutCountry);

export function visitorCountry(): CheckoutCountry {
  const country = userState.ipInfo?.country?.toUpperCase();
  return isCheckoutCountry(country) ? country : DEFAULT_CHECKOUT_COUNTRY;
}
