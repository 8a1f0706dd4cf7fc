// The secret the sandbox gateway signs its webhooks with (and its adapter checks them with):
// PAYMENTS_WEBHOOK_SECRET when set, else the sub-key "payments-webhook" derived from the server's
// master secret (SERVER_SECRET, or the one generated and stored in server_keys) exactly as the
// accounts module's Secrets.derive does (accounts/services/server-keys.ts, which its index does
// not export), so every instance and every restart agrees without configuration.
import { createHmac, randomBytes } from "node:crypto";
import type { Config } from "../../../config";
import type { Db } from "../../../db/client";
import { getOrCreateServerKey } from "../../accounts";

export const WEBHOOK_SECRET_PURPOSE = "payments-webhook";
/** The server_keys row of the generated master secret (accounts/services/server-keys.ts). */
const MASTER_SECRET_KEY = "master_secret";

export async function loadSandboxWebhookSecret(
  db: Db,
  config: Pick<Config, "paymentsWebhookSecret" | "serverSecret">,
): Promise<string> {
  if (config.paymentsWebhookSecret !== null) return config.paymentsWebhookSecret;
  const master =
    config.serverSecret ??
    (await getOrCreateServerKey(db, MASTER_SECRET_KEY, () => randomBytes(32).toString("base64url")));
  return createHmac("sha256", master).update(`shopradar:${WEBHOOK_SECRET_PURPOSE}`).digest("hex");
}
