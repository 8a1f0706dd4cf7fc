// The one way a login route ends: a new session and the login data every login answers
// (token, expires in ms, is_register, nick_name, user_info). Also the caller's language, which
// several sign-in routes need for messages and new accounts.
import type { Static } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { messageLanguage, type MessageLanguage } from "../../../adapters/messages";
import type { User } from "../../../db/schema";
import { toUserInfo, type LoginData } from "../schemas";
import type { AuthContext } from "../services/auth-context";
import { createSession } from "../services/sessions";
import { LANGUAGE_HEADER } from "../../../../contract/http-headers";

const MAX_USER_AGENT = 512;

export async function startSession(
  ctx: AuthContext,
  request: FastifyRequest,
  user: User,
  isRegister: boolean,
): Promise<Static<typeof LoginData>> {
  const { token } = await createSession(ctx.db, user.id, {
    ttlMs: ctx.config.sessionTtlMs,
    userAgent: request.headers["user-agent"]?.slice(0, MAX_USER_AGENT) ?? null,
  });
  return {
    token,
    expires: ctx.config.sessionTtlMs,
    is_register: isRegister,
    nick_name: user.nickName,
    user_info: toUserInfo(user),
  };
}

/** From an explicit field, else the x-language header (zh_CN, en, vi ...); English by default. */
export function requestLanguage(request: FastifyRequest, explicit?: string): MessageLanguage {
  const header = request.headers[LANGUAGE_HEADER];
  return messageLanguage(explicit || (typeof header === "string" ? header : undefined));
}
