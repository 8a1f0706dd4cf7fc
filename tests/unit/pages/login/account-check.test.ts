// The overseas login form's state machine: on blur an e-mail is checked, an
// unknown one registers and a known one logs in; phones log in without a check; answers for
// an id that has changed since are ignored; a failed check falls back to login.
import { describe, expect, test } from "vitest";
import {
  accountCheckReducer,
  initialAccountCheck,
  type AccountCheckEvent,
  type AccountCheckState,
} from "../../../../src/pages/login/account-check";

const run = (events: AccountCheckEvent[], state: AccountCheckState = initialAccountCheck) =>
  events.reduce(accountCheckReducer, state);

describe("account check", () => {
  test("starts in login mode, nothing checked", () => {
    expect(initialAccountCheck).toEqual({ mode: "login", checkedId: "", checking: false });
  });

  test("a new e-mail: checking, then register", () => {
    const checking = run([{ type: "check", loginId: " new@example.com " }]);
    expect(checking).toEqual({ mode: "login", checkedId: "new@example.com", checking: true });
    expect(run([{ type: "result", loginId: "new@example.com", exists: false }], checking)).toEqual({
      mode: "register",
      checkedId: "new@example.com",
      checking: false,
    });
  });

  test("a known e-mail logs in; going back to it from register mode too", () => {
    const registering = run([
      { type: "check", loginId: "new@example.com" },
      { type: "result", loginId: "new@example.com", exists: false },
    ]);
    expect(
      run(
        [
          { type: "check", loginId: "ann@example.com" },
          { type: "result", loginId: "ann@example.com", exists: true },
        ],
        registering,
      ),
    ).toEqual({ mode: "login", checkedId: "ann@example.com", checking: false });
  });

  test("a phone number logs in at once, leaving register mode", () => {
    const registering = run([
      { type: "check", loginId: "new@example.com" },
      { type: "result", loginId: "new@example.com", exists: false },
    ]);
    expect(run([{ type: "check", loginId: "13812345678" }], registering)).toEqual({
      mode: "login",
      checkedId: "13812345678",
      checking: false,
    });
  });

  test("a late answer for an id that was changed meanwhile is ignored", () => {
    const state = run([
      { type: "check", loginId: "first@example.com" },
      { type: "check", loginId: "second@example.com" },
      { type: "result", loginId: "first@example.com", exists: false },
    ]);
    expect(state).toEqual({ mode: "login", checkedId: "second@example.com", checking: true });
    expect(run([{ type: "failed", loginId: "first@example.com" }], state)).toBe(state);
  });

  test("a failed check falls back to login mode", () => {
    expect(
      run([
        { type: "check", loginId: "new@example.com" },
        { type: "failed", loginId: "new@example.com" },
      ]),
    ).toEqual({ mode: "login", checkedId: "new@example.com", checking: false });
  });
});
