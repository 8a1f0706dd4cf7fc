// The shell as a new visitor meets it in Chromium: home, 404, the login guard, the manifest
// (installable, parsed by Chromium without errors, its screenshots loading at their declared
// sizes, translated per UI language), and the language switch reaching the UI and API headers.
import { describe, expect, it } from "vitest";
import { persistentPhoneContext } from "./browser";
import { baseURL, catalog, useBrowser, usePhonePage } from "./fixtures";

const browser = useBrowser();
const phonePage = usePhonePage(browser);

describe("shell", () => {
  it("renders home with the tab bar and the title rule", async () => {
    const page = await phonePage();
    await page.goto("/");
    await page.getByTestId("tab-bar").waitFor();
    expect(await page.getByTestId("tab-index").isVisible()).toBe(true);
    expect(await page.title()).toMatch(/^.+ \| ShopRadar$/);
  });

  it("keeps the document title when noChangeDocTitle is set", async () => {
    const page = await phonePage();
    await page.goto("/rank?noChangeDocTitle=1");
    await page.getByTestId("tab-bar").waitFor();
    expect(await page.title()).not.toMatch(/\| ShopRadar$/);
  });

  it("shows the 404 page for an unknown path", async () => {
    const page = await phonePage();
    await page.goto("/this/path/does-not-exist");
    await page.getByTestId("not-found").waitFor();
    expect(await page.getByTestId("tab-bar").count()).toBe(0);
  });

  it("opens the login prompt on a guarded page without a token, and confirm goes to /login", async () => {
    const page = await phonePage();
    await page.goto("/goodsDetail");
    const prompt = page.getByTestId("login-prompt");
    await prompt.waitFor();
    expect(await prompt.innerText()).toContain("Dear, Please register or login to unlock more features!");
    await page.getByTestId("login-prompt-confirm").click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(await page.getByTestId("login-prompt").count()).toBe(0);
  });

  it("does not open the login prompt on whitelisted pages", async () => {
    const page = await phonePage();
    for (const [path, name] of [
      ["/", "index"],
      ["/rank", "rank"],
      ["/discovery", "discovery"],
      ["/login", "login"],
    ]) {
      await page.goto(path);
      await page.getByTestId(`page-${name}`).waitFor();
      expect(await page.getByTestId("login-prompt").count(), path).toBe(0);
    }
  });

  it("shows a retry view when a page chunk fails to load, and retry recovers", async () => {
    const context = await browser().newContext({
      baseURL,
      serviceWorkers: "block",
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByTestId("tab-bar").waitFor();
    const failChunks = (route: import("playwright-core").Route) => route.abort("connectionfailed");
    await page.route(/\/assets\/UserPage-.*\.js$/, failChunks);
    await page.getByTestId("tab-user").click();
    await page.getByTestId("chunk-error").waitFor();
    await page.unroute(/\/assets\/UserPage-.*\.js$/, failChunks);
    await page.getByTestId("chunk-retry").click();
    await page.getByTestId("page-user").waitFor();
    expect(await page.getByTestId("chunk-error").count()).toBe(0);
    await context.close();
  });

  it("serves an installable manifest", async () => {
    const installContext = await persistentPhoneContext(baseURL);
    const page = await installContext.newPage();
    await page.goto("/");
    await page.getByTestId("tab-bar").waitFor();
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = await (await page.request.get(href!)).json();
    expect(manifest).toMatchObject({ short_name: "ShopRadar", display: "standalone" });
    const sizes = manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
    await page.evaluate(() => navigator.serviceWorker.ready);
    const session = await installContext.newCDPSession(page);
    const { installabilityErrors } = await session.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);

    // What the install dialog shows: Chromium's own parse of the manifest, with the screenshots
    // the build captured (narrow and wide), each loading at the size it declares.
    const { url, errors, manifest: parsed } = await session.send("Page.getAppManifest", {});
    expect(new URL(url).pathname).toBe("/manifest.webmanifest");
    expect(errors).toEqual([]);
    // Chromium names the form factors after its enum: kNarrow, kWide.
    const screenshots = (parsed.screenshots ?? []).map(({ image, formFactor, label }) => ({
      image,
      label,
      formFactor: formFactor.replace(/^k/, "").toLowerCase(),
    }));
    expect(new Set(screenshots.map((screenshot) => screenshot.formFactor))).toEqual(new Set(["narrow", "wide"]));
    for (const { image, formFactor, label } of screenshots) {
      expect(label).toBeTruthy();
      const [width, height] = image.sizes!.split("x").map(Number);
      expect(Math.min(width, height)).toBeGreaterThanOrEqual(320);
      expect(Math.max(width, height)).toBeLessThanOrEqual(3840);
      expect(Math.max(width, height) / Math.min(width, height)).toBeLessThanOrEqual(2.3);
      expect(formFactor === "wide" ? width > height : height > width, image.url).toBe(true);
      const loaded = await page.evaluate(async (src) => {
        const picture = new Image();
        picture.src = src;
        await picture.decode();
        return `${picture.naturalWidth}x${picture.naturalHeight}`;
      }, image.url);
      expect(loaded, image.url).toBe(image.sizes);
    }
    await installContext.close();

    // Another UI language's manifest, as Chromium reads it: its words from that language's catalog.
    const thaiPage = await phonePage({ locale: "th-TH" });
    await thaiPage.goto("/");
    await thaiPage.getByTestId("tab-bar").waitFor();
    const thai = await (await thaiPage.context().newCDPSession(thaiPage)).send("Page.getAppManifest", {});
    expect(new URL(thai.url).pathname).toBe("/manifest-th.webmanifest");
    expect(thai.errors).toEqual([]);
    expect(thai.manifest.name).toBe(catalog("th")("manifest.name"));
    expect(thai.manifest.screenshots?.map((screenshot) => screenshot.label)).toContain(
      catalog("th")("manifest.screenshot.home"),
    );
    // The app photographed in Thai: files of its own, not the English pictures.
    const thaiImages = (thai.manifest.screenshots ?? []).map(({ image }) => new URL(image.url).pathname);
    expect(thaiImages).toHaveLength(screenshots.length);
    for (const path of thaiImages) {
      expect(path).toMatch(/^\/screenshots\/th\/[\w-]+\.png$/);
      const picture = await thaiPage.request.get(path);
      expect(picture.status(), path).toBe(200);
      expect(picture.headers()["content-type"]).toBe("image/png");
    }
  });

  it("switches language: the UI and the x-language header follow", async () => {
    const page = await phonePage({ locale: "zh-CN" });
    const languages: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/v1/")) languages.push(request.headers()["x-language"]);
    });
    await page.goto("/user");
    const meTab = page.getByTestId("tab-user");
    await meTab.waitFor();
    const chineseLabel = await meTab.innerText();
    await expect.poll(() => languages).toContain("zh_CN");

    await page.getByTestId("language-switcher").selectOption("en");
    await expect.poll(() => meTab.innerText()).not.toBe(chineseLabel);
    expect(await meTab.innerText()).toBe("Me");

    languages.length = 0;
    await page.reload();
    await meTab.waitFor();
    await expect.poll(() => languages).toContain("en");
    expect(languages).not.toContain("zh_CN");
  });
});
