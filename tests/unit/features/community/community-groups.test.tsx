// The community groups block: the configured links per edition (WhatsApp and Zalo overseas,
// WeChat for the Chinese edition), the QR code only on request, and its place in the site
// footer and on Me.
import { afterEach, beforeAll, beforeEach, expect, test } from "vitest";
import { CommunityGroups } from "../../../../src/features/community/CommunityGroups";
import { communityOf } from "../../../../src/features/community/community";
import { DEFAULT_SITE_CONFIG, serializeSiteConfig, SITE_CONFIG_META } from "../../../../contract/site-config";
import { forgetSiteConfig } from "../../../../src/platform/site-config";
import { SiteFooter } from "../../../../src/components/SiteFooter";
import { applyLocale } from "../../../../src/i18n/switch-locale";
import { systemState } from "../../../../src/state/system";
import { allByRole, click, renderApp, renderUi, waitFor } from "../../helpers/render-app";

let view: Awaited<ReturnType<typeof renderUi>>;

beforeAll(() => applyLocale("en"));
beforeEach(() => {
  systemState.systemId = 14;
});
afterEach(async () => {
  await view?.unmount();
  setCommunityLinks(null);
});

/** The links a deployment set (COMMUNITY_*_URL), as the server writes them into the page. */
function setCommunityLinks(links: Partial<typeof DEFAULT_SITE_CONFIG.communityLinks> | null): void {
  document.head.querySelector(`meta[name="${SITE_CONFIG_META}"]`)?.remove();
  if (links) {
    const meta = document.createElement("meta");
    meta.name = SITE_CONFIG_META;
    meta.content = serializeSiteConfig({
      ...DEFAULT_SITE_CONFIG,
      communityLinks: { ...DEFAULT_SITE_CONFIG.communityLinks, ...links },
    });
    document.head.append(meta);
  }
  forgetSiteConfig();
}

/** The block: the section its "Join our community" heading names. */
const communityIn = (root: HTMLElement) =>
  allByRole(root, "heading", { name: "Join our community" })[0]?.closest<HTMLElement>("section") ?? null;

const groupLinks = (root: HTMLElement) =>
  allByRole(root, "link").map((link) => [link.textContent, link.getAttribute("href")]);

test("overseas: WhatsApp and Zalo groups from the configuration; the QR code on request", async () => {
  view = await renderUi(<CommunityGroups />);
  const block = communityIn(view.container)!;
  expect(groupLinks(block)).toEqual(communityOf(14).groups.map((group) => [`${group.name} group`, group.url]));
  expect(groupLinks(block).map(([name]) => name)).toEqual(["WhatsApp group", "Zalo group"]);
  expect(view.byTestId("community-qr")).toBeNull();
  await click(view.byRole("button", { name: "Show QR code" }));
  const qr = await waitFor(() => view.byTestId("community-qr"));
  expect(Number(qr.dataset.modules)).toBeGreaterThan(0);
  expect(qr.getAttribute("aria-label")).toBe("QR code of our WhatsApp community");
});

test("Chinese edition: the WeChat group", async () => {
  systemState.systemId = 13;
  view = await renderUi(<CommunityGroups />);
  expect(groupLinks(communityIn(view.container)!)).toEqual([["WeChat group", communityOf(13).chat.url]]);
});

test("the site footer shows the groups", async () => {
  view = await renderUi(<SiteFooter />);
  const footer = view.byTestId("site-footer")!;
  expect(communityIn(footer)?.getAttribute("aria-labelledby")).toBeTruthy();
  expect(allByRole(footer, "link", { name: "Zalo group" })).toHaveLength(1);
});

test("Me shows the groups, signed out too", async () => {
  view = await renderApp("/user");
  await waitFor(() => communityIn(view.container));
  expect(view.byRole("link", { name: "WhatsApp group" })?.getAttribute("href")).toBe(communityOf(14).groups[0].url);
});

test("a deployment's own links (COMMUNITY_*_URL in the site config) replace the built-in ones", async () => {
  setCommunityLinks({ zalo: "https://zalo.me/g/our-own-group", whatsapp: "javascript:alert(1)" });
  view = await renderUi(<CommunityGroups />);
  const links = groupLinks(communityIn(view.container)!);
  expect(links).toEqual([
    ["WhatsApp group", communityOf(14, DEFAULT_SITE_CONFIG.communityLinks).groups[0].url],
    ["Zalo group", "https://zalo.me/g/our-own-group"],
  ]);
});
