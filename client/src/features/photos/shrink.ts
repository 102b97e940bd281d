/**
 * Shrinking a photo on the device before it is kept: a phone camera's 12 MP picture becomes a
 * JPEG of at most PHOTO_MAX_PX on its longer side (a few hundred KB), turned upright from its EXIF
 * orientation. Drawing through a canvas also leaves every bit of metadata behind (GPS included);
 * the server re-encodes it again anyway (server/src/modules/photos/images.ts).
 */
import { PHOTO_MAX_PX } from '../../../../shared/api/photos';

/** A file over this size is refused before decoding (the server's own cap is on the shrunk copy). */
export const MAX_PICKED_BYTES = 40 * 1024 * 1024;
const JPEG_QUALITY = 0.85;

export type ShrunkPhoto = { data: ArrayBuffer; type: string; width: number; height: number };

export class UnreadablePhoto extends Error {}

/** The size that fits inside `max` × `max`, keeping the ratio, never enlarged. */
export function fitInside(width: number, height: number, max: number = PHOTO_MAX_PX): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new UnreadablePhoto('This device cannot draw the photo');
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new UnreadablePhoto('This device cannot draw the photo');
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new UnreadablePhoto('The photo could not be saved'))), 'image/jpeg', JPEG_QUALITY));
}

/** The picked file, shrunk; throws UnreadablePhoto when it is too large or not a picture the browser reads. */
export async function shrinkPhoto(file: Blob): Promise<ShrunkPhoto> {
  if (file.size > MAX_PICKED_BYTES) throw new UnreadablePhoto(`This file is over ${MAX_PICKED_BYTES / 1024 / 1024} MB: choose a photo`);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new UnreadablePhoto('This file is not a picture this device can read');
  }
  try {
    const size = fitInside(bitmap.width, bitmap.height);
    const blob = await encode(bitmap, size.width, size.height);
    return { data: await blob.arrayBuffer(), type: blob.type || 'image/jpeg', ...size };
  } finally {
    bitmap.close();
  }
}
