// The Chinese login page (system id 13) rendered against a fake account service:
// phone + code login-or-register with its countdown, the phone messages, the agreement
// toast, the password mode with forgot-password link, and the support-contact detour after an
// account login that continues to the target once "I have added" is pressed.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { setLocale, systemState } from "../../../../src/state/system";
import { userState } from "../../../../src/state/user";
import { decryptPassword } from "../../helpers/account-server";
import { openPage, setUpAccountTests, type AppView } from "../../helpers/account-tests";
import { click, toastTexts, typeInto, waitFor } from "../../helpers/render-app";

const server = await setUpAccountTests();
let view: AppView;

beforeEach(() => {
  // The Chinese edition with English texts (as a build pinned with VITE_SYSTEM_ID=13 shows it).
  systemState.systemId = 13;
});
afterEach(async () => {
  await view?.unmount();
  setLocale("en");
});

const field = (id: string) => view.byTestId(id)!;
const errorOf = (id: string) => view.byTestId(`${id}-error`)?.textContent ?? null;
const submit = () => click(field("login-submit"));

async function open(path = "/login") {
  view = await openPage(path, "login-form");
}

describe("code login (mode 1)", () => {
  test("phone messages, agreement toast, then one-step login or register", async () => {
    userState.previousPage = "/rank";
    await open();
    expect(field("login-form").dataset.mode).toBe("code");
    expect(view.byTestId("login-password")).toBeNull();
    expect(view.byTestId("google-button")).toBeNull();

    await submit();
    await waitFor(() => errorOf("login-id"));
    expect(errorOf("login-id")).toBe("Please enter your mobile number");
    expect(errorOf("login-code")).toBe("Please enter the SMS verification code");

    for (const wrong of ["12812345678", "1381234567", "14412345678", "abc"]) {
      await typeInto(field("login-id"), wrong);
      await submit();
      await waitFor(() => errorOf("login-id") === "Incorrect mobile number format");
    }
    await click(field("login-send-code"));
    expect(server.calls("/v1/user/ocean/sms/valid-code")).toHaveLength(0);

    await typeInto(field("login-id"), " 13912345678 ");
    await click(field("login-send-code"));
    await waitFor(() => field("login-send-code").textContent === "60 s");
    expect(server.body("/v1/user/ocean/sms/valid-code")).toEqual({
      login_id: "13912345678",
      event_type: 5,
      from_system: 13,
      language: "en",
    });
    expect(server.calls("/v1/user/ocean/sms/valid-code")[0].headers["x-valid-code-scene"]).toBe("login");

    await typeInto(field("login-code"), "654321");
    await submit();
    await waitFor(() =>
      toastTexts().includes("Please read and agree to the Service Agreement and Privacy Policy first"),
    );
    expect(server.calls("/v1/user/activity/phone/code/register-login")).toHaveLength(0);

    await click(field("login-agree"));
    await submit();
    await waitFor(() => view.location() === "/rank");
    expect(server.body("/v1/user/activity/phone/code/register-login")).toEqual({
      phone_number: "13912345678",
      valid_code: "654321",
      from_system: 13,
      channel_id: 1,
    });
    // A code login never asks about the support contact.
    expect(server.calls("/v1/user/mengla/wechat/qrcode")).toHaveLength(0);
    expect(userState.token).toBe("tok-registered");
  });

  test("the agreement links open the service agreement and the privacy policy", async () => {
    await open();
    const links = [...field("login-agree-row").querySelectorAll("a")].map((link) => link.getAttribute("href"));
    expect(links).toEqual(["/serve", "/ys"]);
  });
});

describe("password login (mode 2)", () => {
  test("switching modes, account messages, forgot-password link", async () => {
    await open();
    await click(field("login-mode-password"));
    expect(field("login-form").dataset.mode).toBe("password");
    expect(field("login-forgot").getAttribute("href")).toBe("/reset");
    await submit();
    await waitFor(() => errorOf("login-id"));
    expect(errorOf("login-id")).toBe("Please enter your mobile number or email");
    expect(errorOf("login-password")).toBe("Please enter your password");
    await typeInto(field("login-id"), "1391234");
    await submit();
    await waitFor(() => errorOf("login-id") === "Incorrect mobile number or email format");
    await click(field("login-mode-code"));
    expect(field("login-form").dataset.mode).toBe("code");
    expect(errorOf("login-id")).toBeNull();
  });

  test("an account that must add the support contact detours through /customerValid, then goes on", async () => {
    server.replies.set("/v1/user/mengla/wechat/qrcode", [
      200,
      {
        code: 0,
        data: {
          status: true,
          contact_name: "ShopRadar support",
          contact_id: "shopradar-help",
          qr_code: "data:image/png;base64,iVBORw0KGgo=",
        },
      },
    ]);
    userState.previousPage = "/rank";
    await open();
    await click(field("login-mode-password"));
    await typeInto(field("login-id"), "13812345678");
    await typeInto(field("login-password"), "Secret-1");
    await click(field("login-agree"));
    await submit();
    await waitFor(() => view.location() === "/customerValid?fromWebsite=%2Frank");
    expect(server.body("/v1/user/ocean/phone/password/login-auth")).toMatchObject({
      from_system: 13,
      login_id: "13812345678",
      login_type: 2,
    });
    expect(decryptPassword(server.body("/v1/user/ocean/phone/password/login-auth").password as string)).toBe(
      "Secret-1",
    );

    await waitFor(() => view.byTestId("customer-valid-name"));
    expect(field("customer-valid-name").textContent).toBe("ShopRadar support");
    expect(field("customer-valid-id").textContent).toBe("WeChat ID: shopradar-help");
    expect(field("customer-valid-qr").getAttribute("src")).toBe("data:image/png;base64,iVBORw0KGgo=");
    await click(field("customer-valid-done"));
    await waitFor(() => view.location() === "/rank");
    expect(server.calls("/v1/user/mengla/wechat/addStatus")[0].headers.authorization).toBe("tok-logged-in");
  });

  test("an account that already added it goes straight on", async () => {
    await open("/login?fromWebsite=%2Fsubscription");
    await click(field("login-mode-password"));
    await typeInto(field("login-id"), "annabelle@example.com");
    await typeInto(field("login-password"), "Secret-1");
    await click(field("login-agree"));
    await submit();
    await waitFor(() => view.location() === "/subscription");
    expect(server.calls("/v1/user/mengla/wechat/qrcode")).toHaveLength(1);
  });
});
