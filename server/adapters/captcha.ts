// Human verification, default provider: a self-hosted ALTCHA proof-of-work (altcha-lib, PoW
// v2, as the `altcha` widget v3 solves it). Challenges are PBKDF2/SHA-256 puzzles signed with
// a server secret and valid 10 minutes; in deterministic mode (a known counter plus a signed
// derived key) verifying costs one key derivation. Nothing here touches the database: replay
// protection and keys live in services/captcha-keys.ts.
import { randomInt } from "node:crypto";
import { createChallenge, verifySolution, type Challenge, type Payload } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

export const CHALLENGE_TTL_MS = 10 * 60_000;
const ALGORITHM = "PBKDF2/SHA-256";
// PBKDF2 iterations per counter step: the work per step; CAPTCHA_MAX_COUNTER sets the steps.
const COST = 1_000;
// Bounds of a payload we even try to decode (real ones are well under 2 KB).
const MAX_PAYLOAD_LENGTH = 8_192;

export interface CaptchaOptions {
  signatureSecret: string;
  keySignatureSecret: string;
  /** The counter is drawn from [maxCounter/4, maxCounter]. */
  maxCounter: number;
}

export interface CaptchaVerdict {
  verified: boolean;
  /** The challenge's id (its nonce), for replay protection; set when verified. */
  challengeId?: string;
}

export interface Captcha {
  createChallenge: (now: Date) => Promise<Challenge>;
  /** `payload` is the widget's base64 JSON `{challenge, solution}`; never throws. */
  verify: (payload: string) => Promise<CaptchaVerdict>;
}

function decodePayload(payload: string): Payload | null {
  if (payload.length === 0 || payload.length > MAX_PAYLOAD_LENGTH) return null;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
    if (typeof decoded !== "object" || decoded === null) return null;
    const { challenge, solution } = decoded as Partial<Payload>;
    if (typeof challenge?.parameters?.nonce !== "string" || typeof challenge.signature !== "string") return null;
    if (typeof solution?.counter !== "number" || typeof solution.derivedKey !== "string") return null;
    // Only our own algorithm: the signature covers it, but refusing early avoids wasted work.
    if (challenge.parameters.algorithm !== ALGORITHM) return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

export function createAltcha(options: CaptchaOptions): Captcha {
  const minCounter = Math.max(1, Math.floor(options.maxCounter / 4));
  return {
    createChallenge(now) {
      return createChallenge({
        algorithm: ALGORITHM,
        cost: COST,
        counter: randomInt(minCounter, options.maxCounter + 1),
        deriveKey,
        expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
        hmacSignatureSecret: options.signatureSecret,
        hmacKeySignatureSecret: options.keySignatureSecret,
      });
    },
    async verify(payload) {
      const decoded = decodePayload(payload);
      if (!decoded) return { verified: false };
      try {
        const result = await verifySolution({
          challenge: decoded.challenge,
          solution: decoded.solution,
          deriveKey,
          hmacSignatureSecret: options.signatureSecret,
          hmacKeySignatureSecret: options.keySignatureSecret,
        });
        return result.verified
          ? { verified: true, challengeId: decoded.challenge.parameters.nonce }
          : { verified: false };
      } catch {
        return { verified: false };
      }
    },
  };
}
