// The other account screens rendered against a fake account service: password reset (its
// messages, the registered-account check before sending a code, success back to login), the
// Google callback (/auth: only with this browser's nonce), and the Me page's masked account,
// current plan and logout.
import { act } from "react";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { applyLocale } from "../../../../src/i18n/switch-locale";
import { nonceHash, toBase64url } from "../../../../src/lib/google-nonce";
import { activityState, setCurrentComboList } from "../../../../src/state/activity";
import { setLocale, systemState } from "../../../../src/state/system";
import { setSession, userState } from "../../../../src/state/user";
import { decryptPassword, fail, REGISTERED } from "../../helpers/account-server";
import { openPage, setUpAccountTests, type AppView } from "../../helpers/account-tests";
import { click, renderApp, toastTexts, typeInto, waitFor } from "../../helpers/render-app";

const server = await setUpAccountTests();
let view: AppView;

beforeEach(() => sessionStorage.clear());
afterEach(async () => {
  await view?.unmount();
  setLocale("en");
});

const field = (id: string) => view.byTestId(id)!;
const errorOf = (id: string) => view.byTestId(`${id}-error`)?.textContent ?? null;

async function openReset(path = "/reset") {
  view = await openPage(path, "reset-form");
}

/** Types a registered login id, the code, and the new password with its confirmation. */
async function fillReset(code: string, password: string) {
  await typeInto(field("reset-login-id"), REGISTERED);
  await typeInto(field("reset-code"), code);
  await typeInto(field("reset-password"), password);
  await typeInto(field("reset-confirm"), password);
}

describe("reset", () => {
  test("every message of the reset form, the account check before the code, then back to login", async () => {
    await openReset("/reset?fromWebsite=%2Frank");
    await click(field("reset-submit"));
    await waitFor(() => errorOf("reset-login-id"));
    expect(errorOf("reset-login-id")).toBe("Please enter the email");
    expect(errorOf("reset-code")).toBe("Please enter verification code");
    expect(errorOf("reset-password")).toBe("Please enter the password");
    expect(errorOf("reset-confirm")).toBe("Please confirm the password");

    await typeInto(field("reset-login-id"), "13812345678");
    await click(field("reset-send-code"));
    await waitFor(() => errorOf("reset-login-id") === "Please enter the right email");

    await typeInto(field("reset-login-id"), "nobody@example.com");
    await click(field("reset-send-code"));
    await waitFor(() => errorOf("reset-login-id") === "The account is not registered");
    expect(server.calls("/v1/user/ocean/sms/valid-code")).toHaveLength(0);

    await typeInto(field("reset-login-id"), REGISTERED);
    await click(field("reset-send-code"));
    await waitFor(() => toastTexts().includes("Send Success"));
    expect(field("reset-send-code").textContent).toBe("60 s");
    expect(server.body("/v1/user/ocean/sms/valid-code")).toMatchObject({
      login_id: REGISTERED,
      event_type: 10,
      from_system: 14,
    });
    expect(server.calls("/v1/user/ocean/sms/valid-code")[0].headers["x-valid-code-scene"]).toBe("reset");

    await typeInto(field("reset-code"), "112233");
    await typeInto(field("reset-password"), "New-pass-77");
    await typeInto(field("reset-confirm"), "New-pass-78");
    await click(field("reset-submit"));
    await waitFor(() => errorOf("reset-confirm") === "Two inputs don't match");
    expect(server.calls("/v1/user/ocean/phone/password/update")).toHaveLength(0);

    await typeInto(field("reset-confirm"), "New-pass-77");
    await click(field("reset-submit"));
    await waitFor(() => view.location() === "/login?fromWebsite=%2Frank");
    expect(toastTexts()).toContain("Update Success");
    const sent = server.body("/v1/user/ocean/phone/password/update");
    expect(sent).toMatchObject({ from_system: 14, login_id: REGISTERED, valid_code: "112233" });
    expect(decryptPassword(sent.password as string)).toBe("New-pass-77");
  });

  test("a refused reset toasts the server's message and stays", async () => {
    server.replies.set("/v1/user/ocean/phone/password/update", fail(400, 60021, "Incorrect verification code"));
    await openReset();
    await fillReset("000000", "New-pass-77");
    await click(field("reset-submit"));
    await waitFor(() => toastTexts().includes("Incorrect verification code"));
    expect(view.location()).toBe("/reset");
  });

  test("the new password needs 8 to 64 characters before anything is sent", async () => {
    await openReset();
    await fillReset("123456", "Short-1");
    await click(field("reset-submit"));
    await waitFor(() => errorOf("reset-password") === "The password must be at least 8 characters");
    await typeInto(field("reset-password"), "x".repeat(65));
    await typeInto(field("reset-confirm"), "x".repeat(65));
    await click(field("reset-submit"));
    await waitFor(() => errorOf("reset-password") === "The password must be at most 64 characters");
    expect(server.calls("/v1/user/ocean/phone/password/update")).toHaveLength(0);
  });

  test("a refused reset is toasted in the user's language", async () => {
    server.replies.set("/v1/user/ocean/phone/password/update", fail(400, 60021, "Incorrect verification code"));
    await applyLocale("th");
    try {
      await openReset();
      await fillReset("000000", "New-pass-77");
      await click(field("reset-submit"));
      await waitFor(() => toastTexts().includes("รหัสยืนยันไม่ถูกต้อง"));
    } finally {
      await act(() => applyLocale("en"));
    }
  });

  test("the Chinese edition resets by phone or e-mail", async () => {
    systemState.systemId = 13;
    await openReset();
    await typeInto(field("reset-login-id"), "1381234");
    await click(field("reset-send-code"));
    await waitFor(() => errorOf("reset-login-id") === "Incorrect mobile number or email format");
    await typeInto(field("reset-login-id"), "13812345678");
    await click(field("reset-send-code"));
    await waitFor(() => server.calls("/v1/user/ocean/sms/valid-code").length === 1);
    expect(server.body("/v1/user/ocean/sms/valid-code")).toMatchObject({
      login_id: "13812345678",
      event_type: 5,
      from_system: 13,
    });
  });
});

