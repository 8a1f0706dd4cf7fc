// Demo accounts of demo mode (DEMO_MODE; on for the embedded default without DATABASE_URL):
// one per plan plus a Chinese-edition phone account, all with the same published password,
// created at boot when missing (app.ts), never outside demo mode. This list is the one the
// README quotes.
import type { Db } from "../../../db/client";
import type { Plan } from "../../../db/schema";
import { parseLoginId } from "./login-ids";
import { grantMembership } from "./memberships";
import { hashPassword } from "./passwords";
import { createUserIfNew, findUserByLoginId } from "./users";

export const DEMO_PASSWORD = "ShopRadar-demo-2026";
// Far enough ahead to never run out during a demo.
export const DEMO_MEMBERSHIP_END = new Date("2099-12-31T23:59:59Z");

export interface DemoAccount {
  /** E-mail or mainland phone number. */
  loginId: string;
  plan: Plan | null;
  systemId: 13 | 14;
  language: string;
  nickName: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { loginId: "free@shopradar.demo", plan: null, systemId: 14, language: "en", nickName: "Demo Free" },
  { loginId: "basic@shopradar.demo", plan: "basic", systemId: 14, language: "en", nickName: "Demo Basic" },
  { loginId: "premium@shopradar.demo", plan: "premium", systemId: 14, language: "en", nickName: "Demo Premium" },
  { loginId: "pro@shopradar.demo", plan: "pro", systemId: 14, language: "en", nickName: "Demo Pro" },
  { loginId: "13800138000", plan: "basic", systemId: 13, language: "zh", nickName: "演示账号" },
];

/** Creates the missing demo accounts; safe to run at every boot and from several instances. */
export async function ensureDemoAccounts(db: Db, now: Date): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const loginId = parseLoginId(account.loginId);
    if (await findUserByLoginId(db, loginId)) continue;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db.transaction(async (tx) => {
      const user = await createUserIfNew(tx, {
        [loginId.kind]: loginId.value,
        passwordHash,
        nickName: account.nickName,
        language: account.language,
        systemId: account.systemId,
      });
      if (user && account.plan) {
        await grantMembership(tx, {
          userId: user.id,
          plan: account.plan,
          source: "demo",
          startsAt: now,
          endsAt: DEMO_MEMBERSHIP_END,
        });
      }
    });
  }
}
