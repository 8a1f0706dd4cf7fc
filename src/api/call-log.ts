// The last API calls of this page, for the debug panel (features/debug): a ring buffer of the
// newest CALL_LOG_SIZE calls the client made, each with its method, path, HTTP status, envelope
// code and duration. Query values are never kept (a search keyword or an e-mail could be
// personal): only the names of the query's keys, as `?keyword=…`. Memory only, never sent.

export const CALL_LOG_SIZE = 30;

export interface ApiCallRecord {
  method: string;
  /** The path without query values. */
  path: string;
  /** 0 when no answer came. */
  status: number;
  /** The envelope's code (or the client's own code for no or an invalid answer). */
  code: number;
  durationMs: number;
  /** When it ended (ms since the epoch). */
  at: number;
}

const calls: ApiCallRecord[] = [];

/** `path` with every query value (in it or in `query`) replaced by "…". */
export function redactedPath(path: string, query?: Record<string, unknown>): string {
  const [bare, inline = ""] = path.split("?", 2);
  const keys = inline ? inline.split("&").map((pair) => pair.split("=")[0]) : [];
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) keys.push(key);
  return keys.length ? `${bare}?${keys.map((key) => `${key}=…`).join("&")}` : bare;
}

export function recordApiCall(call: ApiCallRecord): void {
  calls.push(call);
  if (calls.length > CALL_LOG_SIZE) calls.shift();
}

/** The recorded calls, newest first. */
export const recentApiCalls = (): ApiCallRecord[] => calls.slice().reverse();
