// The overseas login page rendered for real against a fake account service:
// the blur check choosing register or login, spec messages, the code countdown, the shaking
// policy, registration with the scene's invite code and channel, password login, the captcha
// round trip on 60077, and the Google button's two states.
import { act } from "react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { applyLocale } from "../../../../src/i18n/switch-locale";
import { getCookie, removeCookie } from "../../../../src/platform/cookies";
import { nonceHash } from "../../../../src/lib/google-nonce";
import { activityState, NEW_REGISTRATION_KEY } from "../../../../src/state/activity";
import { CAPTCHA_KEY_COOKIE, closeCaptcha, hideGoogleCheck, userState } from "../../../../src/state/user";
import { decryptPassword, fail, REGISTERED } from "../../helpers/account-server";
import { openPage, setUpAccountTests, type AppView } from "../../helpers/account-tests";
import { blur, click, toastTexts, typeInto, waitFor } from "../../helpers/render-app";

const server = await setUpAccountTests();
let view: AppView;

beforeEach(() => {
  closeCaptcha();
  hideGoogleCheck();
  removeCookie(CAPTCHA_KEY_COOKIE);
  localStorage.clear();
});
afterEach(() => view?.unmount());

const field = (id: string) => view.byTestId(id)!;
const errorOf = (id: string) => view.byTestId(`${id}-error`)?.textContent ?? null;
const submit = () => click(field("login-submit"));

async function open(path = "/login") {
  view = await openPage(path, "login-form");
}

