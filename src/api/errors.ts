// The error catalogue: what the user sees for each failure of an API call. The UI
// side effects are injected so the client stays free of stores and tests can observe them.
import { t } from "@lingui/core/macro";
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

const UPGRADE_CHECK_CODES: readonly number[] = [801, 802, 803];

/** Applies the catalogue's effect for `error`; false when the catalogue has none for it. */
export function applyErrorCatalogue(error: ApiError, context: CatalogueContext, effects: UiEffects): boolean {
  const { code, status, msg } = error;
  if (code === 401 || status === 401) {
    effects.removeToken();
    effects.openLoginDialog();
  } else if (status >= 500 && status <= 599) {
    effects.toast(t`Network connection error (${status})`);
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
