// The shared definitions in contract/: the locale rule (also run from its source text by the
// home shell's inline script), the message types of the page and the worker, viewer keys.
import { describe, expect, it } from "vitest";
import { apiLanguage, DEFAULT_LOCALE, detectLocale, isLocale, LOCALES, pickLocale } from "../../../contract/locales";
import {
  CLEAR_USER_DATA_CACHES,
  DEBUG_CACHES,
  messageType,
  SAVE_LIST_SNAPSHOT,
  SKIP_WAITING,
} from "../../../contract/sw-messages";
import { ANONYMOUS_VIEWER, VIEWER_KEY, viewerFromDigest } from "../../../contract/viewers";

describe("locales", () => {
  it("starts in the saved choice, else the browser language's prefix, else English", () => {
    expect(detectLocale("th", "vi-VN")).toBe("th");
    expect(detectLocale(undefined, "vi-VN")).toBe("vi");
    expect(detectLocale(null, "zh_CN")).toBe("zh");
    expect(detectLocale("fr", "ID-id")).toBe("id");
    expect(detectLocale("xx", "de-DE")).toBe(DEFAULT_LOCALE);
    expect(detectLocale(null, null)).toBe("en");
    expect(LOCALES.every(isLocale)).toBe(true);
    expect(apiLanguage("zh")).toBe("zh_CN");
    expect(apiLanguage("vi")).toBe("vi");
  });

  it("has a rule that runs from its own source text, with nothing from outside", () => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the point: the inline script evaluates this source text
    const isolated = new Function(`return (${pickLocale.toString()});`)() as typeof pickLocale;
    for (const [saved, browser] of [
      ["vi", "en-US"],
      [null, "th-TH"],
      [null, "zh_CN"],
      ["fr", "id-ID"],
      [null, "de-DE"],
      [null, null],
    ] as const) {
      expect(isolated(saved, browser, LOCALES, DEFAULT_LOCALE)).toBe(detectLocale(saved, browser));
    }
  });
});

describe("page and worker messages", () => {
  it("recognises its own message types only", () => {
    expect(messageType({ type: SKIP_WAITING })).toBe(SKIP_WAITING);
    expect(messageType({ type: CLEAR_USER_DATA_CACHES })).toBe(CLEAR_USER_DATA_CACHES);
    expect(messageType({ type: SAVE_LIST_SNAPSHOT, snapshot: {} })).toBe(SAVE_LIST_SNAPSHOT);
    expect(messageType({ type: DEBUG_CACHES, clear: false })).toBe(DEBUG_CACHES);
    expect(messageType({ type: "OTHER" })).toBeNull();
    expect(messageType(null)).toBeNull();
    expect(messageType("SKIP_WAITING")).toBeNull();
  });
});

describe("viewer keys", () => {
  it("are 16 hex digits of the digest, or anon", () => {
    const key = viewerFromDigest(new Uint8Array([0, 1, 2, 171, 205, 239, 16, 255, 9, 9]));
    expect(key).toBe("000102abcdef10ff");
    expect(VIEWER_KEY.test(key)).toBe(true);
    expect(VIEWER_KEY.test(ANONYMOUS_VIEWER)).toBe(true);
    expect(VIEWER_KEY.test("someone")).toBe(false);
  });
});
