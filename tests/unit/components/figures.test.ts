// The figures of list rows: each list's figures, their values through lib/format.ts, and labels
// translated once per catalog yet always in the active language.
import { describe, expect, test } from "vitest";
import { figureLabel, figuresOf, figureText, RANK_FIGURES } from "../../../src/components/figures";
import { i18n } from "../../../src/i18n/catalog";
import { applyLocale } from "../../../src/i18n/switch-locale";

describe("figures", () => {
  test("a list's figures, and the entity's first list's for an unknown rank type", () => {
    expect(figuresOf("goods", "top-sale").map((figure) => figure.key)).toEqual(["salesVolume", "revenue"]);
    expect(figuresOf("goods", "nonsense")).toBe(RANK_FIGURES.goods["top-sale"]);
  });

  test("values read as their kind", () => {
    expect(figureText("count", 12_345, "VND", "en")).toBe("12.3K");
    expect(figureText("rate", 0.1234, "VND", "en")).toBe("12.34%");
    expect(figureText("money", null, "VND", "en")).toBe("-");
  });

  test("labels follow the active catalog", async () => {
    const [sales] = figuresOf("goods", "top-sale");
    await applyLocale("en");
    expect(figureLabel(sales, i18n)).toBe("Sales");
    await applyLocale("vi");
    expect(figureLabel(sales, i18n)).toBe("Lượt bán");
    await applyLocale("th");
    expect(figureLabel(sales, i18n)).toBe("ยอดขาย");
    await applyLocale("en");
    expect(figureLabel(sales, i18n)).toBe("Sales");
  });
});
