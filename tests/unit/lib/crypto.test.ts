// @vitest-environment node
// Password encryption against Node's own RSA-OAEP-SHA256 decryption — the server's exact call —
// for ASCII and non-ASCII passwords; jsencrypt's internals that crypto.ts builds on (pinned
// version, parsed key, raw public operation), asserted one by one so an upgrade that changes
// them fails here; and noble's SHA-256
// (the padding's hash) against node:crypto.
import { constants, createHash, generateKeyPairSync, privateDecrypt, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { sha256 } from "@noble/hashes/sha2.js";
import { JSEncrypt } from "jsencrypt";
import { describe, expect, test } from "vitest";
import { encryptPassword, oaepEncode, rawPublicKey, type BigIntegerClass } from "../../../src/lib/crypto";

const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const publicPem = publicKey.export({ type: "spki", format: "pem" }).toString();

const decrypt = (base64: string) =>
  privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
    Buffer.from(base64, "base64"),
  ).toString("utf8");

describe("sha256 (@noble/hashes, used by the OAEP padding)", () => {
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

describe("jsencrypt internals used by crypto.ts", () => {
  const jwk = publicKey.export({ format: "jwk" });
  const modulus = BigInt(`0x${Buffer.from(jwk.n!, "base64url").toString("hex")}`);
  const exponent = BigInt(`0x${Buffer.from(jwk.e!, "base64url").toString("hex")}`);
  const modPow = (base: bigint, power: bigint, mod: bigint) => {
    let result = 1n;
    for (let b = base % mod, p = power; p > 0n; p >>= 1n, b = (b * b) % mod) if (p & 1n) result = (result * b) % mod;
    return result;
  };

  test("the version is pinned exactly, and the installed one is that version", () => {
    const pinned = (JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> })
      .dependencies.jsencrypt;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    const installed = (JSON.parse(readFileSync("node_modules/jsencrypt/package.json", "utf8")) as { version: string })
      .version;
    expect(installed).toBe(pinned);
  });

  test("getKey() after setPublicKey() exposes the modulus n as a jsbn BigInteger", () => {
    const rsa = new JSEncrypt();
    rsa.setPublicKey(publicPem);
    const key = rsa.getKey() as unknown as {
      n: { bitLength: () => number; toString: (radix: number) => string };
      doPublic: unknown;
    };
    expect(typeof key.n.bitLength).toBe("function");
    expect(key.n.bitLength()).toBe(2048);
    expect(BigInt(`0x${key.n.toString(16)}`)).toBe(modulus);
    expect(typeof key.doPublic).toBe("function");
  });

  test("the BigInteger constructor reached through n parses hex, and doPublic is the raw m^e mod n", () => {
    const key = rawPublicKey(publicPem);
    const BigInteger = key.n.constructor as BigIntegerClass;
    const message = BigInt(`0x${randomBytes(200).toString("hex")}`);
    const value = new BigInteger(message.toString(16), 16);
    expect(value.toString(16)).toBe(message.toString(16));
    expect(BigInt(`0x${key.doPublic(value).toString(16)}`)).toBe(modPow(message, exponent, modulus));
  });

  test("a broken key leaves n unset (rawPublicKey refuses it)", () => {
    const rsa = new JSEncrypt();
    rsa.setPublicKey("-----BEGIN PUBLIC KEY-----\nnot a key\n-----END PUBLIC KEY-----");
    expect((rsa.getKey() as unknown as { n?: unknown }).n).toBeFalsy();
    expect(() => rawPublicKey("-----BEGIN PUBLIC KEY-----\nnot a key\n-----END PUBLIC KEY-----")).toThrow(
      "Invalid RSA public key",
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
    const plain = privateDecrypt(
      { key: big.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from(cipher, "base64"),
    );
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
