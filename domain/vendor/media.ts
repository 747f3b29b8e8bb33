import { z } from 'zod';

// The artist's own media (issue 22 item 5): photos they upload (resized, with a thumbnail, EXIF
// stripped), audio (an uploaded file or a SoundCloud link), YouTube videos and uploaded video files.
// Each kind is one list of the profile (SPEC §3 media), kept in the vendor's events: an item is
// added, removed or the list put in a new order. An item is named by its key (the URL, or the
// YouTube id), unique within its list. Pure: no I/O, no clock.

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
const Description = z.string().trim().max(500).default('');

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

// ---- Links the vendor pastes -------------------------------------------------------------------

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

function urlOf(input: string): URL | null {
  const value = input.trim();
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
}

/** The video id of a YouTube link in any of its shapes (watch, youtu.be, shorts, embed, live), or a bare id; else null. */
export function youtubeIdOfLink(input: string): string | null {
  const value = input.trim();
  if (YOUTUBE_ID.test(value)) return value;
  const url = urlOf(value);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') id = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === 'watch') id = url.searchParams.get('v');
    else if (['embed', 'shorts', 'live', 'v', 'e'].includes(segments[0] ?? '')) id = segments[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

const SOUNDCLOUD_SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * A SoundCloud track or playlist link as `https://soundcloud.com/<artist>/<track>` (or
 * `…/sets/<playlist>`; www, m and on.soundcloud.com short links too), without query or fragment; else null.
 */
export function soundCloudUrlOf(input: string): string | null {
  const url = urlOf(input);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  if (!segments.every((segment) => SOUNDCLOUD_SEGMENT.test(segment))) return null;
  if (host === 'on.soundcloud.com') return segments.length === 1 ? `https://on.soundcloud.com/${segments[0]}` : null;
  if (host !== 'soundcloud.com' && host !== 'www.soundcloud.com' && host !== 'm.soundcloud.com') return null;
  const track = segments.length === 2 && segments[1] !== 'sets';
  const playlist = segments.length === 3 && segments[1] === 'sets';
  return track || playlist ? `https://soundcloud.com/${segments.join('/')}` : null;
}

export const isSoundCloudUrl = (url: string): boolean => soundCloudUrlOf(url) === url;

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
