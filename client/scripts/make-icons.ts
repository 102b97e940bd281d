/**
 * Draws the app icons of the web app manifest (vite.config.ts) from the brand mark of
 * client/public/favicon.svg: a white house on the brand teal. Pure TypeScript with node's zlib:
 * the shapes are rasterised with 4×4 supersampling and written as RGBA PNG files into
 * client/public/icons. The PNGs are committed; run again after changing the mark:
 *
 *   npx tsx client/scripts/make-icons.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

type Point = [number, number];
type Rgb = [number, number, number];

const TEAL: Rgb = [0x0f, 0x76, 0x6e];
const WHITE: Rgb = [0xff, 0xff, 0xff];

/** The house of favicon.svg (viewBox 0 0 64 64), its small corner arcs left square. */
const HOUSE: Point[] = [
  [14, 32],
  [32, 16],
  [50, 32],
  [50, 50],
  [38, 50],
  [38, 37],
  [26, 37],
  [26, 50],
  [14, 50],
];

function insidePolygon(x: number, y: number, polygon: Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const [xi, yi] = polygon[i] as Point;
    const [xj, yj] = polygon[j] as Point;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideRoundedSquare(x: number, y: number, size: number, radius: number): boolean {
  if (x < 0 || y < 0 || x > size || y > size) return false;
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

type Icon = {
  file: string;
  size: number;
  /** Corner radius of the background in 64-unit mark space; 0 fills the square (maskable). */
  radius: number;
  /** Scale of the house around the mark's centre (maskable icons keep it in the safe zone). */
  houseScale: number;
};

const ICONS: Icon[] = [
  { file: 'icon-192.png', size: 192, radius: 14, houseScale: 1 },
  { file: 'icon-512.png', size: 512, radius: 14, houseScale: 1 },
  { file: 'icon-maskable-512.png', size: 512, radius: 0, houseScale: 0.72 },
  { file: 'apple-touch-icon-180.png', size: 180, radius: 0, houseScale: 0.8 },
];

const SAMPLES = 4;

function render(icon: Icon): Buffer {
  const { size } = icon;
  const unit = size / 64;
  const centre: Point = [32, 33];
  const house = HOUSE.map(([x, y]): Point => [centre[0] + (x - centre[0]) * icon.houseScale, centre[1] + (y - centre[1]) * icon.houseScale]);
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let background = 0;
      let mark = 0;
      for (let sy = 0; sy < SAMPLES; sy += 1) {
        for (let sx = 0; sx < SAMPLES; sx += 1) {
          const x = (px + (sx + 0.5) / SAMPLES) / unit;
          const y = (py + (sy + 0.5) / SAMPLES) / unit;
          if (icon.radius === 0 || insideRoundedSquare(x, y, 64, icon.radius)) {
            background += 1;
            if (insidePolygon(x, y, house)) mark += 1;
          }
        }
      }
      const total = SAMPLES * SAMPLES;
      const alpha = background / total;
      const share = background === 0 ? 0 : mark / background;
      const offset = (py * size + px) * 4;
      for (let c = 0; c < 3; c += 1) pixels[offset + c] = Math.round((TEAL[c] as number) * (1 - share) + (WHITE[c] as number) * share);
      pixels[offset + 3] = Math.round(alpha * 255);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG: each scanline with filter 0, deflated as one IDAT. */
export function encodePng(rgba: Buffer, width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
fs.mkdirSync(outDir, { recursive: true });
for (const icon of ICONS) {
  const file = path.join(outDir, icon.file);
  fs.writeFileSync(file, encodePng(render(icon), icon.size, icon.size));
  console.log(`${path.relative(process.cwd(), file)} (${icon.size}×${icon.size})`);
}
