// Password rules and storage. Rules: trimmed, 8-64 characters,
// not one of the bundled common passwords. Storage: argon2id with at least the OWASP minimum
// (19 MiB memory, 2 iterations). Plaintext passwords never leave this module's callers'
// stack frames: nothing here logs.
import { readFileSync } from "node:fs";
import { hash, verify, type Options } from "@node-rs/argon2";
import { authError } from "../errors";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

// Algorithm is an ambient const enum, which isolatedModules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Options["algorithm"];
const ARGON2_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL("../../../assets/common-passwords.txt", import.meta.url), "utf8")
      .split("\n")
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith("#")),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

/** The password as it will be stored (trimmed), or the rule it breaks as an DomainError. */
export function checkPasswordRules(raw: string): string {
  const password = raw.trim();
  // Characters, not UTF-16 units: an emoji counts once.
  const length = [...password].length;
  if (length === 0) throw authError("PASSWORD_REQUIRED");
  if (length < PASSWORD_MIN_LENGTH) throw authError("PASSWORD_TOO_SHORT");
  if (length > PASSWORD_MAX_LENGTH) throw authError("PASSWORD_TOO_LONG");
  if (isCommonPassword(password)) throw authError("PASSWORD_COMMON");
  return password;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verified against when the account does not exist, so a wrong login id takes as long as a
// wrong password and response times do not reveal which accounts exist.
let dummyHash: Promise<string> | undefined;

/** True when `password` matches `storedHash`; with a null hash, spends the same time and fails. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  const target = storedHash ?? (await (dummyHash ??= hashPassword("dummy-password-for-timing")));
  try {
    const matches = await verify(target, password.trim());
    return storedHash !== null && matches;
  } catch {
    return false;
  }
}
