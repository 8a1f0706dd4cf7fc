// Images drawn locally from an id (the image fields; nothing is fetched from outside): an
// identicon, a 5x5 mirrored grid in a colour pair picked by a hash of kind and id, with a play
// mark on video covers and a disc on music, rendered from SVG to WebP (quality 75) by sharp.
// Shapes only, no text, so the picture does not depend on the fonts a machine has.
// sharp (libvips, ~30 MB resident) is loaded on the first image drawn, not at boot: a server
// whose clients already hold their thumbnails (30-day immutable caching) never pays for it.
import { createHash } from "node:crypto";
import type Sharp from "sharp";
import { THUMBNAIL_QUALITY, type ImageKind } from "../engine";

let loading: Promise<typeof Sharp> | null = null;

function loadSharp(): Promise<typeof Sharp> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    // modules/catalog/routes/images.ts keeps the finished WebP files in its own LRU; libvips' operation
    // cache (up to 50 MB by default) would only hold a second copy of the work.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

/** Height over width per kind: video covers are portrait (3:4), everything else square. */
const ASPECT: Record<ImageKind, number> = {
  goods: 1,
  shop: 1,
  influencer: 1,
  video: 4 / 3,
  "video-origin": 4 / 3,
  music: 1,
};

export function imageSvg(kind: ImageKind, id: string, width: number): string {
  const hash = createHash("sha256").update(`${kind}:${id}`).digest();
  const height = Math.round(width * ASPECT[kind]);
  const hue = (hash[0] * 360) / 256;
  const background = `hsl(${hue.toFixed(0)} 55% 88%)`;
  const ink = `hsl(${((hue + 150) % 360).toFixed(0)} 60% 42%)`;
  const cell = width / 7;
  const top = (height - cell * 5) / 2;
  const cells: string[] = [];
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      if ((hash[1 + row * 3 + col] & 1) === 0) continue;
      for (const c of new Set([col, 4 - col])) {
        cells.push(
          `<rect x="${(cell * (c + 1)).toFixed(2)}" y="${(top + cell * row).toFixed(2)}" width="${cell.toFixed(2)}" height="${cell.toFixed(2)}"/>`,
        );
      }
    }
  }
  const cx = width / 2,
    cy = height / 2,
    r = width / 6;
  const mark =
    kind === "video" || kind === "video-origin"
      ? `<circle cx="${cx}" cy="${cy}" r="${r}" fill="rgba(0,0,0,0.45)"/><path d="M${cx - r / 3} ${cy - r / 2} L${cx + r / 2} ${cy} L${cx - r / 3} ${cy + r / 2} Z" fill="#fff"/>`
      : kind === "music"
        ? `<circle cx="${cx}" cy="${cy}" r="${r}" fill="rgba(0,0,0,0.6)"/><circle cx="${cx}" cy="${cy}" r="${r / 4}" fill="${background}"/>`
        : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="${background}"/><g fill="${ink}">${cells.join("")}</g>${mark}</svg>`;
}

export async function drawImage(kind: ImageKind, id: string, width: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(imageSvg(kind, id, width)))
    .webp({ quality: THUMBNAIL_QUALITY })
    .toBuffer();
}
