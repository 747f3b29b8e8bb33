import type { z } from 'zod';
import type { ProductDetails } from '../domain/product/events.ts';
import type { ContentFields } from '../domain/content/events.ts';
import type { VendorProfile } from '../domain/vendor/events.ts';

// Media URL fields (images, audio, hero and logo images) end up in `src` attributes and CSS `url()`
// on every visitor's page, so the command API takes only absolute http(s) URLs there, or a path on this
// site (`/demo/…` photos of the demo seed, `/media/…` uploads): no `javascript:`, `data:`, protocol-relative
// (`//host`) or other relative ones. An empty text means "no image". The event schemas stay as they were,
// so events written before this rule still replay.
const SITE_PATH = /^\/(?![/\\])[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/;
export function isWebUrl(value: string): boolean {
  if (/[\s\u0000-\u001f]/.test(value)) return false;
  if (SITE_PATH.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

type MediaUrls<T> = (value: T) => [path: (string | number)[], url: string | undefined][];

/** The schema, plus a 422 issue (at the field's path) for every media URL that is not http(s). */
export function withWebMediaUrls<S extends z.ZodType>(schema: S, urlsOf: MediaUrls<z.output<S>>): S {
  return schema.superRefine((value, ctx) => {
    for (const [path, url] of urlsOf(value as z.output<S>)) {
      if (url && !isWebUrl(url)) ctx.addIssue({ code: 'custom', path, message: 'Must be an http or https URL' });
    }
  }) as unknown as S;
}

export const vendorMediaUrls: MediaUrls<VendorProfile> = (profile) => [
  [['heroImageUrl'], profile.heroImageUrl],
  [['logoImageUrl'], profile.logoImageUrl],
  ...profile.images.map((image, i): [(string | number)[], string] => [['images', i, 'url'], image.url]),
  ...profile.audio.map((track, i): [(string | number)[], string] => [['audio', i, 'url'], track.url]),
];

export const productMediaUrls: MediaUrls<ProductDetails> = (details) => [
  [['introImage'], details.introImage],
  ...details.images.map((image, i): [(string | number)[], string] => [['images', i, 'url'], image.url]),
];

export const contentMediaUrls: MediaUrls<ContentFields> = (fields) => (fields.entityType === 'article' ? [[['imageUrl'], fields.imageUrl]] : []);
