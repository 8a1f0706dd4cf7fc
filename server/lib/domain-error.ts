// DomainError: the one way services, hooks and routes report a failure the caller can act on.
// It carries the envelope code (an HTTP-like code such as 404, or a business code such as
// 60003), a message safe to show and a status hint; only the error handler
// (plugins/error-handler.ts) turns it into an HTTP response, a `{code, msg, data: null}`
// envelope.
export class DomainError extends Error {
  override name = "DomainError";
  /** The HTTP status hint: given for business codes (403, 429, ...), else the code itself. */
  readonly status: number;
  constructor(
    readonly code: number,
    message: string,
    status?: number,
  ) {
    super(message);
    this.status = status ?? (isHttpErrorCode(code) ? code : 400);
  }
}

function isHttpErrorCode(code: number): boolean {
  return code >= 400 && code <= 599;
}

/** Input a caller can correct (a malformed date, an unknown rank type): envelope code 400. */
export class InputError extends DomainError {
  override name = "InputError";
  constructor(message: string) {
    super(400, message);
  }
}

/** A table entry of a module's error catalogue: envelope code, HTTP status and message. */
export interface ErrorEntry {
  status: number;
  code: number;
  msg: string;
}

/** The DomainError of a catalogue entry, with an optional detail after the message. */
export function errorFrom(entry: ErrorEntry, detail?: string): DomainError {
  return new DomainError(entry.code, detail ? `${entry.msg}: ${detail}` : entry.msg, entry.status);
}
