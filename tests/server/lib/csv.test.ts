// CSV text: a UTF-8 BOM, RFC 4180 quoting, CRLF line ends, Vietnamese and Thai kept as written,
// and formula-looking text neutralised.
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvText } from "../../../server/lib/csv";

describe("csvText", () => {
  const text = csvText({
    header: ["Name", "Sales", "Note"],
    rows: [
      ["Áo thun nữ, cotton", 1200, 'He said "hi"'],
      ["เสื้อยืด", -3, "line\nbreak"],
      ["=HYPERLINK(1)", null, "-5"],
      ["flags", true, false],
    ],
  });

  it("starts with the byte-order mark and ends rows with CRLF", () => {
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1).startsWith("Name,Sales,Note\r\n")).toBe(true);
  });

  it("reads back cell for cell", () => {
    expect(parse(text, { bom: true })).toEqual([
      ["Name", "Sales", "Note"],
      ["Áo thun nữ, cotton", "1200", 'He said "hi"'],
      ["เสื้อยืด", "-3", "line\nbreak"],
      ["'=HYPERLINK(1)", "", "-5"],
      ["flags", "true", "false"],
    ]);
  });
});
