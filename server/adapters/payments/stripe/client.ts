// The Stripe SDK client: Stripe's API, or the server STRIPE_API_URL names (the tests' local
// stand-in), with a few network retries (each request keeps its idempotency key, so a retry
// never pays twice), a request timeout, and no telemetry headers. The secret key stays inside
// the SDK: nothing here logs it.
import Stripe from "stripe";

export const STRIPE_TIMEOUT_MS = 20_000;
export const STRIPE_NETWORK_RETRIES = 2;

/** The SDK's host, port and protocol options for an API URL such as http://127.0.0.1:12111. */
export function endpointOptions(apiUrl: string | null): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (apiUrl === null) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

export function createStripeClient(secretKey: string, apiUrl: string | null): Stripe {
  return new Stripe(secretKey, {
    maxNetworkRetries: STRIPE_NETWORK_RETRIES,
    timeout: STRIPE_TIMEOUT_MS,
    telemetry: false,
    ...endpointOptions(apiUrl),
  });
}
