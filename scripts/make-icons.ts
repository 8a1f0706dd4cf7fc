// Draws the app icons (a white radar on the brand colour) into public/icons as PNG, with no
// image library: pixels are computed here and encoded with zlib. Run: npx tsx scripts/make-icons.ts
import { deflateSync } from "node:zlib";
import { mkdirSync, writeFileSync } from "node:fs";

const BRAND: [number, number, number] = [0xff, 0x3b, 0x5c];
const WHITE: [number, number, number] = [0xff, 0xff, 0xff];

function crc32(buf: Buffer): number {
  let crc = ~0;
  for (const byte of buf) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(size: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    for (let x = 0; x < size; x++) rows.set(pixel(x, y), row + 1 + x * 3);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A radar: three rings, a sweep wedge and a centre dot, scaled to `content` of the icon. */
function radar(size: number, content: number) {
  const centre = size / 2;
  const radius = (size * content) / 2;
  const stroke = radius * 0.07;
  return (x: number, y: number): [number, number, number] => {
    const dx = x + 0.5 - centre;
    const dy = y + 0.5 - centre;
    const distance = Math.hypot(dx, dy) / radius;
    const angle = Math.atan2(dy, dx);
    const onRing = [0.35, 0.65, 0.95].some((r) => Math.abs(distance - r) * radius < stroke / 2);
    const inSweep = distance < 0.95 && angle > -Math.PI / 2 && angle < -Math.PI / 6;
    const dot = distance < 0.12;
    return onRing || dot ? WHITE : inSweep ? [0xff, 0x9d, 0xad] : BRAND;
  };
}

mkdirSync("public/icons", { recursive: true });
writeFileSync("public/icons/icon-192.png", encodePng(192, radar(192, 0.86)));
writeFileSync("public/icons/icon-512.png", encodePng(512, radar(512, 0.86)));
// Maskable: the launcher may crop to a circle of 80% of the size, so draw inside it.
writeFileSync("public/icons/icon-maskable-512.png", encodePng(512, radar(512, 0.66)));
writeFileSync("public/favicon.png", encodePng(64, radar(64, 0.9)));