describe("Google callback", () => {
  const NONCE = "this-browsers-nonce-0123456789";
  /** A state as the server makes it (a JWT; only its payload's nonce hash matters here). */
  const stateFor = (nonce: string) =>
    `eyJhbGciOiJIUzI1NiJ9.${toBase64url(new TextEncoder().encode(JSON.stringify({ nh: nonceHash(nonce) })))}.c2ln`;
  const STATE = stateFor(NONCE);

  beforeEach(() => sessionStorage.setItem("google-nonce", NONCE));

  test("exchanges the code once and goes to the target saved before leaving", async () => {
    sessionStorage.setItem("post-login-target", "/rank?type=goods");
    view = await renderApp(`/auth?code=c0de&state=${STATE}`);
    await waitFor(() => view.location() === "/rank?type=goods");
    expect(server.calls("/v1/user/third-login/code-auth/google")).toHaveLength(1);
    const exchange = server.calls("/v1/user/third-login/code-auth/google")[0];
    expect(exchange.query.toString()).toBe("system_id=14");
    expect(JSON.parse(exchange.rawBody)).toEqual({
      code: "c0de",
      state: STATE,
      redirect_uri: `${location.origin}/auth`,
      nonce: NONCE,
    });
    expect(userState.token).toBe("tok-logged-in");
    expect(activityState.currentCombo).toMatchObject({ id: 3 });
    expect(sessionStorage.getItem("post-login-target")).toBeNull();
    expect(sessionStorage.getItem("google-nonce")).toBeNull();
  });

  test.each([
    ["a state made for another browser's nonce", () => stateFor("another-browsers-nonce-012345")],
    ["a state without a nonce hash", () => "eyJhbGciOiJIUzI1NiJ9.e30.c2ln"],
    ["a state that is no JWT", () => "st4te"],
    [
      "no nonce kept in this tab",
      () => {
        sessionStorage.removeItem("google-nonce");
        return STATE;
      },
    ],
  ])("%s is refused before any exchange, with a clear message", async (_, makeState) => {
    view = await renderApp(`/auth?code=stolen&state=${makeState()}`);
    await waitFor(() => view.byTestId("auth-error"));
    expect(field("auth-error").textContent).toBe(
      "This Google sign-in was not started in this browser. Please try again.",
    );
    expect(server.calls("/v1/user/third-login/code-auth/google")).toHaveLength(0);
    expect(userState.token).toBe("");
  });

  test("a failed exchange shows the server's message and a way back to login", async () => {
    server.replies.set(
      "/v1/user/third-login/code-auth/google",
      fail(400, 60052, "The Google sign-in link has expired. Please try again."),
    );
    view = await renderApp(`/auth?code=old&state=${STATE}`);
    await waitFor(() => view.byTestId("auth-error"));
    expect(field("auth-error").textContent).toBe("The Google sign-in link has expired. Please try again.");
    expect(field("auth-back-login").getAttribute("href")).toBe("/login");
    expect(userState.token).toBe("");
  });

  test("the failure follows the user's language, also when it changes afterwards", async () => {
    server.replies.set(
      "/v1/user/third-login/code-auth/google",
      fail(400, 60052, "The Google sign-in link has expired. Please try again."),
    );
    await applyLocale("id");
    try {
      view = await renderApp(`/auth?code=old-id&state=${STATE}`);
      await waitFor(() => view.byTestId("auth-error"));
      expect(field("auth-error").textContent).toBe("Tautan masuk Google sudah kedaluwarsa. Silakan coba lagi.");
      await act(() => applyLocale("zh"));
      await waitFor(() => field("auth-error").textContent === "Google 登录链接已过期，请重试。");
    } finally {
      await act(() => applyLocale("en"));
    }
  });

  test("without a code (cancelled at Google) nothing is sent", async () => {
    view = await renderApp("/auth?error=access_denied");
    await waitFor(() => view.byTestId("auth-error"));
    expect(field("auth-error").textContent).toBe("Google sign-in was cancelled.");
    expect(server.requests).toHaveLength(0);
  });
});

