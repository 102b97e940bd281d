/**
 * Property images: JPEG, PNG or WebP, recognised by their first bytes (a
 * name or a declared type proves nothing), size-capped, decoded with a pixel cap (a small file
 * can unpack into a huge bitmap). Each upload is kept twice under `${dataDir}/uploads`:
 * - `originals/<random>.<ext>`: the file as sent, for later re-rendering; never served, since it
 *   may carry EXIF data such as the GPS position of the host's home;
 * - `<random>.webp`: the display copy, at most DISPLAY_MAX_PX on its longer side, turned upright
 *   from its EXIF orientation and without metadata (sharp, from prebuilt binaries shipped as npm
 *   packages). This is the one served at `/uploads/<name>` and listed in the property's images.
 * Names are 128 random bits, so a URL cannot be guessed and a name is never reused: the files are
 * served with a one-year immutable cache. The original shares the display copy's random part
 * (`originals/<random>.<ext>` beside `<random>.webp`), so that both go together once no property
 * lists the image any more (uploads.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
export const DISPLAY_MAX_PX = 1600;

export type ImageType = 'jpeg' | 'png' | 'webp';

export const EXTENSIONS: Record<ImageType, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** The image type from the file's magic bytes, or undefined. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => at(i) === b)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return undefined;
}

export class UnreadableImage extends Error {}

/** Directory of the served display copies. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** A served file name: 32 hex characters and .webp. */
export const SERVED_NAME = /^[a-f0-9]{32}\.webp$/;

export type StoredImage = { name: string; url: string; files: string[] };

/** Writes the original and its display copy; answers the display copy's public path. */
export async function storeImage(dataDir: string, bytes: Buffer, type: ImageType): Promise<StoredImage> {
  let display: Buffer;
  try {
    display = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: DISPLAY_MAX_PX, height: DISPLAY_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    throw new UnreadableImage(err instanceof Error ? err.message : String(err));
  }
  const dir = uploadsDir(dataDir);
  await fs.mkdir(path.join(dir, 'originals'), { recursive: true });
  const stem = randomBytes(16).toString('hex');
  const name = `${stem}.webp`;
  const original = path.join(dir, 'originals', `${stem}.${EXTENSIONS[type]}`);
  const shown = path.join(dir, name);
  await fs.writeFile(original, bytes, { flag: 'wx' });
  await fs.writeFile(shown, display, { flag: 'wx' });
  return { name, url: `/uploads/${name}`, files: [original, shown] };
}

/** Removes the files of an upload whose database write failed. */
export async function discardImage(stored: StoredImage): Promise<void> {
  await Promise.all(stored.files.map((f) => fs.rm(f, { force: true })));
}
