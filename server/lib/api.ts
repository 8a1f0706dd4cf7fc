// The API's wire contract shared by every route: which paths are API paths, the
// `{code, msg, data}` envelope (code 0 = success) and its TypeBox schemas. Failures are
// DomainErrors (lib/domain-error.ts), which the error handler turns into an envelope.
import { Type, type TSchema } from "@fastify/type-provider-typebox";

/** Paths served by the account service (/v1/user/*) and the data service (/api/v1/*). */
export const API_PREFIXES = ["/v1/", "/api/"] as const;

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/** The path part of a raw request URL (no query string). */
export function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

export const SUCCESS = { code: 0, msg: "success" } as const;

export function ok<T>(data: T): { code: 0; msg: "success"; data: T } {
  return { ...SUCCESS, data };
}

export const ErrorEnvelope = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  data: Type.Null(),
});

export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Literal(0), msg: Type.Literal("success"), data });
}

/** Response schemas for an enveloped route: its success shape plus the shared error shape. */
export function envelopeResponses<T extends TSchema>(data: T) {
  return { 200: Envelope(data), "4xx": ErrorEnvelope, "5xx": ErrorEnvelope };
}