describe("registration of a new e-mail", () => {
  test("blur switches to register mode; code, policy, then sign-up lands on the previous page signed in", async () => {
    userState.previousPage = "/rank";
    await open("/login?ic=FRIEND7&cid=4");
    expect(view.byTestId("login-code")).toBeNull();

    await typeInto(field("login-id"), "  newcomer@example.com ");
    await blur(field("login-id"));
    await waitFor(() => view.byTestId("login-code"));
    expect(field("login-form").dataset.mode).toBe("register");
    expect(server.calls("/v1/user/ocean/exist-user/").at(-1)!.query.get("account")).toBe("newcomer@example.com");

    await click(field("login-send-code"));
    await waitFor(() => field("login-send-code").textContent === "60 s");
    expect(field("login-send-code").hasAttribute("disabled")).toBe(true);
    expect(server.body("/v1/user/ocean/sms/valid-code")).toEqual({
      login_id: "newcomer@example.com",
      event_type: 10,
      from_system: 14,
      language: "en",
    });
    expect(server.calls("/v1/user/ocean/sms/valid-code")[0].headers["x-valid-code-scene"]).toBe("register");
    expect(toastTexts()).toContain("Send Success");

    await submit();
    await waitFor(() => errorOf("login-password"));
    expect(errorOf("login-password")).toBe("Please set your password");
    expect(errorOf("login-code")).toBe("Please Enter Code");

    await typeInto(field("login-password"), "Fresh-pass-9");
    await typeInto(field("login-code"), " 123456 ");
    await submit();
    await waitFor(() => field("login-agree-row").classList.contains("agreement--shake"));
    expect(server.calls("/v1/user/ocean/email/code/register")).toHaveLength(0);
    await act(async () => field("login-agree-row").dispatchEvent(new Event("animationend", { bubbles: true })));
    expect(field("login-agree-row").classList.contains("agreement--shake")).toBe(false);

    await click(field("login-agree"));
    await submit();
    await waitFor(() => view.location() === "/rank");
    const sent = server.body("/v1/user/ocean/email/code/register");
    expect(sent).toMatchObject({
      from_system: 14,
      email: "newcomer@example.com",
      valid_code: "123456",
      channel_id: 4,
      invite_code: "FRIEND7",
    });
    expect(decryptPassword(sent.password as string)).toBe("Fresh-pass-9");
    expect(userState).toMatchObject({ token: "tok-registered", email: "annabelle@example.com", isRegister: true });
    expect(getCookie("token")).toBe("tok-registered");
    expect(activityState.currentCombo).toMatchObject({ id: 3, plan: "basic" });
    expect(localStorage.getItem(NEW_REGISTRATION_KEY)).toBe("1");
  });

  test("registration asks for 8 to 64 characters before sending anything", async () => {
    await open();
    await typeInto(field("login-id"), "newcomer@example.com");
    await blur(field("login-id"));
    await waitFor(() => view.byTestId("login-code"));
    await typeInto(field("login-code"), "123456");
    await click(field("login-agree"));

    await typeInto(field("login-password"), " Short-1 ");
    await submit();
    await waitFor(() => errorOf("login-password") === "The password must be at least 8 characters");
    await typeInto(field("login-password"), "x".repeat(65));
    await submit();
    await waitFor(() => errorOf("login-password") === "The password must be at most 64 characters");
    expect(server.calls("/v1/user/ocean/email/code/register")).toHaveLength(0);

    await typeInto(field("login-password"), "Fresh-pass-9");
    await submit();
    await waitFor(() => server.calls("/v1/user/ocean/email/code/register").length === 1);
    expect(errorOf("login-password")).toBeNull();
  });

  test("a refused code request toasts the server's message and starts no countdown", async () => {
    server.replies.set(
      "/v1/user/ocean/sms/valid-code",
      fail(429, 60024, "Please wait 42 seconds before requesting another code"),
    );
    await open();
    await typeInto(field("login-id"), "newcomer@example.com");
    await blur(field("login-id"));
    await click(await waitFor(() => view.byTestId("login-send-code")));
    await waitFor(() => toastTexts().includes("Please wait 42 seconds before requesting another code"));
    expect(field("login-send-code").textContent).toBe("Get code");
  });

  test("the server's message is toasted in the user's language, seconds included", async () => {
    server.replies.set(
      "/v1/user/ocean/sms/valid-code",
      fail(429, 60024, "Please wait 42 seconds before requesting another code"),
    );
    await applyLocale("vi");
    try {
      await open();
      await typeInto(field("login-id"), "newcomer@example.com");
      await blur(field("login-id"));
      await click(await waitFor(() => view.byTestId("login-send-code")));
      await waitFor(() => toastTexts().includes("Vui lòng đợi 42 giây trước khi yêu cầu mã mới"));
    } finally {
      await act(() => applyLocale("en"));
    }
  });
});

