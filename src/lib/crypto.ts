// Password encryption for the wire (passwords are encrypted with the server's public key before
// sending): RSA-OAEP with SHA-256 for both the OAEP hash and MGF1, empty label, base64
// ciphertext — what the server decrypts with Node's RSA_PKCS1_OAEP_PADDING. PKCS#1 v1.5 is
// avoided on purpose (padding oracles; Node refuses it since CVE-2023-46809), and jsencrypt's
// own OAEP helper mangles non-ASCII text, so the padding is built here and jsencrypt only
// parses the PEM key and performs the raw public operation, through internals that are not in
// its typings: jsencrypt is pinned to one exact version in package.json, and
// tests/unit/lib/crypto.test.ts asserts each internal used here, so an upgrade that changes them
// fails there. SHA-256 comes from @noble/hashes: MGF1 needs it synchronously, and WebCrypto is
// asynchronous (and missing outside secure contexts, e.g. plain http on a LAN address).
import { sha256 } from "@noble/hashes/sha2.js";
import { JSEncrypt } from "jsencrypt";

const HASH_LENGTH = 32;
/** SHA-256 of the empty label. */
const EMPTY_LABEL_HASH = sha256(new Uint8Array(0));

/** MGF1 (RFC 8017 B.2.1) with SHA-256: `length` mask bytes derived from `seed`. */
function mgf1(seed: Uint8Array, length: number): Uint8Array {
  const mask = new Uint8Array(Math.ceil(length / HASH_LENGTH) * HASH_LENGTH);
  const input = new Uint8Array(seed.length + 4);
  input.set(seed);
  for (let counter = 0; counter * HASH_LENGTH < length; counter++) {
    new DataView(input.buffer).setUint32(seed.length, counter);
    mask.set(sha256(input), counter * HASH_LENGTH);
  }
  return mask.subarray(0, length);
}

const xor = (data: Uint8Array, mask: Uint8Array) => data.map((byte, i) => byte ^ mask[i]);

/**
 * EME-OAEP encoding (RFC 8017 7.1.1) of `message` for a `keyLength`-byte modulus, with an
 * explicit seed so the encoding can be tested; throws RangeError when the message is too long.
 */
export function oaepEncode(message: Uint8Array, keyLength: number, seed: Uint8Array): Uint8Array {
  const maxLength = keyLength - 2 * HASH_LENGTH - 2;
  if (message.length > maxLength) throw new RangeError(`Message of ${message.length} bytes exceeds ${maxLength} bytes`);
  // DB = lHash || PS (zeros) || 0x01 || M
  const db = new Uint8Array(keyLength - HASH_LENGTH - 1);
  db.set(EMPTY_LABEL_HASH);
  db[db.length - message.length - 1] = 0x01;
  db.set(message, db.length - message.length);
  const maskedDb = xor(db, mgf1(seed, db.length));
  const maskedSeed = xor(seed, mgf1(maskedDb, HASH_LENGTH));
  // EM = 0x00 || maskedSeed || maskedDB
  const encoded = new Uint8Array(keyLength);
  encoded.set(maskedSeed, 1);
  encoded.set(maskedDb, 1 + HASH_LENGTH);
  return encoded;
}

/** The parts of jsbn's BigInteger used here (jsencrypt exports the class only through a key). */
export interface BigIntegerLike {
  toString: (radix: number) => string;
  bitLength: () => number;
}
export type BigIntegerClass = new (value: string, radix: number) => BigIntegerLike;

/** jsencrypt's key object; `n` and `doPublic` are public at runtime but not in its typings. */
export interface RawPublicKey {
  n: BigIntegerLike;
  doPublic: (value: BigIntegerLike) => BigIntegerLike;
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");

function hexToBase64(hex: string): string {
  let binary = "";
  for (let i = 0; i < hex.length; i += 2) binary += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return btoa(binary);
}

/** jsencrypt's parsed key for a PEM public key (its internals: see the header). */
export function rawPublicKey(publicKeyPem: string): RawPublicKey {
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKeyPem);
  const key = rsa.getKey() as unknown as RawPublicKey;
  if (!key.n) throw new Error("Invalid RSA public key");
  return key;
}

/** Encrypts a password (as UTF-8) for the server holding the private half of `publicKeyPem`. */
export function encryptPassword(publicKeyPem: string, password: string): string {
  // An empty key would make jsencrypt generate a key pair of its own: refuse it first.
  if (!publicKeyPem.trim()) throw new Error("Missing RSA public key");
  const key = rawPublicKey(publicKeyPem);
  const keyLength = (key.n.bitLength() + 7) >> 3;
  const seed = crypto.getRandomValues(new Uint8Array(HASH_LENGTH));
  const encoded = oaepEncode(new TextEncoder().encode(password), keyLength, seed);
  const BigInteger = key.n.constructor as BigIntegerClass;
  const cipher = key.doPublic(new BigInteger(toHex(encoded), 16));
  return hexToBase64(cipher.toString(16).padStart(keyLength * 2, "0"));
}
