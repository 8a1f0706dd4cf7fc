// The overseas login form's account check: when the login id loses focus, an
// e-mail is looked up — unknown means the form registers (code field, policy required),
// known means it logs in. Phone numbers only log in. A result for an id that has since
// changed is ignored.
import { useCallback, useReducer, useRef } from "react";
import { accountExists } from "../../api/auth";
import { isEmail } from "../../lib/validate";

export type AccountMode = "login" | "register";

export interface AccountCheckState {
  mode: AccountMode;
  /** The (trimmed) login id the mode belongs to; "" before the first check. */
  checkedId: string;
  checking: boolean;
}

export type AccountCheckEvent =
  | { type: "check"; loginId: string }
  | { type: "result"; loginId: string; exists: boolean }
  | { type: "failed"; loginId: string };

export const initialAccountCheck: AccountCheckState = { mode: "login", checkedId: "", checking: false };

export function accountCheckReducer(state: AccountCheckState, event: AccountCheckEvent): AccountCheckState {
  const loginId = event.loginId.trim();
  switch (event.type) {
    case "check":
      // Only e-mail addresses register, so anything else logs in without asking.
      return isEmail(loginId)
        ? { ...state, checkedId: loginId, checking: true }
        : { mode: "login", checkedId: loginId, checking: false };
    case "result":
      if (loginId !== state.checkedId) return state;
      return { mode: event.exists ? "login" : "register", checkedId: loginId, checking: false };
    case "failed":
      // The login attempt will tell the user if the account is unknown.
      if (loginId !== state.checkedId) return state;
      return { mode: "login", checkedId: loginId, checking: false };
  }
}

/**
 * The form's mode and `check(loginId)`, which looks an id up once: checking the same id again
 * (blur, then submit) reuses the answer, or waits for the lookup still under way.
 */
export function useAccountCheck(): AccountCheckState & { check: (loginId: string) => Promise<AccountMode> } {
  const [state, dispatch] = useReducer(accountCheckReducer, initialAccountCheck);
  const lookup = useRef<{ loginId: string; mode: Promise<AccountMode> } | null>(null);

  const check = useCallback((raw: string): Promise<AccountMode> => {
    const loginId = raw.trim();
    if (lookup.current?.loginId === loginId) return lookup.current.mode;
    dispatch({ type: "check", loginId });
    const mode: Promise<AccountMode> = !isEmail(loginId)
      ? Promise.resolve("login")
      : accountExists(loginId).then(
          (exists) => {
            dispatch({ type: "result", loginId, exists });
            return exists ? "login" : "register";
          },
          () => {
            dispatch({ type: "failed", loginId });
            if (lookup.current?.loginId === loginId) lookup.current = null; // ask again next time
            return "login";
          },
        );
    lookup.current = { loginId, mode };
    return mode;
  }, []);

  return { ...state, check };
}
