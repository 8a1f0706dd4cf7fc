// Set-up shared by the browsing-screen tests (home, lists, details, search, favourites,
// footer): one fake data service for the whole file, texts in English, and after each test the
// rendered views unmounted and a signed-out visitor with no dialog open.
import type { ReactNode } from "react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { applyLocale } from "../../../src/i18n/switch-locale";
import { closePlanDetails, closeUpgradeCheck } from "../../../src/state/price";
import { hideLoginDialog, removeToken } from "../../../src/state/user";
import { startDataServer, type DataServer, type DataServerOptions } from "./data-server";
import { renderApp, renderUi } from "./render-app";

export type View = Awaited<ReturnType<typeof renderUi>>;

export interface DataTests {
  server: DataServer;
  /** Renders the app at `path`; unmounted after the test. */
  open: (path: string) => Promise<View>;
  /** Renders any element with the app's providers; unmounted after the test. */
  mount: (node: ReactNode, path?: string) => Promise<View>;
}

/** Call once at the top of a test file: `const { server, open } = await setUpDataTests();`. */
export async function setUpDataTests(options: DataServerOptions = {}): Promise<DataTests> {
  const server = await startDataServer(options);
  const views: View[] = [];
  beforeAll(() => applyLocale("en"));
  afterAll(() => server.close());
  afterEach(async () => {
    for (const view of views.splice(0)) await view.unmount();
    server.reset();
    removeToken();
    hideLoginDialog();
    closeUpgradeCheck();
    closePlanDetails();
  });
  const track = (view: View) => {
    views.push(view);
    return view;
  };
  return {
    server,
    open: async (path) => track(await renderApp(path)),
    mount: async (node, path) => track(await renderUi(node, path)),
  };
}
