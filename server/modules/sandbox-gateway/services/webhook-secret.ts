// The secret the sandbox gateway signs its webhooks with (and its adapter checks them with):
// PAYMENTS_WEBHOOK_SECRET when set, else the sub-key "payments-webhook" derived from the server's
// master secret through the accounts module's Secrets (SERVER_SECRET, or the one generated and
// stored in server_keys), so every instance and every restart agrees without configuration.
import type { Config } from "../../../config";
import type { Db } from "../../../db/client";
import { loadSecrets } from "../../accounts";

export const WEBHOOK_SECRET_PURPOSE = "payments-webhook";

export async function loadSandboxWebhookSecret(
  db: Db,
  config: Pick<Config, "paymentsWebhookSecret" | "serverSecret">,
): Promise<string> {
  if (config.paymentsWebhookSecret !== null) return config.paymentsWebhookSecret;
  const secrets = await loadSecrets(db, config.serverSecret);
  return secrets.derive(WEBHOOK_SECRET_PURPOSE).toString("hex");
}
