// The web-view documents: every language carries every document with the English structure
// (translated, not copied), and /serve, /ys and /webview?page=... show them in the UI language.
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { LOCALES } from "../../../../src/i18n/locales";
import { applyLocale } from "../../../../src/i18n/switch-locale";
import { loadDocuments } from "../../../../src/pages/webview/documents/load";
import { DOCUMENT_IDS } from "../../../../src/pages/webview/documents/types";
import { renderApp, waitFor } from "../../helpers/render-app";

let view: Awaited<ReturnType<typeof renderApp>> | undefined;

beforeAll(() => applyLocale("en"));
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  await applyLocale("en");
});

describe("documents in every language", () => {
  test.each(LOCALES.filter((locale) => locale !== "en"))(
    "%s has every document, section and paragraph of English, translated",
    async (locale) => {
      const english = await loadDocuments("en");
      const translated = await loadDocuments(locale);
      for (const id of DOCUMENT_IDS) {
        const shape = (document: typeof english.about) => document.sections.map((section) => section.paragraphs.length);
        expect(shape(translated[id]), id).toEqual(shape(english[id]));
        expect(translated[id].title, id).not.toBe(english[id].title);
        const texts = [
          translated[id].summary,
          ...translated[id].sections.flatMap((section) => [section.heading, ...section.paragraphs]),
        ];
        const englishTexts = new Set([
          english[id].summary,
          ...english[id].sections.flatMap((section) => [section.heading, ...section.paragraphs]),
        ]);
        for (const text of texts) {
          expect(text.trim().length, id).toBeGreaterThan(0);
          expect(englishTexts.has(text), `${locale} ${id}: "${text}" is not translated`).toBe(false);
        }
      }
    },
  );
});

describe("web-view pages", () => {
  test.each([
    ["/serve", "terms", "Service agreement"],
    ["/ys", "privacy", "Privacy policy"],
    ["/webview?page=about", "about", "About ShopRadar"],
    ["/webview?page=resources", "resources", "Resources"],
    ["/webview?page=features", "features", "Features"],
  ])("%s shows the %s document", async (path, id, title) => {
    view = await renderApp(path);
    const article = await waitFor(() => view!.byTestId("document"));
    expect(article.dataset.document).toBe(id);
    expect(article.querySelector("h1")!.textContent).toBe(title);
    expect(article.querySelectorAll("section").length).toBeGreaterThan(0);
  });

  test("follows the UI language", async () => {
    await applyLocale("th");
    const thai = await loadDocuments("th");
    view = await renderApp("/ys");
    const article = await waitFor(() => view!.byTestId("document"));
    expect(article.querySelector("h1")!.textContent).toBe(thai.privacy.title);
    expect(article.getAttribute("lang")).toBe("th");
  });

  test("an unknown page says it does not exist", async () => {
    view = await renderApp("/webview?page=nothing-here");
    await waitFor(() => view!.byTestId("document-missing"));
    expect(view.byTestId("document")).toBeNull();
  });
});
