// QR-code login against the fake account service on a real local HTTP server: the login page's
// scan view (Chinese mode "Scan to log in", the overseas link) makes a ticket, shows the QR of
// /auth?qr=<ticket>, polls the check every 2 s (fake timers) only while the page is visible and
// mounted, finishes a confirmed login like any other, and offers a new ticket once expired.
// The phone's side, /auth?qr=<ticket>: confirm when signed in (also in Chinese, with the
// expired-ticket message), the round trip through the login page when signed out. And the
// support contact's QR when the server sends text.
import { act } from "react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { applyLocale } from "../../../../src/i18n/switch-locale";
import { setLocale, systemState } from "../../../../src/state/system";
import { setSession, userState } from "../../../../src/state/user";
import { fail, loginData, REGISTERED } from "../../helpers/account-server";
import { setUpAccountTests, type AppView } from "../../helpers/account-tests";
import { expectQrOf } from "../../helpers/qr";
import { click, renderApp, typeInto, waitFor, blur } from "../../helpers/render-app";

const TICKET_PATH = "/v1/user/third-login/app/qrcode";
const CHECK_PATH = "/v1/user/third-login/app/qrcode/check";
const CONFIRM_PATH = "/v1/user/third-login/app/qrcode/confirm";

const server = await setUpAccountTests();
let view: AppView | undefined;

afterEach(async () => {
  await view?.unmount();
  view = undefined;
  vi.useRealTimers();
  setVisibility("visible");
  setLocale("en");
});

const field = (id: string) => view!.byTestId(id)!;
const statusText = () => view!.byTestId("login-qr-status")?.textContent;
const confirmLink = (ticket: string) => `${location.origin}/auth?qr=${ticket}`;

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}

/**
 * Fake timers for the poll (setTimeout only): the HTTP server's answers arrive on the real event
 * loop, so waits turn it with setImmediate and time is moved on only by `elapse`.
 */
const useFakePollTimers = () =>
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });

async function until<T>(check: () => T | null | undefined | false): Promise<T> {
  const deadline = performance.now() + 3_000;
  for (;;) {
    const value = check();
    if (value) return value;
    if (performance.now() > deadline) throw new Error("until: timed out");
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
}

const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Lets any answer in flight arrive (and whatever it schedules run) without moving time. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 20; turn += 1) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
}

/** Checks answer pending `pending` times, then `last` (confirmed with the login, or expired). */
function checkReplies(pending: number, last: unknown) {
  let count = 0;
  server.replies.set(CHECK_PATH, () => {
    count += 1;
    return [200, { code: 0, msg: "success", data: count <= pending ? { status: "pending" } : last }];
  });
}

async function openQrView(path = "/login") {
  view = await renderApp(path);
  await until(() => view!.byTestId("login-form"));
  await click(field("login-mode-qr"));
  await until(() => view!.byTestId("login-qr"));
}

