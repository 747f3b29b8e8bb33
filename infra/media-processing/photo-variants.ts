import sharp from 'sharp';

// The artist's photos (issue 22 item 5), with sharp (libvips): turned upright by their EXIF
// orientation, then written again without any metadata (EXIF, GPS, camera, ICC beyond sRGB), as a
// display size and a square thumbnail, both WebP. The original is never kept.

/** The longest side of the display photo. */
export const DISPLAY_SIZE = 1600;
/** The side of the square thumbnail. */
export const THUMBNAIL_SIZE = 400;
/** A decoded photo may hold at most this many pixels (a small file can decode into a huge picture). */
const MAX_PIXELS = 100_000_000;

export interface PhotoVariant {
  bytes: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
}

export class UnreadablePhoto extends Error {
  constructor(cause: unknown) {
    super('The photo could not be read.', { cause });
    this.name = 'UnreadablePhoto';
  }
}

/** The display photo and its thumbnail from the file at `path` (JPEG, PNG, GIF, WebP or AVIF). */
export async function photoVariants(path: string): Promise<{ display: PhotoVariant; thumbnail: PhotoVariant }> {
  try {
    const source = () => sharp(path, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: false }).rotate();
    const display = await source()
      .resize({ width: DISPLAY_SIZE, height: DISPLAY_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await source()
      .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'cover', position: 'attention' })
      .webp({ quality: 72 })
      .toBuffer({ resolveWithObject: true });
    return {
      display: { bytes: display.data, contentType: 'image/webp', width: display.info.width, height: display.info.height },
      thumbnail: { bytes: thumbnail.data, contentType: 'image/webp', width: thumbnail.info.width, height: thumbnail.info.height },
    };
  } catch (error) {
    throw new UnreadablePhoto(error);
  }
}
