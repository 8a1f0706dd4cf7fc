// Reads back a QR code drawn by src/components/QrCode.tsx and compares it with what
// qrcode-generator itself makes of a text (error correction M), module by module.
import qrcode from "qrcode-generator";
import { expect } from "vitest";
import { QR_QUIET_ZONE } from "../../../src/components/QrCode";

/** The dark modules of a rendered code, as "row,col" (the path draws each dark run of a row). */
export function renderedModules(svg: Element): Set<string> {
  const path = svg.querySelector("path")?.getAttribute("d") ?? "";
  const cells = new Set<string>();
  for (const [, x, y, length] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let step = 0; step < Number(length); step += 1)
      cells.add(`${Number(y) - QR_QUIET_ZONE},${Number(x) - QR_QUIET_ZONE + step}`);
  }
  return cells;
}

/** qrcode-generator's own code for an ASCII text: module count and dark modules. */
export function expectedCode(text: string): { count: number; dark: Set<string> } {
  const qr = qrcode(0, "M");
  qr.addData(text);
  qr.make();
  const count = qr.getModuleCount();
  const dark = new Set<string>();
  for (let row = 0; row < count; row += 1)
    for (let col = 0; col < count; col += 1) if (qr.isDark(row, col)) dark.add(`${row},${col}`);
  return { count, dark };
}

/** The rendered <svg> encodes exactly `text`. */
export function expectQrOf(svg: Element | null, text: string): void {
  expect(svg?.tagName.toLowerCase()).toBe("svg");
  const { count, dark } = expectedCode(text);
  expect(Number(svg!.getAttribute("data-modules"))).toBe(count);
  expect(svg!.getAttribute("viewBox")).toBe(`0 0 ${count + 2 * QR_QUIET_ZONE} ${count + 2 * QR_QUIET_ZONE}`);
  expect(renderedModules(svg!)).toEqual(dark);
}
