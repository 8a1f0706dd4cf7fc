// Google sign-in: ID tokens verified with jose against Google's JWKS (or the configured one):
// RS256 only, audience = our client id, issuer accounts.google.com, expiry checked. Also the
// redirect flow's pieces: the authorization URL with a signed, short-lived state, and the code
// exchange at the token endpoint. Null when GOOGLE_CLIENT_ID is unset (routes say so).
// Both flows are bound to the browser that started them by a nonce: the browser keeps a random
// nonce and hands out only its hash (base64url SHA-256), which Google copies into the ID
// token's `nonce` claim; the token is accepted only when the browser's nonce hashes to it.
import { createHash, timingSafeEqual } from "node:crypto";
import { createRemoteJWKSet, errors, jwtVerify, SignJWT } from "jose";
import type { Config } from "../config";
import { DomainError } from "../lib/domain-error";
import { authError } from "../modules/accounts/errors";

export const GOOGLE_ISSUERS = ["accounts.google.com", "https://accounts.google.com"];
export const STATE_TTL_SECONDS = 600;
const STATE_AUDIENCE = "shopradar:google-state";
const HTTP_TIMEOUT_MS = 10_000;
const MAX_TOKEN_LENGTH = 8_192;
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

export interface GoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** What the redirect flow carries through Google and back, signed so it cannot be altered. */
export interface SignInState {
  redirectUri: string;
  inviteCode: string | null;
  channelId: number | null;
  /** The hash of the nonce the starting browser keeps (sessionStorage), see hashNonce. */
  nonceHash: string;
}

/** base64url SHA-256 of the browser's nonce: what goes into `state` and Google's `nonce` parameter. */
export function hashNonce(nonce: string): string {
  return createHash("sha256").update(nonce).digest("base64url");
}

/** Constant-time equality of two nonce hashes (any string; different lengths are simply unequal). */
export function sameNonceHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface GoogleSignIn {
  clientId: string;
  /**
   * Verifies the token and that its `nonce` claim is `nonceHash` (GOOGLE_NONCE_INVALID
   * otherwise, also when the claim is missing).
   */
  verifyIdToken: (idToken: string, nonceHash: string, now: Date) => Promise<GoogleIdentity>;
  createState: (state: SignInState, now: Date) => Promise<string>;
  /** Throws GOOGLE_STATE_INVALID for a forged, expired or mismatched state. */
  readState: (token: string, now: Date) => Promise<SignInState>;
  /** Google's `nonce` parameter is the state's nonce hash, so the ID token carries it back. */
  authorizationUrl: (redirectUri: string, state: string, nonceHash: string) => string;
  /** Trades an authorization code for the ID token; throws GOOGLE_NOT_CONFIGURED without a client secret. */
  exchangeCode: (code: string, redirectUri: string) => Promise<string>;
}

type GoogleConfig = Pick<
  Config,
  "googleClientId" | "googleClientSecret" | "googleJwksUrl" | "googleAuthUrl" | "googleTokenUrl"
>;

// Failures on Google's side (or the network), as opposed to a bad token.
function isUnavailable(error: unknown): boolean {
  if (!(error instanceof errors.JOSEError)) return true;
  return (
    error.constructor === errors.JOSEError || error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid
  );
}

export function createGoogleSignIn(config: GoogleConfig, stateSecret: Uint8Array): GoogleSignIn | null {
  const clientId = config.googleClientId;
  if (!clientId) return null;
  const jwks = createRemoteJWKSet(new URL(config.googleJwksUrl), { timeoutDuration: 5_000 });

  return {
    clientId,

    async verifyIdToken(idToken, nonceHash, now) {
      if (idToken.length > MAX_TOKEN_LENGTH || !JWT_SHAPE.test(idToken)) throw authError("GOOGLE_TOKEN_INVALID");
      try {
        const { payload } = await jwtVerify(idToken, jwks, {
          algorithms: ["RS256"],
          audience: clientId,
          issuer: GOOGLE_ISSUERS,
          requiredClaims: ["sub", "exp"],
          currentDate: now,
        });
        if (typeof payload.sub !== "string" || payload.sub === "" || payload.sub.length > 255) {
          throw authError("GOOGLE_TOKEN_INVALID");
        }
        if (typeof payload.nonce !== "string" || !sameNonceHash(payload.nonce, nonceHash)) {
          throw authError("GOOGLE_NONCE_INVALID");
        }
        const email = typeof payload.email === "string" ? payload.email.trim().toLowerCase() : null;
        return {
          sub: payload.sub,
          email,
          emailVerified: email !== null && payload.email_verified === true,
          name: typeof payload.name === "string" ? payload.name.slice(0, 64) : null,
        };
      } catch (error) {
        if (error instanceof DomainError) throw error;
        throw authError(isUnavailable(error) ? "GOOGLE_UNAVAILABLE" : "GOOGLE_TOKEN_INVALID");
      }
    },

    createState({ redirectUri, inviteCode, channelId, nonceHash }, now) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      // `nh` is read by the app on return too (it decodes the payload without checking it).
      return new SignJWT({ ru: redirectUri, ic: inviteCode, cid: channelId, nh: nonceHash })
        .setProtectedHeader({ alg: "HS256" })
        .setAudience(STATE_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + STATE_TTL_SECONDS)
        .sign(stateSecret);
    },

    async readState(token, now) {
      try {
        const { payload } = await jwtVerify(token, stateSecret, {
          algorithms: ["HS256"],
          audience: STATE_AUDIENCE,
          currentDate: now,
        });
        if (typeof payload.ru !== "string") throw new Error("state without redirect_uri");
        if (typeof payload.nh !== "string") throw new Error("state without a nonce hash");
        return {
          redirectUri: payload.ru,
          inviteCode: typeof payload.ic === "string" ? payload.ic : null,
          channelId: typeof payload.cid === "number" ? payload.cid : null,
          nonceHash: payload.nh,
        };
      } catch {
        throw authError("GOOGLE_STATE_INVALID");
      }
    },

    authorizationUrl(redirectUri, state, nonceHash) {
      const url = new URL(config.googleAuthUrl);
      url.searchParams.set("client_id", clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("scope", "openid email profile");
      url.searchParams.set("state", state);
      url.searchParams.set("nonce", nonceHash);
      return url.toString();
    },

    async exchangeCode(code, redirectUri) {
      if (!config.googleClientSecret) throw authError("GOOGLE_NOT_CONFIGURED");
      let response: Response;
      try {
        response = await fetch(config.googleTokenUrl, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body: new URLSearchParams({
            code,
            client_id: clientId,
            client_secret: config.googleClientSecret,
            redirect_uri: redirectUri,
            grant_type: "authorization_code",
          }),
          signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
        });
      } catch {
        throw authError("GOOGLE_UNAVAILABLE");
      }
      // 4xx: the code is bad, used or for another redirect URI; 5xx: Google's trouble.
      if (response.status >= 500) throw authError("GOOGLE_UNAVAILABLE");
      const body = (await response.json().catch(() => null)) as { id_token?: unknown } | null;
      if (!response.ok || typeof body?.id_token !== "string") throw authError("GOOGLE_TOKEN_INVALID");
      return body.id_token;
    },
  };
}
