// @vitest-environment node
// Password encryption (spec §5) against Node's own RSA-OAEP-SHA256 decryption — the server's
// exact call — for ASCII and non-ASCII passwords; and the pure SHA-256 against node:crypto.
import { constants, createHash, generateKeyPairSync, privateDecrypt, randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { encryptPassword, oaepEncode } from "../../../src/lib/crypto";
import { sha256 } from "../../../src/lib/sha256";

const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const publicPem = publicKey.export({ type: "spki", format: "pem" }).toString();

const decrypt = (base64: string) =>
  privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(base64, "base64")).toString(
    "utf8",
  );

describe("sha256", () => {
  test.each([0, 1, 55, 56, 63, 64, 65, 119, 120, 1000])("matches node:crypto for %i bytes", (length) => {
    const data = randomBytes(length);
    expect(Buffer.from(sha256(data)).toString("hex")).toBe(createHash("sha256").update(data).digest("hex"));
  });

  test("known vector", () => {
    expect(Buffer.from(sha256(new TextEncoder().encode("abc"))).toString("hex")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });
});

describe("encryptPassword", () => {
  test.each(["Secret#2024", "p", "пароль-密码-รหัสผ่าน-mật khẩu", "emoji 🔐✨ and spaces  ", "x".repeat(64)])(
    "Node decrypts %j with RSA-OAEP-SHA256",
    (password) => {
      const cipher = encryptPassword(publicPem, password);
      expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(Buffer.from(cipher, "base64")).toHaveLength(256);
      expect(decrypt(cipher)).toBe(password);
    },
  );

  test("every encryption is different (random seed) and still decrypts", () => {
    const first = encryptPassword(publicPem, "same");
    const second = encryptPassword(publicPem, "same");
    expect(first).not.toBe(second);
    expect([decrypt(first), decrypt(second)]).toEqual(["same", "same"]);
  });

  test("works with a 4096-bit key too", () => {
    const big = generateKeyPairSync("rsa", { modulusLength: 4096 });
    const cipher = encryptPassword(big.publicKey.export({ type: "spki", format: "pem" }).toString(), "long key");
    const plain = privateDecrypt({ key: big.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(cipher, "base64"));
    expect(plain.toString()).toBe("long key");
    // Generating a 4096-bit key takes seconds on a slow or busy machine.
  }, 30_000);

  test("refuses a missing or broken key instead of inventing one", () => {
    expect(() => encryptPassword("", "x")).toThrow();
    expect(() => encryptPassword("-----BEGIN PUBLIC KEY-----\nnot a key\n-----END PUBLIC KEY-----", "x")).toThrow();
  });
});

describe("oaepEncode", () => {
  test("has the RFC 8017 shape and refuses messages that do not fit", () => {
    const encoded = oaepEncode(new Uint8Array([1, 2, 3]), 256, new Uint8Array(32).fill(7));
    expect(encoded).toHaveLength(256);
    expect(encoded[0]).toBe(0);
    expect(() => oaepEncode(new Uint8Array(191), 256, new Uint8Array(32))).toThrow(RangeError);
    expect(() => oaepEncode(new Uint8Array(190), 256, new Uint8Array(32))).not.toThrow();
  });
});
