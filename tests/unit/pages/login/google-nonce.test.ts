// The redirect flow's per-tab nonce: a fresh random one per start, kept in sessionStorage with
// only its hash handed out; on return it is taken once, and only when the state carries its hash.
import { beforeEach, describe, expect, test } from "vitest";
import { nonceHash, toBase64url } from "../../../../src/lib/google-nonce";
import { ForeignGoogleReturn, NONCE_KEY, newGoogleNonce, takeGoogleNonce } from "../../../../src/pages/login/google";

const stateWith = (hash: string) => `h.${toBase64url(new TextEncoder().encode(JSON.stringify({ nh: hash })))}.s`;

beforeEach(() => sessionStorage.clear());

describe("newGoogleNonce", () => {
  test("keeps a random 256-bit nonce in sessionStorage and answers its hash", () => {
    const hash = newGoogleNonce();
    const nonce = sessionStorage.getItem(NONCE_KEY)!;
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).toBe(nonceHash(nonce));
    expect(hash).not.toBe(nonce);
  });

  test("a new start replaces the nonce", () => {
    const first = newGoogleNonce();
    const second = newGoogleNonce();
    expect(second).not.toBe(first);
    expect(nonceHash(sessionStorage.getItem(NONCE_KEY)!)).toBe(second);
  });
});

describe("takeGoogleNonce", () => {
  test("answers the kept nonce when the state carries its hash, once", () => {
    const hash = newGoogleNonce();
    const nonce = sessionStorage.getItem(NONCE_KEY);
    expect(takeGoogleNonce(stateWith(hash))).toBe(nonce);
    expect(sessionStorage.getItem(NONCE_KEY)).toBeNull();
    expect(() => takeGoogleNonce(stateWith(hash))).toThrow(ForeignGoogleReturn);
  });

  test("refuses a state made for another nonce, and forgets this one", () => {
    newGoogleNonce();
    expect(() => takeGoogleNonce(stateWith(nonceHash("someone else's nonce")))).toThrow(ForeignGoogleReturn);
    expect(sessionStorage.getItem(NONCE_KEY)).toBeNull();
  });

  test("refuses when this tab began no sign-in, or the state is no JWT", () => {
    expect(() => takeGoogleNonce(stateWith(nonceHash("x")))).toThrow(ForeignGoogleReturn);
    newGoogleNonce();
    expect(() => takeGoogleNonce("not-a-jwt")).toThrow(ForeignGoogleReturn);
  });
});
