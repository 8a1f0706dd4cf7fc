// The invite poster: line breaking that fits the width between words as each language has them
// (English spaces, Chinese and Thai without spaces, a word too long for a line, an ellipsis past
// the last line allowed), and the drawing: the brand, the texts, the invite code and a QR code
// that is exactly qrcode-generator's code of the share URL, module for module.
import { describe, expect, test } from "vitest";
import { qrMatrix } from "../../../../src/components/QrCode";
import { drawPoster, POSTER_WIDTH, type PosterContent } from "../../../../src/features/invites/poster";
import { breakPieces, wrapLines } from "../../../../src/features/invites/poster-layout";
import { expectedCode } from "../../helpers/qr";
import { recordingContext } from "./recording-context";

const measure = (text: string) => [...text].length * 10;

describe("wrapLines", () => {
  test("English breaks between words and every line fits", () => {
    const lines = wrapLines("Sign up with my link and get 3 days of Basic free.", 150, measure, "en");
    expect(lines).toEqual(["Sign up with my", "link and get 3", "days of Basic", "free."]);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(150);
  });

  test("Chinese and Thai break between words without spaces, nothing lost", () => {
    const chinese = "使用我的链接注册即可免费获得3天基础版会员";
    const zh = wrapLines(chinese, 60, measure, "zh");
    expect(zh.join("")).toBe(chinese);
    expect(zh.length).toBeGreaterThan(1);
    for (const line of zh) expect(measure(line)).toBeLessThanOrEqual(60);

    const thai = "สมัครผ่านลิงก์ของฉันแล้วรับฟรี";
    expect(breakPieces(thai, "th").length).toBeGreaterThan(2);
    const th = wrapLines(thai, 120, measure, "th");
    expect(th.join("")).toBe(thai);
    for (const line of th) expect(measure(line)).toBeLessThanOrEqual(120);
    // Breaks fall between Thai words: every line is a run of whole segments.
    const words = breakPieces(thai, "th");
    const ends = new Set(words.map((_, index) => words.slice(0, index + 1).join("").length));
    let at = 0;
    for (const line of th.slice(0, -1)) {
      at += line.length;
      expect(ends.has(at)).toBe(true);
    }
  });

  test("a word wider than the line is broken between characters", () => {
    expect(wrapLines("ABCDEFGHIJKL xy", 50, measure, "en")).toEqual(["ABCDE", "FGHIJ", "KL xy"]);
  });

  test("past the last line allowed, the text ends in an ellipsis that fits", () => {
    const lines = wrapLines("one two three four five six", 80, measure, "en", 2);
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith("…")).toBe(true);
    expect(measure(lines[1])).toBeLessThanOrEqual(80);
  });
});

const content: PosterContent = {
  locale: "en",
  brand: "ShopRadar",
  tagline: "Find what sells on short-video commerce",
  headline: "Join me on ShopRadar",
  offer: "Sign up with my link and get 3 days of Basic free.",
  codeLabel: "Invite code",
  code: "ANN7Q2",
  scanHint: "Scan the QR code to sign up",
  url: "http://localhost:3000/shareGetVip/1?ic=ANN7Q2",
};

describe("drawPoster", () => {
  test("draws every text, centred, inside the poster", () => {
    const { context, drawn, texts } = recordingContext();
    drawPoster(context, content);
    expect(texts().join(" ")).toContain("ShopRadar");
    expect(texts()).toEqual(expect.arrayContaining(["Join me on ShopRadar", "Invite code", "ANN7Q2"]));
    expect(texts().join(" ").replace(/\s+/g, " ")).toContain("Sign up with my link and get 3 days of Basic free.");
    for (const text of drawn) {
      expect(text.x).toBe(POSTER_WIDTH / 2);
      expect(context.measureText(text.text).width).toBeLessThanOrEqual(POSTER_WIDTH);
    }
    expect(drawn.find((text) => text.text === "ANN7Q2")!.font).toMatch(/^700 48px .*Noto Sans Thai/);
  });

  test("the QR code is the share URL's code, module for module", () => {
    const { context, rects } = recordingContext();
    drawPoster(context, content);
    const modules = rects.filter((rect) => rect.fill === "#000000");
    const { count, dark } = expectedCode(content.url);
    expect(qrMatrix(content.url)!.count).toBe(count);
    expect(modules).toHaveLength(dark.size);
    // Back from pixels to modules: the module grid starts at the first dark module's corner.
    const white = rects.find((rect) => rect.fill === "#ffffff")!;
    const cell = white.width / (count + 8);
    const found = new Set(
      modules.map(
        (rect) => `${Math.round((rect.y - white.y) / cell) - 4},${Math.round((rect.x - white.x) / cell) - 4}`,
      ),
    );
    expect(found).toEqual(dark);
  });

  test("Thai and Chinese texts are drawn as given", () => {
    const { context, texts } = recordingContext();
    drawPoster(context, { ...content, locale: "th", headline: "มาใช้ ShopRadar กับฉัน", offer: "สมัครผ่านลิงก์ของฉันแล้วรับฟรี" });
    expect(texts().join("")).toContain("มาใช้ ShopRadar กับฉัน".replace(/\s/g, "").slice(0, 5));
    const zh = recordingContext();
    drawPoster(zh.context, { ...content, locale: "zh", headline: "和我一起用商品雷达" });
    expect(zh.texts()).toContain("和我一起用商品雷达");
  });
});
