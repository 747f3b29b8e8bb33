import { z } from 'zod';
import { translatableText } from '../shared/translatable.ts';

// The artist's own media (issue 22 item 5): photos they upload (resized, with a thumbnail, EXIF
// stripped), audio (an uploaded file or a SoundCloud link), YouTube videos and uploaded video files.
// Each kind is one list of the profile (SPEC §3 media), kept in the vendor's events: an item is
// added, removed or the list put in a new order. An item is named by its key (the URL, or the
// YouTube id), unique within its list. An item's caption (`description`) is translatable, {he, en},
// either or both empty; a plain string (events recorded before, an older API client) is the caption in
// the language of its script (translatableText). Pure: no I/O, no clock.

export const VENDOR_MEDIA_KINDS = ['photo', 'audio', 'youtube', 'video'] as const;
export const VendorMediaKind = z.enum(VENDOR_MEDIA_KINDS);
export type VendorMediaKind = z.infer<typeof VendorMediaKind>;

/** At most this many items of each kind ("at most N photos"). */
export const MAX_VENDOR_MEDIA: Record<VendorMediaKind, number> = { photo: 30, audio: 20, youtube: 20, video: 10 };

/** The profile list each kind lives in. */
export const listOfKind = { photo: 'images', audio: 'audio', youtube: 'videos', video: 'videoFiles' } as const satisfies Record<VendorMediaKind, string>;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
/** A file of the product's media library: `/media/<mediaId>/<fileName>`. */
const UPLOADED = /^\/media\/[A-Za-z0-9_-]{1,100}\/[^/?#\s]{1,300}$/;
/** An item's caption per language (each at most 500 characters, none required). */
export const MediaCaption = translatableText({ max: 500, required: false }).default({});
const Description = MediaCaption;

export const VendorMediaItem = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('photo'), url: z.string().max(2000), thumbnailUrl: z.string().max(2000).optional(), description: Description }),
  z.strictObject({ kind: z.literal('audio'), url: z.string().max(2000), description: Description }),
  z.strictObject({ kind: z.literal('youtube'), youtubeId: z.string().regex(YOUTUBE_ID), description: Description }),
  z.strictObject({ kind: z.literal('video'), url: z.string().max(2000), description: Description }),
]);
export type VendorMediaItem = z.infer<typeof VendorMediaItem>;

/** What names an item in its list. */
export const keyOfItem = (item: { url: string } | { youtubeId: string }): string => ('url' in item ? item.url : item.youtubeId);

/** Whether a URL is a file uploaded to the product's media library. */
export const isUploadedMediaPath = (url: string): boolean => UPLOADED.test(url);

export { isSoundCloudUrl, soundCloudUrlOf, youtubeIdOfLink } from './media-links.ts';
import { isSoundCloudUrl } from './media-links.ts';

/** Why an item may not be added (a sentence), or null when it may: uploads stay uploads, links stay links. */
export function mediaItemProblem(item: VendorMediaItem): string | null {
  switch (item.kind) {
    case 'photo':
      if (!isUploadedMediaPath(item.url)) return 'A photo must be a file uploaded here.';
      if (item.thumbnailUrl !== undefined && !isUploadedMediaPath(item.thumbnailUrl)) return "A photo's thumbnail must be a file uploaded here.";
      return null;
    case 'video':
      return isUploadedMediaPath(item.url) ? null : 'A video must be a file uploaded here or a YouTube link.';
    case 'audio':
      return isUploadedMediaPath(item.url) || isSoundCloudUrl(item.url) ? null : 'Audio must be a file uploaded here or a SoundCloud link.';
    case 'youtube':
      return null;
  }
}

/** Whether `keys` names every key of `current` exactly once (a new order of the same items). */
export function isPermutation(current: readonly string[], keys: readonly string[]): boolean {
  if (current.length !== keys.length) return false;
  const left = new Map<string, number>();
  for (const key of current) left.set(key, (left.get(key) ?? 0) + 1);
  for (const key of keys) {
    const count = left.get(key);
    if (!count) return false;
    left.set(key, count - 1);
  }
  return true;
}

/** The items of a list in the order `keys` names them (`keys` a permutation of the list's keys). */
export function reordered<T extends { url: string } | { youtubeId: string }>(items: readonly T[], keys: readonly string[]): T[] {
  const pool = [...items];
  const ordered: T[] = [];
  for (const key of keys) {
    const at = pool.findIndex((item) => keyOfItem(item) === key);
    if (at >= 0) ordered.push(pool.splice(at, 1)[0]!);
  }
  return [...ordered, ...pool];
}
