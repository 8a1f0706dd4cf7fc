// Setting a new password, by code (reset) or signed in (change), each as ONE transaction: the
// new hash and the revocation of sessions commit together or not at all, so a failure between
// them can never leave the old sessions alive beside the new password. A reset also consumes
// its code in that transaction; a refused code is answered after the commit, so its counted
// try stays counted (the 5-try rule must not roll back with the refusal).
import type { Db } from "../../../db/client";
import { authError } from "../errors";
import { clearLoginFailures } from "./login-guard";
import type { LoginId } from "./login-ids";
import { revokeAllSessions, revokeOtherSessions } from "./sessions";
import { findUserByLoginId, setPasswordHash } from "./users";
import { tryConsumeCode, type CodeKeys, type Purpose } from "./verification-codes";

export interface PasswordReset {
  loginId: LoginId;
  purpose: Purpose;
  code: string;
  /** The new password, already checked against the rules and hashed (argon2 runs outside the transaction). */
  passwordHash: string;
  now: Date;
}

/**
 * Consumes the code, stores the new hash, revokes every session of the account and clears its
 * failed logins. Throws the code's refusal, or ACCOUNT_NOT_REGISTERED (the code is used up then,
 * as a right code for an unknown account must not be tried again).
 */
export async function resetPasswordWithCode(db: Db, keys: CodeKeys, reset: PasswordReset): Promise<void> {
  const refusal = await db.transaction(async (tx) => {
    const codeRefusal = await tryConsumeCode(tx, keys, {
      loginId: reset.loginId.value,
      purpose: reset.purpose,
      code: reset.code,
      now: reset.now,
    });
    if (codeRefusal) return codeRefusal;
    const user = await findUserByLoginId(tx, reset.loginId);
    if (!user) return authError("ACCOUNT_NOT_REGISTERED");
    await setPasswordHash(tx, user.id, reset.passwordHash);
    // A reset means the password may be known to someone else: end every session.
    await revokeAllSessions(tx, user.id);
    await clearLoginFailures(tx, reset.loginId.value);
    return null;
  });
  if (refusal) throw refusal;
}

/** A signed-in change: the new hash, and every session but the current one revoked, together. */
export function changePassword(db: Db, userId: number, passwordHash: string, keepToken: string): Promise<void> {
  return db.transaction(async (tx) => {
    await setPasswordHash(tx, userId, passwordHash);
    await revokeOtherSessions(tx, userId, keepToken);
  });
}
