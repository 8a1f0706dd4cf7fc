// Passwords on the wire and at login: the RSA public key the browser encrypts with
// (GET /v1/user/ocean/public-key), account + password login (POST .../password/login-auth,
// loginType 2, guarded by the failure counter and captcha), and password reset by code or
// change by a signed-in user (POST .../password/update).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { envelopeResponses, ok } from "../../../lib/api";
import { authError } from "../errors";
import { CaptchaKey, ChannelId, EncryptedPassword, FromSystem, LoginData, LoginIdField, ValidCode } from "../schemas";
import type { AuthContext } from "../services/auth-context";
import { loginSucceeded, reserveLoginAttempt } from "../services/login-guard";
import { parseLoginId } from "../services/login-ids";
import { changePassword, resetPasswordWithCode } from "../services/password-changes";
import { checkPasswordRules, hashPassword, verifyPassword } from "../services/passwords";
import { findUserByLoginId } from "../services/users";
import { purposeForSystem } from "../services/verification-codes";
import { startSession } from "./login-data";

const LOGIN_TYPE_PASSWORD = 2;

const LoginBody = Type.Object({
  from_system: Type.Optional(FromSystem),
  login_id: LoginIdField,
  password: EncryptedPassword,
  login_type: Type.Literal(LOGIN_TYPE_PASSWORD),
  channel_id: Type.Optional(ChannelId),
  recaptcha_key: Type.Optional(CaptchaKey),
});

const UpdateBody = Type.Object({
  from_system: Type.Optional(FromSystem),
  login_id: LoginIdField,
  valid_code: Type.Optional(ValidCode),
  password: EncryptedPassword,
  /** For a signed-in change without a code: the current password, encrypted the same way. */
  old_password: Type.Optional(EncryptedPassword),
  recaptcha_key: Type.Optional(CaptchaKey),
});

export const passwordRoutes: FastifyPluginAsyncTypebox<{ ctx: AuthContext }> = async (app, { ctx }) => {
  app.get(
    "/v1/user/ocean/public-key",
    { schema: { response: envelopeResponses(Type.Object({ public_key: Type.String() })) } },
    async () => ok({ public_key: ctx.passwords.publicKeyPem }),
  );

  app.post(
    "/v1/user/ocean/phone/password/login-auth",
    { schema: { body: LoginBody, response: envelopeResponses(LoginData) } },
    async (request) => {
      const { body } = request;
      const loginId = parseLoginId(body.login_id);
      const password = ctx.passwords.decrypt(body.password);
      const user = await findUserByLoginId(ctx.db, loginId);
      if (user && user.passwordHash === null && user.googleSub !== null) throw authError("GOOGLE_CHECK");
      // The slot is reserved (counted as a failure) before argon2 runs: see services/login-guard.ts.
      const attempt = await reserveLoginAttempt(ctx.db, {
        loginId: loginId.value,
        ip: request.ip,
        now: ctx.now(),
        captchaKey: body.recaptcha_key,
      });
      if (!(await verifyPassword(user?.passwordHash ?? null, password))) throw authError("WRONG_PASSWORD");
      await loginSucceeded(ctx.db, attempt);
      return ok(await startSession(ctx, request, user!, false));
    },
  );

  app.post(
    "/v1/user/ocean/phone/password/update",
    { schema: { body: UpdateBody, response: envelopeResponses(Type.Null()) } },
    async (request) => {
      const { body } = request;
      const loginId = parseLoginId(body.login_id);
      // Rules first: a weak new password must not cost the user their code.
      const password = checkPasswordRules(ctx.passwords.decrypt(body.password));
      const now = ctx.now();

      if (body.valid_code?.trim()) {
        await resetPasswordWithCode(ctx.db, ctx.codeKeys, {
          loginId,
          purpose: purposeForSystem(body.from_system ?? request.systemId),
          code: body.valid_code,
          passwordHash: await hashPassword(password),
          now,
        });
        return ok(null);
      }

      const user = request.user;
      if (!user || !body.old_password) throw authError("CODE_REQUIRED");
      if (user[loginId.kind] !== loginId.value) throw authError("WRONG_PASSWORD");
      const oldPassword = ctx.passwords.decrypt(body.old_password);
      const attempt = await reserveLoginAttempt(ctx.db, {
        loginId: loginId.value,
        ip: request.ip,
        now,
        captchaKey: body.recaptcha_key,
      });
      if (!(await verifyPassword(user.passwordHash, oldPassword))) throw authError("WRONG_PASSWORD");
      await loginSucceeded(ctx.db, attempt);
      await changePassword(ctx.db, user.id, await hashPassword(password), request.sessionToken!);
      return ok(null);
    },
  );
};
