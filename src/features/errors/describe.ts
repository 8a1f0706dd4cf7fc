// Turns a thrown value into the report the server stores (contract/client-errors.ts): name,
// message and the first lines of the stack, clipped, with what could identify a person or a
// visit taken out (query strings, e-mail addresses, phone-like numbers). Pure, for tests.
import {
  CLIENT_ERROR_MESSAGE_MAX,
  CLIENT_ERROR_STACK_MAX,
  type ClientErrorKind,
  type ClientErrorReport,
} from "../../../contract/client-errors";

const STACK_LINES = 8;
/** A query string (at least one name=value) after a URL or path. */
const QUERY = /\?[^\s"'()<>]*=[^\s"'()<>]*/g;
const EMAIL = /[^\s@"'()<>:/]+@[^\s@"'()<>]+\.[a-z]{2,}/gi;
/** Seven or more digits (spaces, dots and dashes between), not a stack's line:column. */
const PHONE = /(?<![:\d])\+?\d(?:[\s.-]?\d){6,}/g;

/** The text without query strings, e-mail addresses or phone numbers. */
export function redact(text: string): string {
  return text.replace(QUERY, "").replace(EMAIL, "[email]").replace(PHONE, "[number]");
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

export function describeError(
  kind: ClientErrorKind,
  error: unknown,
  route: string,
  release: string,
): ClientErrorReport {
  const isError = error instanceof Error;
  const name = isError ? error.name : typeof error;
  const message = isError ? error.message : typeof error === "string" ? error : String(JSON.stringify(error) ?? "");
  const stack =
    isError && typeof error.stack === "string" ? error.stack.split("\n").slice(0, STACK_LINES).join("\n") : "";
  return {
    kind,
    release,
    route,
    name: clip(name, 128),
    message: clip(redact(message), CLIENT_ERROR_MESSAGE_MAX),
    stack: clip(redact(stack), CLIENT_ERROR_STACK_MAX),
  };
}
