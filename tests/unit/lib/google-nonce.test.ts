// The Google sign-in nonce helpers: the hash matches the server's (Node's base64url SHA-256),
// and the nonce hash is read from a state's JWT payload, or null for anything else.
import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { nonceHash, stateNonceHash, toBase64url } from "../../../src/lib/google-nonce";

const encode = (value: unknown) => toBase64url(new TextEncoder().encode(JSON.stringify(value)));

describe("nonceHash", () => {
  test.each(["abc", "x".repeat(43), "ünïcödé-nonce"])("equals the server's hash of %s", (nonce) => {
    expect(nonceHash(nonce)).toBe(createHash("sha256").update(nonce).digest("base64url"));
  });

  test("base64url without padding", () => {
    expect(toBase64url(new Uint8Array([251, 255, 191]))).toBe("-_-_");
    expect(toBase64url(new Uint8Array([1]))).toBe("AQ");
  });
});

describe("stateNonceHash", () => {
  test("reads nh from the payload", () => {
    expect(stateNonceHash(`h.${encode({ ru: "https://x/auth", nh: "abc_-" })}.s`)).toBe("abc_-");
  });

  test.each([
    ["no nh", `h.${encode({ ru: "x" })}.s`],
    ["nh not a string", `h.${encode({ nh: 5 })}.s`],
    ["a payload that is not JSON", "h.bm90IGpzb24.s"],
    ["a payload that is not base64", "h.%%%.s"],
    ["no payload", "justonepart"],
    ["a JSON null payload", `h.${encode(null)}.s`],
  ])("null for %s", (_, state) => {
    expect(stateNonceHash(state)).toBeNull();
  });
});
