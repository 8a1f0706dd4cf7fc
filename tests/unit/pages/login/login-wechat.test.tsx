// WeChat sign-in on the Chinese login page, against the fake account service: the option is
// hidden while the server says WeChat is not configured and shown once it answers the app ids;
// outside WeChat's browser it explains and shows this page's QR code, inside it starts the web
// OAuth (redirect URI /auth?via=wechat, this tab's nonce hash, the target kept). Back on
// /auth?via=wechat, a bound WeChat account is signed in and sent on; one without an account binds
// a mobile number with an SMS code, then is signed in.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { nonceHash, toBase64url } from "../../../../src/lib/google-nonce";
import { NEW_REGISTRATION_KEY } from "../../../../src/state/activity";
import { systemState } from "../../../../src/state/system";
import { userState } from "../../../../src/state/user";
import { loginData } from "../../helpers/account-server";
import { openPage, setUpAccountTests, type AppView } from "../../helpers/account-tests";
import { click, renderApp, toastTexts, typeInto, waitFor } from "../../helpers/render-app";

const server = await setUpAccountTests();
let view: AppView;

const CONFIGURED: [number, unknown] = [200, { code: 0, data: { app_id: "wx-mini", web_app_id: "wx-web" } }];
const WECHAT_BUTTON = { name: "Log in with WeChat" };
const WECHAT_UA = "Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.50 NetType/WIFI";

beforeEach(() => {
  systemState.systemId = 13;
});
afterEach(async () => {
  await view?.unmount();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.removeItem(NEW_REGISTRATION_KEY);
});

describe("the WeChat option on the login page", () => {
  test("hidden while WeChat sign-in is not configured", async () => {
    view = await openPage("/login", "login-form");
    await waitFor(() => server.calls("/v1/user/third-login/client-id/wechat").length === 1);
    // Let the refusal settle before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(view.byRole("button", WECHAT_BUTTON)).toBeNull();
    expect(view.byRole("button", { name: "Log in / Register" })).not.toBeNull();
  });

  test("shown when configured; outside WeChat it explains and shows this page's QR code", async () => {
    server.replies.set("/v1/user/third-login/client-id/wechat", CONFIGURED);
    view = await openPage("/login", "login-form");
    const button = await waitFor(() => view.byRole("button", WECHAT_BUTTON));
    await click(button);
    await waitFor(() =>
      toastTexts().includes("Please read and agree to the Service Agreement and Privacy Policy first"),
    );
    expect(view.byRole("note")).toBeNull();

    await click(view.byTestId("login-agree")!);
    await click(button);
    const note = await waitFor(() => view.byRole("note"));
    expect(note.textContent).toContain("WeChat sign-in works inside WeChat.");
    expect(view.byRole("img", { name: "QR code of this page, to open it in WeChat" })).not.toBeNull();
    expect(server.calls("/v1/user/third-login/wx/oauth-url")).toHaveLength(0);
  });

  test("inside WeChat's browser it starts the web OAuth and keeps the target", async () => {
    server.replies.set("/v1/user/third-login/client-id/wechat", CONFIGURED);
    server.replies.set("/v1/user/third-login/wx/oauth-url", [
      200,
      { code: 0, data: "https://open.weixin.example/connect/oauth2/authorize?state=s#wechat_redirect" },
    ]);
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(WECHAT_UA);
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    userState.previousPage = "/rank?type=videos";
    view = await openPage("/login", "login-form");
    await click(view.byTestId("login-agree")!);
    await click(await waitFor(() => view.byRole("button", WECHAT_BUTTON)));
    await waitFor(() => assign.mock.calls.length > 0);
    expect(assign).toHaveBeenCalledWith("https://open.weixin.example/connect/oauth2/authorize?state=s#wechat_redirect");
    expect(Object.fromEntries(server.calls("/v1/user/third-login/wx/oauth-url")[0].query)).toMatchObject({
      system_id: "13",
      redirect_uri: `${location.origin}/auth?via=wechat`,
      nonce_hash: nonceHash(sessionStorage.getItem("wechat-nonce")!),
    });
    expect(sessionStorage.getItem("post-login-target")).toBe("/rank?type=videos");
  });
});

describe("back from WeChat", () => {
  const NONCE = "this-browsers-wechat-nonce-0123";
  const STATE = `eyJhbGciOiJIUzI1NiJ9.${toBase64url(new TextEncoder().encode(JSON.stringify({ nh: nonceHash(NONCE) })))}.c2ln`;

  beforeEach(() => {
    sessionStorage.setItem("wechat-nonce", NONCE);
    sessionStorage.setItem("post-login-target", "/rank?type=goods");
  });

  test("a bound WeChat account is signed in and goes on to the target", async () => {
    server.replies.set("/v1/user/third-login/wx/oauth-login", [
      200,
      { code: 0, data: { ...loginData(false), is_register: true, code2_session_resp: { openid: "ticket" } } },
    ]);
    view = await renderApp(`/auth?via=wechat&code=wxc0de&state=${STATE}`);
    await waitFor(() => view.location() === "/rank?type=goods");
    expect(server.body("/v1/user/third-login/wx/oauth-login")).toEqual({ code: "wxc0de", state: STATE, nonce: NONCE });
    expect(userState.token).toBe("tok-logged-in");
    // An existing account: no new-registration dialog.
    expect(localStorage.getItem(NEW_REGISTRATION_KEY)).toBeNull();
  });

  test("an unbound WeChat account binds a mobile number by SMS code, then is signed in", async () => {
    server.replies.set("/v1/user/third-login/wx/oauth-login", [
      200,
      { code: 0, data: { is_register: false, code2_session_resp: { openid: "account-ticket" } } },
    ]);
    view = await renderApp(`/auth?via=wechat&code=wxnew&state=${STATE}`);
    await waitFor(() => view.byTestId("wechat-bind-form"));
    expect(view.byRole("heading", { name: "Bind your mobile number" })).not.toBeNull();

    await typeInto(view.byLabel("Mobile number"), "13912345678");
    await click(view.byTestId("wechat-bind-send-code")!);
    await waitFor(() => server.calls("/v1/user/ocean/sms/valid-code").length === 1);
    await typeInto(view.byLabel("SMS verification code"), "123456");
    server.replies.set("/v1/user/third-login/app/bind/phone", [200, { code: 0, data: loginData(true) }]);
    await click(view.byRole("button", { name: "Bind and log in" }));
    await waitFor(() => view.location() === "/rank?type=goods");
    expect(server.body("/v1/user/third-login/app/bind/phone")).toEqual({
      open_id: "account-ticket",
      phone_number: "13912345678",
      valid_code: "123456",
      from_system: 13,
    });
    expect(userState.token).toBe("tok-registered");
    // A new account: the new-registration flag is set, and the welcome dialog (which clears it as
    // it opens) may already be up.
    await waitFor(
      () =>
        localStorage.getItem(NEW_REGISTRATION_KEY) === "1" ||
        view.byRole("alertdialog", { name: "Welcome to ShopRadar" }) !== null,
    );
  });

  test("a return this browser did not start is refused before any exchange", async () => {
    sessionStorage.setItem("wechat-nonce", "another-browsers-nonce-0123456");
    view = await renderApp(`/auth?via=wechat&code=stolen&state=${STATE}`);
    const error = await waitFor(() => view.byTestId("auth-error"));
    expect(error.textContent).toBe("This WeChat sign-in was not started in this browser. Please try again.");
    expect(server.calls("/v1/user/third-login/wx/oauth-login")).toHaveLength(0);
  });
});
