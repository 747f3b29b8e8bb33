import { toUrlSafe } from '../shared/slug.ts';

// What the media library keeps (SPEC §9: at most 100 MB a file) and how a file is named in its URL
// `/media/<mediaId>/<fileName>`. SVG and HTML are left out on purpose: served from the product's own
// origin they could run scripts in a visitor's session.

/** SPEC §9 "Media maximum file size 100 MB", counted in binary megabytes. */
export const MAX_MEDIA_BYTES = 100 * 1024 * 1024;

/** Accepted content types and the extension a file of that type gets. */
const extensionOfType: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/webm': 'weba',
  'audio/aac': 'aac',
  'audio/mp4': 'm4a',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/ogg': 'ogv',
  'video/quicktime': 'mov',
  'application/pdf': 'pdf',
};

/** Names browsers also give some of those types. */
const aliases: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/x-m4a': 'audio/mp4',
};

export const MEDIA_CONTENT_TYPES: readonly string[] = Object.keys(extensionOfType);

/** The accepted type a Content-Type header names (parameters and case ignored), or null. */
export function mediaContentType(header: string | undefined | null): string | null {
  if (!header) return null;
  const bare = header.split(';')[0]!.trim().toLowerCase();
  const type = aliases[bare] ?? bare;
  return type in extensionOfType ? type : null;
}

export type MediaKind = 'image' | 'audio' | 'video' | 'document';

export function mediaKindOf(contentType: string): MediaKind {
  const top = contentType.split('/')[0];
  return top === 'image' || top === 'audio' || top === 'video' ? top : 'document';
}

const MAX_NAME_LENGTH = 100;

/**
 * The URL-safe file name of an upload: the original name without its extension, as a slug (letters
 * of every script stay), cut to 100 characters, with the extension of its content type.
 */
export function mediaFileName(originalName: string, contentType: string): string {
  const extension = extensionOfType[contentType] ?? 'bin';
  const base = originalName.replace(/\.[^./\\]{1,10}$/, '').split(/[/\\]/).pop() ?? '';
  const slug = Array.from(toUrlSafe(base, 'file')).slice(0, MAX_NAME_LENGTH - extension.length - 1).join('').replace(/-+$/, '');
  return `${slug || 'file'}.${extension}`;
}

/** The path a media file is served at. */
export const mediaPath = (mediaId: string, fileName: string): string => `/media/${encodeURIComponent(mediaId)}/${encodeURIComponent(fileName)}`;
