// A text as a QR code in inline SVG for the hosted page, drawn as the app's QrCode component
// draws it (src/components/QrCode.tsx: qrcode-generator, error correction M, UTF-8 bytes, a
// 4-module quiet zone, dark runs of a row as one rectangle each), but as a server-side string.
import qrcode from "qrcode-generator";
import { escapeHtml } from "./html";

const ERROR_CORRECTION = "M";
const QUIET_ZONE = 4;

const utf8Binary = (text: string): string =>
  Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join("");

/** The SVG element of `text`'s QR code, `size` CSS pixels square, labelled for screen readers. */
export function qrSvg(text: string, label: string, size = 220): string {
  const qr = qrcode(0, ERROR_CORRECTION);
  qr.addData(utf8Binary(text), "Byte");
  qr.make();
  const count = qr.getModuleCount();
  let path = "";
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count;) {
      if (!qr.isDark(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < count && qr.isDark(row, col)) col += 1;
      path += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`;
    }
  }
  const side = count + 2 * QUIET_ZONE;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="qr" width="${size}" height="${size}" ` +
    `viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges" role="img" aria-label="${escapeHtml(label)}" ` +
    `data-qr-payload="${escapeHtml(text)}"><rect width="${side}" height="${side}" fill="#fff"/>` +
    `<path d="${path}" fill="#000"/></svg>`
  );
}
