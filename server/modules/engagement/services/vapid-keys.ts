// The server's web-push identity (VAPID, RFC 8292): the key pair from configuration, or one
// generated on first start and kept in server_keys so every instance and restart signs with the
// same key (subscriptions are bound to the public key the browser saw).
import webpush from "web-push";
import type { Config } from "../../../config";
import type { Db } from "../../../db/client";
import { getOrCreateServerKey } from "../../accounts";

export interface VapidKeys {
  /** base64url, uncompressed P-256 point: what PushManager.subscribe takes as applicationServerKey. */
  publicKey: string;
  privateKey: string;
  subject: string;
}

export async function loadVapidKeys(
  db: Db,
  config: Pick<Config, "vapidPublicKey" | "vapidPrivateKey" | "vapidSubject">,
): Promise<VapidKeys> {
  const subject = config.vapidSubject;
  if (config.vapidPublicKey && config.vapidPrivateKey)
    return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey, subject };
  const stored = await getOrCreateServerKey(db, "vapid_keys", () => JSON.stringify(webpush.generateVAPIDKeys()));
  const { publicKey, privateKey } = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey, subject };
}
