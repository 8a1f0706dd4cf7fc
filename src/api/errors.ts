// The error catalogue: what the user sees for each failure of an API call. The UI
// side effects are injected so the client stays free of stores and tests can observe them.
import { plural, t } from "@lingui/core/macro";
import type { UpgradeCheckCode } from "../state/price";

/** Code of an ApiError when no response arrived at all (network failure or time-out). */
export const NO_RESPONSE = -1;
/** Code of an ApiError when a 2xx response was not a {code, msg, data} envelope. */
export const INVALID_RESPONSE = -2;

export class ApiError extends Error {
  override readonly name = "ApiError";
  /** The error catalogue already showed the user something (a toast or a dialog). */
  handled = false;
  constructor(
    readonly code: number,
    readonly msg: string,
    /** HTTP status; 0 when no response arrived. */
    readonly status: number,
    /** The envelope's `data` of a refused call, camelCased (70010 names the open order). */
    readonly data?: unknown,
  ) {
    super(`API error ${code}${status ? ` (HTTP ${status})` : ""}: ${msg}`);
  }
}

export interface UiEffects {
  removeToken: () => void;
  openLoginDialog: () => void;
  toast: (message: string) => void;
  raiseUpgradeCheck: (code: UpgradeCheckCode) => void;
  raiseGoogleCheck: () => void;
}

export interface CatalogueContext {
  loggedIn: boolean;
  /** E-mail login and register ignore the Google verification check (60078). */
  silentGoogleCheck?: boolean;
}

/**
 * Code (and HTTP status) of an answer over a rate limit (server/plugins/rate-limit.ts). The
 * business codes that also answer HTTP 429 (60024 and the other code limits) keep their own
 * messages, so the rule keys on the code.
 */
export const RATE_LIMITED = 429;

/**
 * The rate-limit answer in the user's language, with the seconds the server's English message
 * ("Too many requests. Please try again in N seconds.") carries; a minute when it has none.
 */
export function rateLimitedMessage(serverMsg: string): string {
  const seconds = Number(/\d+/.exec(serverMsg)?.[0] ?? 60);
  return t`${plural(seconds, {
    one: "Too many requests. Please try again in # second.",
    other: "Too many requests. Please try again in # seconds.",
  })}`;
}

const UPGRADE_CHECK_CODES: readonly number[] = [801, 802, 803];

/** Applies the catalogue's effect for `error`; false when the catalogue has none for it. */
export function applyErrorCatalogue(error: ApiError, context: CatalogueContext, effects: UiEffects): boolean {
  const { code, status, msg } = error;
  if (code === 401 || status === 401) {
    effects.removeToken();
    effects.openLoginDialog();
  } else if (status >= 500 && status <= 599) {
    effects.toast(t`Network connection error (${status})`);
  } else if (code === RATE_LIMITED) {
    effects.toast(rateLimitedMessage(msg));
  } else if (code === NO_RESPONSE) {
    effects.toast(t`Network connection error`);
  } else if (code === 60003) {
    effects.toast(t`The number of monitored accounts has reached the limit`);
  } else if (UPGRADE_CHECK_CODES.includes(code)) {
    // Before the 403 rule: the data service sends these plan limits with HTTP status 403.
    if (context.loggedIn) effects.raiseUpgradeCheck(code as UpgradeCheckCode);
    else effects.openLoginDialog();
  } else if (code === 60056 || code === 403 || status === 403) {
    if (!msg) return false;
    effects.toast(msg);
  } else if (code === 60078 && !context.silentGoogleCheck) {
    effects.raiseGoogleCheck();
  } else {
    return false;
  }
  return true;
}
