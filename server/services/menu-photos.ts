/**
 * A photo uploaded in the menu editor, made ready to serve: decoded with sharp (anything it
 * cannot read is refused), turned upright by its EXIF orientation, its metadata left behind
 * (location, camera), cut to 3:2 and written at every width of shared/menu-photo.ts as AVIF
 * and WebP. Its id is a hash of the uploaded bytes, so the same file uploaded twice is one photo.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { PHOTO_MAX_BYTES, PHOTO_NOT_IMAGE, PHOTO_TOO_LARGE } from '../../shared/api/admin-menu.ts';
import { MENU_PHOTO_RATIO, MENU_PHOTO_WIDTHS } from '../../shared/menu-photo.ts';
import type { PhotoVariant } from '../db/menu-editor.ts';
import { HttpError } from '../http/errors.ts';

/** A picture larger than this many pixels (a 40-megapixel camera) is refused before it is decoded in full. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface ResizedPhoto {
  id: string;
  variants: PhotoVariant[];
}

export async function resizePhoto(upload: Uint8Array): Promise<ResizedPhoto> {
  if (upload.byteLength > PHOTO_MAX_BYTES) throw new HttpError(413, PHOTO_TOO_LARGE);
  if (upload.byteLength === 0) throw new HttpError(422, PHOTO_NOT_IMAGE);
  const input = Buffer.from(upload.buffer, upload.byteOffset, upload.byteLength);
  let upright: Buffer;
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
    const { format } = await image.metadata();
    if (!format || !['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff'].includes(format)) {
      throw new Error(`not a photo: ${format ?? 'unknown'}`);
    }
    // Decoded once, upright, with no metadata; every size is cut from this.
    upright = await image.rotate().flatten({ background: '#ffffff' }).png({ compressionLevel: 1 }).toBuffer();
  } catch {
    throw new HttpError(422, PHOTO_NOT_IMAGE);
  }
  const variants: PhotoVariant[] = [];
  for (const width of MENU_PHOTO_WIDTHS) {
    const height = Math.round(width * MENU_PHOTO_RATIO);
    const resized = sharp(upright).resize({ width, height, fit: 'cover', position: 'attention' });
    variants.push({ width, format: 'avif', bytes: await resized.clone().avif({ quality: 50, effort: 4 }).toBuffer() });
    variants.push({ width, format: 'webp', bytes: await resized.clone().webp({ quality: 78 }).toBuffer() });
  }
  const id = createHash('sha256').update(input).digest('hex').slice(0, 32);
  return { id, variants };
}