describe("Me page", () => {
  test("signed in: masked e-mail, current plan with end date; logout clears them", async () => {
    setSession({
      token: "tok-me",
      nickName: "annabelle",
      userInfo: {
        userId: 5,
        nickName: "annabelle",
        email: "annabelle@example.com",
        phone: null,
        language: "en",
        systemId: 14,
      },
    });
    setCurrentComboList([{ id: 3, plan: "premium", endTime: "2026-12-01T12:00:00.000Z" }]);
    view = await renderApp("/user");
    await waitFor(() => view.byTestId("me-account"));
    expect(field("me-account").textContent).toBe("ann***@example.com");
    expect(field("me-plan").textContent).toBe("Premium, until Dec 1, 2026");
    await click(field("logout"));
    await waitFor(() => view.byTestId("sign-in-entry"));
    expect(server.calls("/v1/user/logout")[0].headers.authorization).toBe("tok-me");
    expect(view.byTestId("me-account")).toBeNull();
    expect(activityState.currentCombo).toBeNull();
  });

  test("a phone account: no plan line until the plans are known, then the free plan", async () => {
    setSession({
      token: "tok-zh",
      userInfo: { userId: 6, nickName: "138****5678", email: null, phone: "13812345678", language: "zh", systemId: 13 },
    });
    view = await renderApp("/user");
    await waitFor(() => view.byTestId("me-account"));
    expect(field("me-account").textContent).toBe("138****5678");
    expect(view.byTestId("me-plan")).toBeNull();
    await act(async () => setCurrentComboList([]));
    expect(field("me-plan").textContent).toBe("Free plan");
  });
});
