// The accounts module: sign-in and sessions (verification codes, passwords, captcha, Google,
// WeChat, QR login), memberships, the support contact and the caller's IP region. Registers its routes
// as one Fastify plugin; other modules and the app reach accounts only through the exports
// below.
import type { FastifyPluginAsync } from "fastify";
import { captchaRoutes } from "./routes/captcha";
import { comboRoutes } from "./routes/combo";
import { emailRegisterRoutes } from "./routes/email-register";
import { googleRoutes } from "./routes/google";
import { ipRegionRoutes } from "./routes/ip-region";
import { passwordRoutes } from "./routes/password";
import { phoneCodeLoginRoutes } from "./routes/phone-code-login";
import { qrLoginRoutes } from "./routes/qr-login";
import { sessionRoutes } from "./routes/session";
import { supportContactRoutes } from "./routes/support-contact";
import { verificationCodeRoutes } from "./routes/verification-code";
import { wechatRoutes } from "./routes/wechat";
import { wechatWebRoutes } from "./routes/wechat-web";
import type { AuthContext } from "./services/auth-context";

export { AUTH_ERRORS, authError, resendTooSoon, type AuthErrorName } from "./errors";
export type { OnUserRegistered, UserRegistered } from "./services/auth-context";
export { Text } from "./schemas";
export { createAuthContext, type AuthContext } from "./services/auth-context";
export { DEMO_PASSWORD, ensureDemoAccounts } from "./services/demo-accounts";
export { normalizeEmail, normalizePhone } from "./services/login-ids";
export {
  activeMemberships,
  daysToEnd,
  endPeriodsAt,
  extendablePeriodEnd,
  grantMembership,
} from "./services/memberships";
export { accountPurgeTasks } from "./services/purge";
export { getOrCreateServerKey, loadSecrets } from "./services/server-keys";
export { resolveSession } from "./services/sessions";
export { newInviteCode } from "./services/users";

export interface AccountsOptions {
  auth: AuthContext;
}

const SIGN_IN_ROUTES = [
  verificationCodeRoutes,
  phoneCodeLoginRoutes,
  passwordRoutes,
  emailRegisterRoutes,
  googleRoutes,
  wechatRoutes,
  wechatWebRoutes,
  captchaRoutes,
  qrLoginRoutes,
  supportContactRoutes,
  comboRoutes,
];

export const accountsModule: FastifyPluginAsync<AccountsOptions> = async (app, { auth }) => {
  await app.register(sessionRoutes, { db: auth.db });
  await app.register(ipRegionRoutes);
  for (const routes of SIGN_IN_ROUTES) await app.register(routes, { ctx: auth });
};
