// The shell rendered for real: pages from the routes table, tab bar, redirects, 404 in place,
// document titles (route change, locale change, noChangeDocTitle) and the login guard.
import { act } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { apiConfig, configureApi } from "../../../src/api/client";
import { routeByName } from "../../../src/routing/routes";
import { i18n } from "../../../src/i18n/catalog";
import { applyLocale } from "../../../src/i18n/switch-locale";
import { hideLoginDialog, removeToken, userState } from "../../../src/state/user";
import { allByRole, click, renderApp, waitFor } from "../helpers/render-app";
import { sendJson, startTestServer } from "../helpers/test-server";

let view: Awaited<ReturnType<typeof renderApp>>;

beforeAll(() => applyLocale("en"));

beforeEach(() => {
  removeToken();
  hideLoginDialog();
});

afterEach(async () => {
  await view?.unmount();
  await applyLocale("en");
});

describe("pages", () => {
  test("home shows the brand, the four sections with their freshness and the tab bar", async () => {
    view = await renderApp("/");
    await waitFor(() => view.byTestId("home-brand"));
    for (const id of ["product-ranking", "top-sale", "weekly-trend", "follower-growth"]) {
      expect(view.byTestId(`home-section-${id}`)).not.toBeNull();
    }
    const freshness = [...view.container.querySelectorAll('[data-testid="home-section-freshness"]')].map(
      (node) => node.textContent,
    );
    expect(freshness).toEqual([
      "Updated every 6 hours",
      "Updated every 4 hours",
      "Updated every 12 hours, at 12 o'clock",
      "Updated every 4 hours",
    ]);
    expect(view.byRole("navigation")).not.toBeNull();
    expect(view.byRole("link", { name: "Home" })?.getAttribute("aria-current")).toBe("page");
    expect(document.title).toBe("Home | ShopRadar");
  });

  test("a non-tab page shows its title and its body, without the tab bar", async () => {
    view = await renderApp("/system/choose-location");
    await waitFor(() => view.byTestId("choose-location"));
    expect(view.byRole("heading", { name: "Choose location" })).not.toBeNull();
    expect(view.byRole("navigation")).toBeNull();
    expect(document.title).toBe("Choose location | ShopRadar");
  });

  test("the tab bar links to Home, List and Me and navigates", async () => {
    view = await renderApp("/rank");
    await waitFor(() => view.byTestId("rank-page"));
    expect(view.byRole("link", { name: "List" })?.getAttribute("aria-current")).toBe("page");
    const tabs = allByRole(view.byTestId("tab-bar")!, "link");
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute("href")])).toEqual([
      ["Home", "/"],
      ["List", "/rank"],
      ["Me", "/user"],
    ]);
    await click(view.byRole("link", { name: "Me" }));
    await waitFor(() => view.byTestId("language-switcher"));
    expect(view.location()).toBe("/user");
    expect(document.title).toBe("Me | ShopRadar");
  });

  test("an unknown path shows the 404 page in place", async () => {
    view = await renderApp("/no/such/page?x=1");
    await waitFor(() => view.byTestId("not-found"));
    expect(view.location()).toBe("/no/such/page?x=1");
    expect(document.title).toBe("Page not found | ShopRadar");
  });

  test("a desktop URL redirects, replacing the entry and keeping the query", async () => {
    view = await renderApp("/influencers/sales?page=2");
    await waitFor(() => view.byTestId("rank-page"));
    expect(view.memory.history).toEqual(["/rank?page=2&type=influencers&rankType=sales"]);
    expect(view.byTestId("page-rank")).not.toBeNull();
  });
});