describe("scan to log in (login page)", () => {
  test("Chinese edition: a ticket, the QR of its confirm page, polling every 2 s until confirmed, then the usual target", async () => {
    useFakePollTimers();
    systemState.systemId = 13;
    userState.previousPage = "/rank";
    checkReplies(2, { status: "confirmed", login: loginData(false) });
    await openQrView();

    expect(server.calls(TICKET_PATH)).toHaveLength(1);
    expect(server.calls(TICKET_PATH)[0].method).toBe("POST");
    expectQrOf(view!.byTestId("login-qr"), confirmLink("qr-ticket-1"));
    expect(field("login-qr").getAttribute("aria-label")).toBe("QR code to log in to ShopRadar");
    expect(statusText()).toBe("Waiting for you to scan and confirm…");
    expect(server.calls(CHECK_PATH)).toHaveLength(0);

    await elapse(1_999);
    expect(server.calls(CHECK_PATH)).toHaveLength(0);
    await elapse(1);
    await until(() => server.calls(CHECK_PATH).length === 1);
    expect(server.body(CHECK_PATH)).toEqual({ ticket: "qr-ticket-1" });
    await settle();
    await elapse(2_000);
    await until(() => server.calls(CHECK_PATH).length === 2);
    await settle();
    expect(userState.token).toBe("");
    await elapse(2_000);
    await until(() => view!.location() === "/rank");

    expect(server.calls(CHECK_PATH)).toHaveLength(3);
    expect(userState.token).toBe("tok-logged-in");
    // As after a Chinese account login: the support-contact check ran (and found nothing to do).
    expect(server.calls("/v1/user/mengla/wechat/qrcode")).toHaveLength(1);
    await elapse(10_000);
    expect(server.calls(CHECK_PATH)).toHaveLength(3);
  });

  test("a confirmed login that must add the support contact detours through /customerValid", async () => {
    useFakePollTimers();
    systemState.systemId = 13;
    server.replies.set("/v1/user/mengla/wechat/qrcode", [
      200,
      { code: 0, data: { status: true, contact_name: "S", contact_id: "s-id", qr_code: "s-id" } },
    ]);
    checkReplies(0, { status: "confirmed", login: loginData(false) });
    await openQrView("/login?fromWebsite=%2Fsubscription");
    await elapse(2_000);
    await until(() => view!.location() === "/customerValid?fromWebsite=%2Fsubscription");
  });

  test("expired: the status says so, the code goes, refresh makes a new ticket that is polled again", async () => {
    useFakePollTimers();
    systemState.systemId = 13;
    checkReplies(1, { status: "expired" });
    await openQrView();
    await elapse(2_000);
    await until(() => server.calls(CHECK_PATH).length === 1);
    await settle();
    await elapse(2_000);
    await until(() => statusText() === "QR code expired");
    expect(view!.byTestId("login-qr")).toBeNull();
    await elapse(10_000);
    expect(server.calls(CHECK_PATH)).toHaveLength(2);

    server.replies.delete(CHECK_PATH);
    await click(field("login-qr-refresh"));
    await until(() => view!.byTestId("login-qr"));
    expect(server.calls(TICKET_PATH)).toHaveLength(2);
    expectQrOf(view!.byTestId("login-qr"), confirmLink("qr-ticket-2"));
    expect(statusText()).toBe("Waiting for you to scan and confirm…");
    await elapse(2_000);
    await until(() => server.calls(CHECK_PATH).length === 3);
    expect(server.body(CHECK_PATH)).toEqual({ ticket: "qr-ticket-2" });
  });

  test("polling stops when the view is left or the page unmounted", async () => {
    useFakePollTimers();
    systemState.systemId = 13;
    await openQrView();
    await elapse(2_000);
    await until(() => server.calls(CHECK_PATH).length === 1);
    await settle();

    await click(field("login-mode-form"));
    expect(view!.byTestId("login-form")).not.toBeNull();
    await elapse(10_000);
    await settle();
    expect(server.calls(CHECK_PATH)).toHaveLength(1);

    await click(field("login-mode-qr"));
    await until(() => view!.byTestId("login-qr"));
    await elapse(2_000);
    await until(() => server.calls(CHECK_PATH).length === 2);
    await settle();
    await view!.unmount();
    view = undefined;
    await elapse(20_000);
    await settle();
    expect(server.calls(CHECK_PATH)).toHaveLength(2);
    expect(server.calls(TICKET_PATH)).toHaveLength(2);
  });

  test("no polling while the page is hidden; shown again, it checks at once", async () => {
    useFakePollTimers();
    systemState.systemId = 13;
    await openQrView();
    await act(async () => setVisibility("hidden"));
    await elapse(10_000);
    await settle();
    expect(server.calls(CHECK_PATH)).toHaveLength(0);

    await act(async () => setVisibility("visible"));
    await until(() => server.calls(CHECK_PATH).length === 1);
    await settle();
    await elapse(2_000);
    await until(() => server.calls(CHECK_PATH).length === 2);
  });

  test("a ticket that cannot be made offers a retry", async () => {
    systemState.systemId = 13;
    server.replies.set(TICKET_PATH, fail(503, 503, "Service Unavailable"));
    view = await renderApp("/login");
    await waitFor(() => view!.byTestId("login-form"));
    await click(field("login-mode-qr"));
    await waitFor(() => statusText() === "The QR code could not be loaded.");
    expect(systemState.toasts).toHaveLength(0);
    server.replies.delete(TICKET_PATH);
    await click(field("login-qr-refresh"));
    await waitFor(() => view!.byTestId("login-qr"));
    expect(server.calls(TICKET_PATH)).toHaveLength(2);
    // The refused call made no ticket; the retry's is the first.
    expectQrOf(view.byTestId("login-qr"), confirmLink("qr-ticket-1"));
  });

  test("overseas layout: a small link opens the same view, and back to the form", async () => {
    systemState.systemId = 14;
    view = await renderApp("/login");
    await waitFor(() => view!.byTestId("login-form"));
    expect(field("login-mode-qr").textContent).toBe("Log in with QR code");
    await click(field("login-mode-qr"));
    await waitFor(() => view!.byTestId("login-qr"));
    expectQrOf(view.byTestId("login-qr"), confirmLink("qr-ticket-1"));
    await click(field("login-mode-form"));
    expect(view.byTestId("login-qr-panel")).toBeNull();
    expect(view.byTestId("google-button")).not.toBeNull();
  });

  test("Chinese layout names the mode 'Scan to log in' in both other modes", async () => {
    systemState.systemId = 13;
    view = await renderApp("/login");
    await waitFor(() => view!.byTestId("login-form"));
    expect(field("login-mode-qr").textContent).toBe("Scan to log in");
    await click(field("login-mode-password"));
    expect(field("login-mode-qr").textContent).toBe("Scan to log in");
    // The form asks whether WeChat sign-in is configured; let that land before the next test counts.
    await waitFor(() => server.calls("/v1/user/third-login/client-id/wechat").length === 1);
  });
});