describe("login", () => {
  test("spec messages for the login id, then a password login going home because of ?from", async () => {
    userState.previousPage = "/rank";
    await open("/login?from=%2FgoodsDetail");
    await submit();
    await waitFor(() => errorOf("login-id"));
    expect(errorOf("login-id")).toBe("Enter your mobile number or email address");
    await typeInto(field("login-id"), "not-an-address");
    await submit();
    await waitFor(() => errorOf("login-id") === "Mobile number or email format is incorrect");

    await typeInto(field("login-id"), REGISTERED);
    await submit();
    await waitFor(() => errorOf("login-password") === "Please set your password");
    expect(errorOf("login-id")).toBeNull();
    expect(view.byTestId("login-code")).toBeNull();
    expect(field("login-form").dataset.mode).toBe("login");

    await typeInto(field("login-password"), "Secret-1");
    await submit();
    await waitFor(() => view.location() === "/");
    expect(server.calls("/v1/user/ocean/exist-user/")).toHaveLength(1);
    const sent = server.body("/v1/user/ocean/phone/password/login-auth");
    expect(sent).toMatchObject({ from_system: 14, login_id: REGISTERED, login_type: 2, channel_id: 1 });
    expect(decryptPassword(sent.password as string)).toBe("Secret-1");
    expect(userState.token).toBe("tok-logged-in");
    expect(localStorage.getItem(NEW_REGISTRATION_KEY)).toBeNull();
  });

  test("login sends whatever password the user has, however short", async () => {
    await open();
    await typeInto(field("login-id"), REGISTERED);
    await typeInto(field("login-password"), "abc");
    await submit();
    await waitFor(() => view.location() === "/");
    expect(errorOf("login-password")).toBeNull();
    expect(decryptPassword(server.body("/v1/user/ocean/phone/password/login-auth").password as string)).toBe("abc");
  });

  test("a wrong password is toasted in Thai on a Thai screen", async () => {
    server.replies.set("/v1/user/ocean/phone/password/login-auth", fail(400, 60032, "Incorrect account or password"));
    await applyLocale("th");
    try {
      await open();
      await typeInto(field("login-id"), REGISTERED);
      await typeInto(field("login-password"), "wrong-one");
      await submit();
      await waitFor(() => toastTexts().includes("บัญชีหรือรหัสผ่านไม่ถูกต้อง"));
    } finally {
      await act(() => applyLocale("en"));
    }
  });

  test("the password field shows and hides its text", async () => {
    await open();
    const password = field("login-password") as HTMLInputElement;
    expect(password.type).toBe("password");
    await click(field("login-password-toggle"));
    expect(password.type).toBe("text");
    await click(field("login-password-toggle"));
    expect(password.type).toBe("password");
  });

  test("a wrong password toasts the server's message; repeat submits are blocked while one runs", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.replies.set("/v1/user/ocean/phone/password/login-auth", fail(400, 60032, "Incorrect account or password"));
    await open();
    await typeInto(field("login-id"), REGISTERED);
    await typeInto(field("login-password"), "wrong-one");
    const originalFetch = globalThis.fetch;
    globalThis.fetch = async (...args) => {
      await gate;
      return originalFetch(...args);
    };
    try {
      await submit();
      await waitFor(() => field("login-submit").hasAttribute("disabled"));
      await submit();
      release();
      await waitFor(() => toastTexts().includes("Incorrect account or password"));
    } finally {
      globalThis.fetch = originalFetch;
    }
    await waitFor(() => !field("login-submit").hasAttribute("disabled"));
    expect(server.calls("/v1/user/ocean/phone/password/login-auth")).toHaveLength(1);
    expect(userState.token).toBe("");
  });

  test("60077 opens the captcha dialog; the solved widget's key goes along with the next login", async () => {
    server.replies.set("/v1/user/ocean/phone/password/login-auth", fail(400, 60077, "Human verification required"));
    server.replies.set("/v1/user/ocean/recaptcha/validate", [
      200,
      { code: 0, data: { success: true, recaptcha_key: "key-abc" } },
    ]);
    await open();
    await typeInto(field("login-id"), REGISTERED);
    await typeInto(field("login-password"), "Secret-1");
    await submit();
    const dialog = await waitFor(() => view.byTestId("captcha-dialog"));
    expect(toastTexts()).toEqual([]);
    expect(dialog.querySelector("altcha-widget")).toBeNull();
    const widget = await waitFor(() => dialog.querySelector("altcha-widget"), 2_000);
    // React hands the URL to the custom element as a property; the widget reads its configuration.
    expect(widget.challenge).toBe(`${server.url}/v1/user/ocean/recaptcha/challenge`);

    await act(async () => widget.dispatchEvent(new CustomEvent("verified", { detail: { payload: "c29sdmVk" } })));
    await waitFor(() => getCookie(CAPTCHA_KEY_COOKIE) === "key-abc");
    expect(server.body("/v1/user/ocean/recaptcha/validate")).toEqual({ recaptcha_token: "c29sdmVk" });
    await waitFor(() => view.byTestId("captcha-dialog") === null, 2_000);

    server.replies.delete("/v1/user/ocean/phone/password/login-auth");
    await submit();
    await waitFor(() => userState.token === "tok-logged-in");
    expect(server.body("/v1/user/ocean/phone/password/login-auth")).toMatchObject({ recaptcha_key: "key-abc" });
  });

  test("a refused captcha is silent: no key, the dialog stays for another try", async () => {
    server.replies.set("/v1/user/ocean/recaptcha/validate", [
      200,
      { code: 0, data: { success: false, recaptcha_key: null } },
    ]);
    userState.captchaVisible = true;
    await open();
    const widget = await waitFor(() => view.byTestId("captcha-dialog")?.querySelector("altcha-widget"), 2_000);
    await act(async () => widget.dispatchEvent(new CustomEvent("verified", { detail: { payload: "bad" } })));
    await waitFor(() => server.calls("/v1/user/ocean/recaptcha/validate").length === 1);
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(view.byTestId("captcha-dialog")).not.toBeNull();
    expect(getCookie(CAPTCHA_KEY_COOKIE)).toBeUndefined();
    expect(toastTexts()).toEqual([]);
    await click(field("captcha-close"));
    expect(view.byTestId("captcha-dialog")).toBeNull();
  });
});

