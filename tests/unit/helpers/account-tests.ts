// Set-up shared by the account-screen tests (login pages, reset, Google callback, Me page, QR
// login): one fake account service for the whole file, texts in English, and before each test
// a signed-out visitor of the English edition with no login dialog, plan, toasts or referral.
// And opening a page once its form has rendered.
import { afterAll, beforeAll, beforeEach } from "vitest";
import { applyLocale } from "../../../src/i18n/switch-locale";
import { clearCombo } from "../../../src/state/activity";
import { setLocale, systemState } from "../../../src/state/system";
import { hideLoginDialog, removeToken, userState } from "../../../src/state/user";
import { startAccountServer, type AccountServer } from "./account-server";
import { renderApp, waitFor } from "./render-app";

export type AppView = Awaited<ReturnType<typeof renderApp>>;

/**
 * Starts the file's fake account service and registers the resets around its tests; call it
 * once at the top of the file (`const server = await setUpAccountTests();`). A file's own
 * beforeEach, registered after, runs after these resets.
 */
export async function setUpAccountTests(): Promise<AccountServer> {
  const server = await startAccountServer();
  beforeAll(() => applyLocale("en"));
  afterAll(() => server.close());
  beforeEach(() => {
    server.reset();
    removeToken();
    hideLoginDialog();
    clearCombo();
    setLocale("en");
    systemState.toasts.splice(0);
    Object.assign(userState, { previousPage: "", inviteCode: "", channelId: "", email: null, phone: null });
  });
  return server;
}

/** Renders the app at `path` and waits for the page's form (`formTestId`). */
export async function openPage(path: string, formTestId: string): Promise<AppView> {
  const view = await renderApp(path);
  await waitFor(() => view.byTestId(formTestId));
  return view;
}
