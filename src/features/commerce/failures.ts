// How the commerce screens report a call that failed: a business refusal in the user's language
// (localizedServerMessage), any other failure as the screen's own fallback sentence; as a toast,
// unless the error catalogue already showed the refusal (401, 5xx, network).
import { ApiError } from "../../api/errors";
import { localizedServerMessage } from "../../api/server-messages";
import { showToast } from "../../state/system";

/** The failure's text: the refusal translated, else `fallback`. */
export const failureText = (failure: unknown, fallback: string): string =>
  failure instanceof ApiError ? localizedServerMessage(failure) : fallback;

/** Toasts the failure; without a fallback, only a refusal the catalogue did not already show. */
export function toastFailure(failure: unknown, fallback?: string): void {
  if (failure instanceof ApiError) {
    if (!failure.handled) showToast(localizedServerMessage(failure), "error");
  } else if (fallback !== undefined) {
    showToast(fallback, "error");
  }
}