describe("document title", () => {
  test("noChangeDocTitle leaves the title alone", async () => {
    document.title = "Kept";
    view = await renderApp("/rank?noChangeDocTitle=1");
    await waitFor(() => view.byTestId("rank-page"));
    expect(document.title).toBe("Kept");
  });

  test("the language switcher changes the locale, the title and <html lang>", async () => {
    view = await renderApp("/user");
    const select = await waitFor(() => view.byTestId("language-switcher") as HTMLSelectElement | null);
    expect(document.title).toBe("Me | ShopRadar");
    await act(async () => {
      select.value = "zh";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await waitFor(() => i18n.locale === "zh" && document.documentElement.lang === "zh");
    const title = i18n._(routeByName("user").title);
    expect(title).not.toBe("Me");
    await waitFor(() => document.title === `${title} - 商品雷达 ShopRadar`);
    expect(allByRole(view.byTestId("tab-bar")!, "link").at(-1)?.textContent).toBe(title);
  });
});

describe("login guard", () => {
  test("a protected page without a token shows only its heading and the login prompt", async () => {
    view = await renderApp("/goodsDetail?id=3");
    await waitFor(() => view.byTestId("login-prompt"));
    expect(view.byRole("heading", { name: "Product details" })).not.toBeNull();
    expect(view.byTestId("login-required")).not.toBeNull();
    expect(view.byTestId("login-prompt")?.textContent).toContain(
      "Dear, Please register or login to unlock more features!",
    );
  });

  test("Confirm goes to the login page remembering the page", async () => {
    const server = await startTestServer((_, response) =>
      sendJson(response, 400, { code: 60050, msg: "Google sign-in is not configured", data: null }),
    );
    const baseURL = apiConfig.baseURL;
    configureApi({ baseURL: server.url });
    view = await renderApp("/goodsDetail?id=3");
    await click(await waitFor(() => view.byTestId("login-prompt-confirm")));
    expect(view.location()).toBe("/login?from=%2FgoodsDetail%3Fid%3D3");
    expect(userState.previousPage).toBe("/goodsDetail?id=3");
    expect(view.byTestId("login-prompt")).toBeNull();
    await waitFor(() => view.byTestId("login-form"));
    await waitFor(() => view.byTestId("google-unavailable"));
    configureApi({ baseURL });
    await server.close();
  });

  test("Cancel on a detail page goes home", async () => {
    view = await renderApp("/goodsDetail");
    await click(await waitFor(() => view.byTestId("login-prompt-cancel")));
    expect(view.location()).toBe("/");
    expect(view.byTestId("login-prompt")).toBeNull();
  });

  test("Cancel elsewhere only hides the prompt", async () => {
    view = await renderApp("/order");
    await click(await waitFor(() => view.byTestId("login-prompt-cancel")));
    expect(view.location()).toBe("/order");
    expect(view.byTestId("login-prompt")).toBeNull();
    expect(view.byTestId("login-required")).not.toBeNull();
  });

  test("with a token the protected page renders", async () => {
    userState.token = "tok";
    view = await renderApp("/goodsDetail");
    await waitFor(() => view.byTestId("detail-missing"));
    expect(view.byTestId("login-prompt")).toBeNull();
  });

  test("the Me page is public and offers sign-in when anonymous", async () => {
    view = await renderApp("/user");
    const entry = await waitFor(() => view.byTestId("sign-in-entry"));
    expect(entry.getAttribute("href")).toBe("/login");
    expect(view.byTestId("login-prompt")).toBeNull();
    expect(view.byTestId("app-version")?.textContent).toBe("Version 0.1.0");
  });

  test("signed in, the Me page shows the nick name and Log out signs out", async () => {
    const server = await startTestServer((_, response) => sendJson(response, 200, { code: 0, data: null }));
    const baseURL = apiConfig.baseURL;
    configureApi({ baseURL: server.url });
    Object.assign(userState, { token: "tok", nickName: "Ann" });
    view = await renderApp("/user");
    expect((await waitFor(() => view.byTestId("user-nick-name"))).textContent).toBe("Ann");
    await click(view.byTestId("logout")!);
    await waitFor(() => view.byTestId("sign-in-entry"));
    expect(userState.token).toBe("");
    // The Me page also lists the favourites (GET like) while signed in.
    expect(
      server.requests.map((request) => request.path).filter((path) => !path.startsWith("/api/v1/tikmeta/portal/like")),
    ).toEqual(["/v1/user/logout"]);
    configureApi({ baseURL });
    await server.close();
  });
});
