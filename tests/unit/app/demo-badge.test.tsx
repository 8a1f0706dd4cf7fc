// The Demo badge follows the site facts the server writes into index.html: shown with its
// explanation while demo mode is on, absent without the meta tag or with demo false, and
// translated like every other text.
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { DEFAULT_SITE_CONFIG, serializeSiteConfig, SITE_CONFIG_META } from "../../../contract/site-config";
import { DemoBadge } from "../../../src/app/DemoBadge";
import { applyLocale } from "../../../src/i18n/switch-locale";
import { forgetSiteConfig } from "../../../src/platform/site-config";
import { renderUi } from "../helpers/render-app";

let view: Awaited<ReturnType<typeof renderUi>> | undefined;

function setSiteMeta(demoMode: boolean | null): void {
  document.head.querySelector(`meta[name="${SITE_CONFIG_META}"]`)?.remove();
  if (demoMode !== null) {
    const meta = document.createElement("meta");
    meta.name = SITE_CONFIG_META;
    meta.content = serializeSiteConfig({ ...DEFAULT_SITE_CONFIG, demoMode });
    document.head.append(meta);
  }
  forgetSiteConfig();
}

beforeAll(() => applyLocale("en"));

afterEach(async () => {
  await view?.unmount();
  view = undefined;
  setSiteMeta(null);
  await applyLocale("en");
});

describe("DemoBadge", () => {
  test("shows 'Demo' with an explanation while the server is in demo mode", async () => {
    setSiteMeta(true);
    view = await renderUi(<DemoBadge />);
    const badge = view.byRole("note", { name: "Demo" });
    expect(badge).not.toBeNull();
    expect(badge.getAttribute("title")).toMatch(/data and the accounts are examples/);
    expect(badge.getAttribute("aria-description")).toBe(badge.getAttribute("title"));
  });

  test("is absent without the meta tag (the safe default) and when demo mode is off", async () => {
    setSiteMeta(null);
    view = await renderUi(<DemoBadge />);
    expect(view.byRole("note", { name: "Demo" })).toBeNull();
    await view.unmount();
    setSiteMeta(false);
    view = await renderUi(<DemoBadge />);
    expect(view.byTestId("demo-badge")).toBeNull();
  });

  test("speaks the visitor's language", async () => {
    setSiteMeta(true);
    await applyLocale("zh");
    view = await renderUi(<DemoBadge />);
    expect(view.byTestId("demo-badge")!.textContent).toBe("演示");
  });
});