describe("confirming on the phone (/auth?qr=)", () => {
  test("signed in: asks, confirms the ticket with the session, then says it is done", async () => {
    setSession({ token: "tok-phone" });
    view = await renderApp("/auth?qr=qr-ticket-9");
    await waitFor(() => view!.byTestId("qr-confirm"));
    expect(view.container.textContent).toContain("Log in on the other device?");
    expect(server.requests).toHaveLength(0);

    await click(field("qr-confirm"));
    await waitFor(() => view!.byTestId("qr-confirmed"));
    expect(field("qr-confirmed").textContent).toBe("Done. The other device is now logged in to your account.");
    expect(server.calls(CONFIRM_PATH)).toHaveLength(1);
    expect(server.body(CONFIRM_PATH)).toEqual({ ticket: "qr-ticket-9" });
    expect(server.calls(CONFIRM_PATH)[0].headers.authorization).toBe("tok-phone");
    expect(userState.token).toBe("tok-phone");
  });

  test("an expired ticket is refused in the user's language and cannot be confirmed again", async () => {
    server.replies.set(CONFIRM_PATH, fail(400, 60060, "This QR code has expired. Please refresh it and scan again."));
    setSession({ token: "tok-phone" });
    await applyLocale("zh");
    try {
      view = await renderApp("/auth?qr=old-ticket");
      await waitFor(() => view!.byTestId("qr-confirm"));
      await click(field("qr-confirm"));
      await waitFor(() => view!.byTestId("qr-error"));
      expect(field("qr-error").textContent).toBe("二维码已过期，请刷新后重新扫码。");
      expect(view.byTestId("qr-confirm")).toBeNull();
      expect(field("qr-cancel").getAttribute("href")).toBe("/");
      await act(() => applyLocale("en"));
      await waitFor(
        () => field("qr-error").textContent === "This QR code has expired. Please refresh it and scan again.",
      );
    } finally {
      await act(() => applyLocale("en"));
    }
  });

  test("signed out: a login link that comes back here, and the confirm works after logging in", async () => {
    systemState.systemId = 14;
    view = await renderApp("/auth?qr=qr-ticket-7");
    await waitFor(() => view!.byTestId("qr-sign-in"));
    expect(view.byTestId("qr-confirm")).toBeNull();
    expect(field("qr-sign-in").getAttribute("href")).toBe("/login?fromWebsite=%2Fauth%3Fqr%3Dqr-ticket-7");
    expect(server.requests).toHaveLength(0);

    await click(field("qr-sign-in"));
    await waitFor(() => view!.byTestId("login-form"));
    await typeInto(field("login-id"), REGISTERED);
    await blur(field("login-id"));
    await waitFor(() => field("login-form").dataset.mode === "login");
    await typeInto(field("login-password"), "Secret-1");
    await click(field("login-submit"));
    await waitFor(() => view!.location() === "/auth?qr=qr-ticket-7");
    await waitFor(() => view!.byTestId("qr-confirm"));
    await click(field("qr-confirm"));
    await waitFor(() => view!.byTestId("qr-confirmed"));
    expect(server.calls(CONFIRM_PATH)[0].headers.authorization).toBe("tok-logged-in");
  });

  test("a session that ended meanwhile: the 401 opens the login prompt and the page offers to log in", async () => {
    server.replies.set(CONFIRM_PATH, fail(401, 401, "Please log in"));
    setSession({ token: "tok-stale" });
    view = await renderApp("/auth?qr=qr-ticket-3");
    await waitFor(() => view!.byTestId("qr-confirm"));
    await click(field("qr-confirm"));
    await waitFor(() => view!.byTestId("qr-sign-in"));
    expect(view.byTestId("login-prompt")).not.toBeNull();
    expect(view.byTestId("qr-error")).toBeNull();
  });

  test("an empty ticket is an incomplete link", async () => {
    view = await renderApp("/auth?qr=");
    await waitFor(() => view!.byTestId("qr-error"));
    expect(field("qr-error").textContent).toBe("This sign-in link is incomplete or has expired.");
    expect(server.requests).toHaveLength(0);
  });
});

describe("support contact QR", () => {
  test("text from the server is drawn as a QR code", async () => {
    systemState.systemId = 13;
    setSession({ token: "tok-zh" });
    server.replies.set("/v1/user/mengla/wechat/qrcode", [
      200,
      {
        code: 0,
        data: {
          status: true,
          contact_name: "ShopRadar support",
          contact_id: "shopradar-help",
          qr_code: "https://u.wechat.com/shopradar-help",
        },
      },
    ]);
    view = await renderApp("/customerValid");
    await waitFor(() => view!.byTestId("customer-valid-qr"));
    expectQrOf(view.byTestId("customer-valid-qr"), "https://u.wechat.com/shopradar-help");
    expect(field("customer-valid-qr").getAttribute("aria-label")).toBe("QR code of our customer support on WeChat");
  });
});
