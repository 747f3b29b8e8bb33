import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { translatableText } from '../shared/translatable.ts';
import { vendorIntro, vendorLanguages, vendorName, vendorOriginLocation } from '../shared/validation.ts';
import { MediaCaption, VendorMediaItem, VendorMediaKind } from './media.ts';

// Stream `vendor-<vendorId>`. The profile fields are SPEC §3 "Vendor"; limits are SPEC §5.
const MediaUrl = z.string().trim().max(2000);
export const VendorProfile = z.strictObject({
  name: vendorName,
  /** Child tags of the `artist-categories` tag. */
  tagIds: z.array(Id).max(50),
  /** Rich text (HTML) per language, sanitized when rendered; a plain string is one language's (translatableText). */
  about: translatableText({ max: 50_000, required: false }).default({}),
  intro: vendorIntro,
  /** Language codes such as he, en, ru, ar. */
  languages: vendorLanguages,
  originLocation: vendorOriginLocation,
  heroImageUrl: MediaUrl.optional(),
  logoImageUrl: MediaUrl.optional(),
  /** Photos; an uploaded one (domain/vendor/media.ts) has a thumbnail. Every item's caption (`description`) is
   * per language; a plain string is one language's (translatableText). */
  images: z.array(z.strictObject({ url: MediaUrl, thumbnailUrl: MediaUrl.optional(), description: MediaCaption })).max(100).default([]),
  audio: z.array(z.strictObject({ url: MediaUrl, description: MediaCaption })).max(100).default([]),
  videos: z.array(z.strictObject({ youtubeId: z.string().regex(/^[A-Za-z0-9_-]{6,20}$/), description: MediaCaption })).max(100).default([]),
  /** Video files the artist uploaded (served with ranges, so a <video> seeks). */
  videoFiles: z.array(z.strictObject({ url: MediaUrl, description: MediaCaption })).max(100).optional(),
  /** Title and content per language; a plain string is one language's (translatableText). */
  generalInfo: z.array(z.strictObject({ title: translatableText({ max: 200 }), content: translatableText({ max: 5000, required: false }) })).max(50).default([]),
  geoLocationIds: z.array(Id).max(50).default([]),
});
export type VendorProfile = z.infer<typeof VendorProfile>;

export const VendorCreated = event('VendorCreated', z.strictObject({
  vendorId: Id, ownerUserId: Id.nullable(), profile: VendorProfile, at: IsoTime,
}));
export const VendorProfileUpdated = event('VendorProfileUpdated', z.strictObject({ vendorId: Id, profile: VendorProfile, at: IsoTime }));
export const VendorOwnerAssigned = event('VendorOwnerAssigned', z.strictObject({ vendorId: Id, ownerUserId: Id, at: IsoTime }));
export const VendorArchived = event('VendorArchived', z.strictObject({ vendorId: Id, reason: z.string().max(500), at: IsoTime }));

export const VendorUnarchived = event('VendorUnarchived', z.strictObject({ vendorId: Id, at: IsoTime }));
/**
 * The artist's business details (SPEC §5 Israeli personal id): the legal name and the id number of who
 * is paid and invoiced — a personal id (teudat zehut) or a business number, which passes the same check,
 * stored as 9 digits. Never on the public page: the owner and admins read them.
 */
export const VendorBusinessDetailsSet = event('VendorBusinessDetailsSet', z.strictObject({
  vendorId: Id, legalName: z.string().trim().min(2).max(200), israeliId: z.string().regex(/^\d{9}$/), at: IsoTime,
}));

/** The artist's media lists (domain/vendor/media.ts): an item added at the end, an item removed, a list in a new order, an item's caption. */
export const VendorMediaAdded = event('VendorMediaAdded', z.strictObject({ vendorId: Id, media: VendorMediaItem, at: IsoTime }));
export const VendorMediaRemoved = event('VendorMediaRemoved', z.strictObject({ vendorId: Id, kind: VendorMediaKind, key: z.string().min(1).max(2000), at: IsoTime }));
export const VendorMediaReordered = event('VendorMediaReordered', z.strictObject({ vendorId: Id, kind: VendorMediaKind, keys: z.array(z.string().min(1).max(2000)).max(100), at: IsoTime }));
/** An item's caption written anew, in both languages (either may be empty). */
export const VendorMediaDescribed = event('VendorMediaDescribed', z.strictObject({ vendorId: Id, kind: VendorMediaKind, key: z.string().min(1).max(2000), description: MediaCaption, at: IsoTime }));

export const VendorEvent = z.discriminatedUnion('type', [VendorCreated, VendorProfileUpdated, VendorOwnerAssigned, VendorArchived, VendorUnarchived, VendorBusinessDetailsSet, VendorMediaAdded, VendorMediaRemoved, VendorMediaReordered, VendorMediaDescribed]);
export type VendorEvent = z.infer<typeof VendorEvent>;
