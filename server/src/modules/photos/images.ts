/**
 * What the server keeps of an uploaded photo: the image re-encoded by sharp, turned upright from
 * its EXIF orientation and with no metadata left (GPS position, camera, time), at most
 * PHOTO_MAX_PX on its longer side, and a PHOTO_THUMB_PX thumbnail. The bytes as sent are never
 * stored. The type is recognised by content (properties/images.ts `sniffImageType`), and decoding
 * stops at a pixel cap (a small file can unpack into a huge bitmap).
 */
import sharp from 'sharp';
import { PHOTO_MAX_PX, PHOTO_THUMB_PX } from '../../../../shared/api/photos';
import { MAX_IMAGE_PIXELS, UnreadableImage, sniffImageType } from '../properties/images';

export type ProcessedPhoto = { image: Buffer; thumbnail: Buffer; width: number; height: number };

const WEBP_QUALITY = 82;

/** Undefined when the bytes are not a JPEG, PNG or WebP image; throws UnreadableImage when they do not decode. */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto | undefined> {
  if (!sniffImageType(bytes)) return undefined;
  try {
    // withMetadata is never called: sharp writes no EXIF, XMP or ICC of the input by default.
    const upright = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
    const { data: image, info } = await upright
      .clone()
      .resize({ width: PHOTO_MAX_PX, height: PHOTO_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await upright.resize({ width: PHOTO_THUMB_PX, height: PHOTO_THUMB_PX, fit: 'inside', withoutEnlargement: true }).webp({ quality: 70 }).toBuffer();
    return { image, thumbnail, width: info.width, height: info.height };
  } catch (err) {
    throw new UnreadableImage(err instanceof Error ? err.message : String(err));
  }
}