describe("Google", () => {
  test("not configured: the button is disabled with a message", async () => {
    await open();
    await waitFor(() => view.byTestId("google-unavailable"));
    expect(field("google-button").hasAttribute("disabled")).toBe(true);
    expect(field("google-unavailable").textContent).toBe("Google sign-in is not available at the moment.");
  });

  test("configured: the button starts the redirect flow with /auth as redirect URI and keeps the target", async () => {
    server.replies.set("/v1/user/third-login/client-id/google", [200, { code: 0, data: { client_id: "cid.apps" } }]);
    server.replies.set("/v1/user/third-login/url/google", [
      200,
      { code: 0, data: "https://accounts.example/o/auth?state=s" },
    ]);
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    try {
      userState.previousPage = "/rank?type=videos";
      await open();
      await waitFor(() => !field("google-button").hasAttribute("disabled"));
      await click(field("google-button"));
      await waitFor(() => assign.mock.calls.length > 0);
      expect(assign).toHaveBeenCalledWith("https://accounts.example/o/auth?state=s");
      expect(Object.fromEntries(server.calls("/v1/user/third-login/url/google")[0].query)).toMatchObject({
        system_id: "14",
        redirect_uri: `${location.origin}/auth`,
        channel_id: "1",
        // The hash of the nonce this tab keeps for the return.
        nonce_hash: nonceHash(sessionStorage.getItem("google-nonce")!),
      });
      expect(sessionStorage.getItem("google-nonce")).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(sessionStorage.getItem("post-login-target")).toBe("/rank?type=videos");
    } finally {
      assign.mockRestore();
      sessionStorage.clear();
    }
  });

  test("60078 on a phone login opens the Google check dialog", async () => {
    server.replies.set(
      "/v1/user/ocean/phone/password/login-auth",
      fail(400, 60078, "This account signs in with Google."),
    );
    await open();
    await typeInto(field("login-id"), "13812345678");
    await typeInto(field("login-password"), "Secret-1");
    await submit();
    await waitFor(() => view.byTestId("google-check"));
    expect(toastTexts()).toEqual([]);
    await click(field("google-check-cancel"));
    expect(view.byTestId("google-check")).toBeNull();
  });

  test("60078 on an e-mail login shows no dialog, only the server's message", async () => {
    server.replies.set(
      "/v1/user/ocean/phone/password/login-auth",
      fail(400, 60078, "This account signs in with Google."),
    );
    await open();
    await typeInto(field("login-id"), REGISTERED);
    await typeInto(field("login-password"), "Secret-1");
    await submit();
    // The catalog's text for 60078 (the server's full message), not what this fake answered.
    await waitFor(() =>
      toastTexts().includes(
        "This account signs in with Google. Continue with Google, or set a password with Forgot password.",
      ),
    );
    expect(view.byTestId("google-check")).toBeNull();
  });
});
