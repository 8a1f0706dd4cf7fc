// How a password travels from the browser: encrypted with the server's RSA public key using
// RSA-OAEP with SHA-256 (OAEP and MGF1 hash SHA-256, empty label), base64 on the wire.
// PKCS#1 v1.5 is deliberately not accepted: it is open to padding-oracle attacks, and Node
// refuses v1.5 private decryption since CVE-2023-46809. Every failure reads the same, so the
// answer tells an attacker nothing about why. See docs/auth.md.
import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  privateDecrypt,
  type KeyObject,
} from "node:crypto";
import { promisify } from "node:util";
import type { Db } from "../../../db/client";
import { authError } from "../errors";
import { getOrCreateServerKey } from "./server-keys";

const generateRsa = promisify(generateKeyPair);
const RSA_BITS = 2048;

export interface PasswordTransport {
  /** SPKI PEM for GET /v1/user/ocean/public-key. */
  publicKeyPem: string;
  /** The password the browser encrypted (not yet trimmed or checked); throws PASSWORD_UNREADABLE. */
  decrypt: (ciphertextBase64: string) => string;
}

async function generatePrivateKeyPem(): Promise<string> {
  const { privateKey } = await generateRsa("rsa", { modulusLength: RSA_BITS });
  return privateKey.export({ type: "pkcs8", format: "pem" }).toString();
}

export function passwordTransportFor(privateKey: KeyObject): PasswordTransport {
  const publicKeyPem = createPublicKey(privateKey).export({ type: "spki", format: "pem" }).toString();
  return {
    publicKeyPem,
    decrypt(ciphertextBase64) {
      try {
        const ciphertext = Buffer.from(ciphertextBase64, "base64");
        const plain = privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
          ciphertext,
        );
        // fatal: a password that is not valid UTF-8 is as unreadable as a bad ciphertext.
        return new TextDecoder("utf-8", { fatal: true }).decode(plain);
      } catch {
        throw authError("PASSWORD_UNREADABLE");
      }
    },
  };
}

export async function loadPasswordTransport(db: Db, configuredPem: string | null): Promise<PasswordTransport> {
  const pem = configuredPem ?? (await getOrCreateServerKey(db, "rsa_private_key", generatePrivateKeyPem));
  return passwordTransportFor(createPrivateKey(pem));
}
