// Alert words in the reader's language: a catalog (a PO file like locales/<locale>/messages.po)
// with explicit-id messages is read and compiled, plurals and values filled in; a locale without
// a translation, and an unknown locale, get the English message.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadTranslator, type Translator } from "../../../server/lib/translations";
import { ALERT_MESSAGES, alertText } from "../../../server/modules/monitoring/alert-messages";
import { monitorPushPayload } from "../../../server/modules/monitoring/services/notify";

const VI_CATALOG = `msgid ""
msgstr ""
"Language: vi\\n"

#. js-lingui-explicit-id
msgid "monitor.alert.rank-up"
msgstr "{name} tăng {places} bậc, lên hạng #{rank}"

#. js-lingui-explicit-id
msgid "monitor.alert.video"
msgstr "{name} đã đăng {count, plural, other {# video mới}}"

#. js-lingui-explicit-id
msgid "monitor.push.several"
msgstr "{count, plural, other {# thay đổi}} ở các mục bạn theo dõi"
`;

describe("server translations", () => {
  let dir: string;
  let translator: Translator;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "shopradar-locales-"));
    mkdirSync(path.join(dir, "vi"));
    writeFileSync(path.join(dir, "vi", "messages.po"), VI_CATALOG);
    translator = await loadTranslator(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("formats an alert in the reader's language, English where there is no translation", () => {
    const rank = { type: "rank" as const, detail: { name: "Son kem", before: 15, after: 3, places: 12 } };
    expect(alertText(translator, "vi", rank)).toBe("Son kem tăng 12 bậc, lên hạng #3");
    expect(alertText(translator, "en", rank)).toBe("Son kem moved up 12 places to #3");
    expect(alertText(translator, "th", rank)).toBe("Son kem moved up 12 places to #3");
    expect(alertText(translator, "xx", rank)).toBe("Son kem moved up 12 places to #3");
    const down = { type: "rank" as const, detail: { name: "Son kem", before: 3, after: 15, places: -12 } };
    expect(alertText(translator, "en", down)).toBe("Son kem moved down 12 places to #15");
  });

  it("fills plurals and the other alert kinds", () => {
    const video = (count: number) => ({ type: "video" as const, detail: { name: "Linh", count } });
    expect(alertText(translator, "en", video(1))).toBe("Linh posted a new video");
    expect(alertText(translator, "en", video(3))).toBe("Linh posted 3 new videos");
    expect(alertText(translator, "vi", video(3))).toBe("Linh đã đăng 3 video mới");
    expect(alertText(translator, "en", { type: "sales", detail: { name: "Mask", percent: -40 } })).toBe(
      "Mask: sales down 40% over 7 days",
    );
    expect(alertText(translator, "en", { type: "top-list", detail: { name: "Mask", rank: 7 } })).toBe(
      "Mask entered the top 50 at #7",
    );
  });

  it("makes one push: an alert opens its detail page, several open the Alerts tab", () => {
    const one = {
      userId: 1,
      kind: "goods" as const,
      entityId: "G 1",
      type: "rank" as const,
      detail: { name: "Mask", places: 12, after: 3 },
    };
    expect(monitorPushPayload(translator, "en", [one], false)).toEqual({
      title: translator.format("en", ALERT_MESSAGES.pushTitle),
      body: "Mask moved up 12 places to #3",
      url: "/goodsDetail?id=G%201",
      campaign: "monitor",
    });
    expect(monitorPushPayload(translator, "vi", [one, { ...one, type: "sales" }], false)).toMatchObject({
      body: "2 thay đổi ở các mục bạn theo dõi",
      url: "/monitor?tab=alerts",
      campaign: "monitor",
    });
    expect(monitorPushPayload(translator, "en", [one], true)).toEqual({
      title: "Your daily monitor digest",
      body: "1 change in your monitored items",
      url: "/monitor?tab=alerts",
      campaign: "monitor",
    });
  });
});
