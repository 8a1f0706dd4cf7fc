// The invite poster, drawn in the browser on a <canvas> (no outside fetches, the system's fonts,
// so Thai and Chinese glyphs come from the phone's own fonts): the brand and its tagline on the
// brand colour, the headline and what a friend gets, then a white card with the QR code of the
// share URL (components/QrCode's qrMatrix, the same encoding as the app's other codes), the
// invite code and "scan to sign up". drawPoster draws on any 2D context; renderPoster makes
// the PNG.
import { qrMatrix, QR_QUIET_ZONE } from "../../components/QrCode";
import { wrapLines } from "./poster-layout";

export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1240;
const MARGIN = 56;
const BRAND_COLOUR = "#ff3b5c";
const TEXT_COLOUR = "#1f2329";
const MUTED_COLOUR = "#86909c";
const QR_SIZE = 340;
const CARD_TOP = 600;
/** The app's own font stack (app/shell.css): system fonts only. */
export const POSTER_FONT_FAMILY =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Thai", "Noto Sans CJK SC", "PingFang SC", sans-serif';

export interface PosterContent {
  locale: string;
  brand: string;
  tagline: string;
  headline: string;
  /** What the friend gets ("Sign up with my link and get 3 days of Basic free."). */
  offer: string;
  codeLabel: string;
  code: string;
  scanHint: string;
  /** The share URL the QR code carries. */
  url: string;
}

/** The part of a 2D context the poster uses (a test can record the calls). */
export type PosterContext = Pick<
  CanvasRenderingContext2D,
  "fillStyle" | "font" | "textAlign" | "textBaseline" | "fillRect" | "fillText" | "measureText" | "beginPath" | "fill"
> & { roundRect: (x: number, y: number, width: number, height: number, radii: number) => void };

const font = (size: number, weight = 400) => `${weight} ${size}px ${POSTER_FONT_FAMILY}`;

/** Draws centred lines from `top`; answers the y below the last line. */
function drawLines(
  context: PosterContext,
  text: string,
  {
    top,
    size,
    weight = 400,
    colour,
    maxLines,
  }: { top: number; size: number; weight?: number; colour: string; maxLines?: number },
  locale: string,
): number {
  context.font = font(size, weight);
  context.fillStyle = colour;
  const lineHeight = Math.round(size * 1.35);
  const lines = wrapLines(text, POSTER_WIDTH - 2 * MARGIN, (line) => context.measureText(line).width, locale, maxLines);
  lines.forEach((line, index) => context.fillText(line, POSTER_WIDTH / 2, top + index * lineHeight));
  return top + lines.length * lineHeight;
}

/** The QR code's dark modules as squares in a white box at (left, top), `size` pixels wide. */
function drawQr(context: PosterContext, url: string, left: number, top: number, size: number): void {
  context.fillStyle = "#ffffff";
  context.fillRect(left, top, size, size);
  const matrix = qrMatrix(url);
  if (!matrix) return;
  const cell = size / (matrix.count + 2 * QR_QUIET_ZONE);
  context.fillStyle = "#000000";
  for (let row = 0; row < matrix.count; row += 1) {
    for (let col = 0; col < matrix.count; col += 1) {
      if (!matrix.isDark(row, col)) continue;
      // Whole pixels (rounded edges, not sizes) so neighbouring modules leave no hairline gaps.
      const x = Math.round(left + (col + QR_QUIET_ZONE) * cell);
      const y = Math.round(top + (row + QR_QUIET_ZONE) * cell);
      context.fillRect(
        x,
        y,
        Math.round(left + (col + QR_QUIET_ZONE + 1) * cell) - x,
        Math.round(top + (row + QR_QUIET_ZONE + 1) * cell) - y,
      );
    }
  }
}

export function drawPoster(context: PosterContext, content: PosterContent): void {
  const { locale } = content;
  context.textAlign = "center";
  context.textBaseline = "top";
  context.fillStyle = BRAND_COLOUR;
  context.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);

  let y = drawLines(context, content.brand, { top: 64, size: 44, weight: 700, colour: "#ffffff", maxLines: 1 }, locale);
  y = drawLines(context, content.tagline, { top: y + 4, size: 24, colour: "#ffe3e8", maxLines: 2 }, locale);
  y = drawLines(
    context,
    content.headline,
    { top: y + 48, size: 54, weight: 700, colour: "#ffffff", maxLines: 3 },
    locale,
  );
  drawLines(context, content.offer, { top: y + 20, size: 30, colour: "#ffffff", maxLines: 3 }, locale);

  const cardHeight = POSTER_HEIGHT - CARD_TOP - MARGIN;
  context.fillStyle = "#ffffff";
  context.beginPath();
  context.roundRect(MARGIN, CARD_TOP, POSTER_WIDTH - 2 * MARGIN, cardHeight, 24);
  context.fill();
  const qrTop = CARD_TOP + 28;
  drawQr(context, content.url, (POSTER_WIDTH - QR_SIZE) / 2, qrTop, QR_SIZE);
  y = drawLines(
    context,
    content.codeLabel,
    { top: qrTop + QR_SIZE + 16, size: 24, colour: MUTED_COLOUR, maxLines: 1 },
    locale,
  );
  y = drawLines(context, content.code, { top: y + 2, size: 48, weight: 700, colour: TEXT_COLOUR, maxLines: 1 }, locale);
  drawLines(context, content.scanHint, { top: y + 8, size: 24, colour: MUTED_COLOUR, maxLines: 2 }, locale);
}

/** The poster as a PNG; rejects where the browser cannot draw on a canvas. */
export function renderPoster(content: PosterContent): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const context = canvas.getContext("2d");
  if (!context) return Promise.reject(new Error("no 2D canvas"));
  drawPoster(context, content);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no PNG"))), "image/png"),
  );
}
