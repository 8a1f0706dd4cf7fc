// A text drawn as a QR code in inline SVG (qrcode-generator, error correction M, UTF-8 bytes,
// a 4-module quiet zone). The box is `size` CSS pixels whatever the text's length, so nothing
// around it shifts when the code changes; dark modules are black on white in every theme so
// phone cameras read it. Test id on the <svg>, which also carries the module count in
// `data-modules` (0 when the text is too long for any QR code: the box stays, empty).
// Only the lazy pages that show a code import this module, so the library stays off the home
// route.
import { useMemo } from "react";
import qrcode from "qrcode-generator";

export const QR_ERROR_CORRECTION = "M";
/** Light modules around the code, as the QR specification asks. */
export const QR_QUIET_ZONE = 4;
export const QR_DEFAULT_SIZE = 200;

export interface QrCodeProps {
  text: string;
  /** What the code is for, read out by screen readers. */
  label: string;
  testId?: string;
  /** Width and height in CSS pixels. */
  size?: number;
  className?: string;
}

/**
 * The UTF-8 bytes of `text`, one character per byte: the library's byte mode keeps the low
 * 8 bits of each character, so this is how it encodes non-ASCII text (Chinese names) as UTF-8.
 */
const utf8Binary = (text: string): string =>
  Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join("");

export interface QrMatrix {
  count: number;
  isDark: (row: number, col: number) => boolean;
}

/** The code's modules, or null when the text does not fit in a QR code. */
export function qrMatrix(text: string): QrMatrix | null {
  try {
    const qr = qrcode(0, QR_ERROR_CORRECTION);
    qr.addData(utf8Binary(text), "Byte");
    qr.make();
    return { count: qr.getModuleCount(), isDark: (row, col) => qr.isDark(row, col) };
  } catch {
    return null;
  }
}

/** The dark modules as one SVG path; each run of dark modules in a row is one rectangle. */
function modulesPath({ count, isDark }: QrMatrix): string {
  let path = "";
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count;) {
      if (!isDark(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < count && isDark(row, col)) col += 1;
      path += `M${start + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${col - start}v1h-${col - start}z`;
    }
  }
  return path;
}

export function QrCode({ text, label, testId, size = QR_DEFAULT_SIZE, className }: QrCodeProps) {
  const matrix = useMemo(() => qrMatrix(text), [text]);
  const side = (matrix?.count ?? 0) + 2 * QR_QUIET_ZONE;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      className={className ? `qr-code ${className}` : "qr-code"}
      width={size}
      height={size}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={label}
      data-testid={testId}
      data-modules={matrix?.count ?? 0}
    >
      <rect width={side} height={side} fill="#fff" />
      {matrix && <path d={modulesPath(matrix)} fill="#000" />}
    </svg>
  );
}
