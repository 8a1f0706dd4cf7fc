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

interface TextStyle {
  size: number;
  weight?: number;
  colour: string;
  maxLines?: number;
  /** Space above the block. */
  gap?: number;
}

interface TextBlock {
  style: TextStyle;
  lines: string[];
  lineHeight: number;
}

/** A text broken into lines in its style (the context's font is left set to that style). */
function layoutBlock(context: PosterContext, text: string, style: TextStyle, locale: string): TextBlock {
  context.font = font(style.size, style.weight);
  const measure = (line: string) => context.measureText(line).width;
  const lines = wrapLines(text, POSTER_WIDTH - 2 * MARGIN, measure, locale, style.maxLines);
  return { style, lines, lineHeight: Math.round(style.size * 1.35) };
}

const blockHeight = (block: TextBlock) => (block.style.gap ?? 0) + block.lines.length * block.lineHeight;

/** Draws blocks one below the other, centred, from `top`; answers the y below the last one. */
function drawBlocks(context: PosterContext, blocks: TextBlock[], top: number): number {
  let y = top;
  for (const { style, lines, lineHeight } of blocks) {
    y += style.gap ?? 0;
    context.font = font(style.size, style.weight);
    context.fillStyle = style.colour;
    for (const line of lines) {
      context.fillText(line, POSTER_WIDTH / 2, y);
      y += lineHeight;
    }
  }
  return y;
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
  const block = (text: string, style: TextStyle) => layoutBlock(context, text, style, locale);
  context.textAlign = "center";
  context.textBaseline = "top";
  context.fillStyle = BRAND_COLOUR;
  context.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);

  // The brand at the top; the headline and the offer centred in the space above the card.
  const brandBottom = drawBlocks(
    context,
    [
      block(content.brand, { size: 44, weight: 700, colour: "#ffffff", maxLines: 1 }),
      block(content.tagline, { size: 24, colour: "#ffe3e8", maxLines: 2, gap: 4 }),
    ],
    64,
  );
  const message = [
    block(content.headline, { size: 54, weight: 700, colour: "#ffffff", maxLines: 3 }),
    block(content.offer, { size: 30, colour: "#ffffff", maxLines: 3, gap: 20 }),
  ];
  const messageHeight = message.reduce((sum, part) => sum + blockHeight(part), 0);
  drawBlocks(context, message, Math.max(brandBottom + 32, (brandBottom + CARD_TOP - messageHeight) / 2));

  const cardHeight = POSTER_HEIGHT - CARD_TOP - MARGIN;
  context.fillStyle = "#ffffff";
  context.beginPath();
  context.roundRect(MARGIN, CARD_TOP, POSTER_WIDTH - 2 * MARGIN, cardHeight, 24);
  context.fill();
  const qrTop = CARD_TOP + 28;
  drawQr(context, content.url, (POSTER_WIDTH - QR_SIZE) / 2, qrTop, QR_SIZE);
  drawBlocks(
    context,
    [
      block(content.codeLabel, { size: 24, colour: MUTED_COLOUR, maxLines: 1, gap: 16 }),
      block(content.code, { size: 48, weight: 700, colour: TEXT_COLOUR, maxLines: 1, gap: 2 }),
      block(content.scanHint, { size: 24, colour: MUTED_COLOUR, maxLines: 2, gap: 8 }),
    ],
    qrTop + QR_SIZE,
  );
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
