import { z } from 'zod';
import { israeliId } from '../shared/validation.ts';
import { command } from '../shared/command-schema.ts';
import { Id } from '../shared/ids.ts';
import { VendorProfile } from './events.ts';
import { MediaCaption, VendorMediaItem, VendorMediaKind } from './media.ts';

// Commands of the vendor aggregate (stream `vendor-<vendorId>`). Who may issue each one is decided
// by the decider (SPEC §1, §6): an admin, or the vendor's owner for its own profile, or a signed-in
// user without a vendor creating their own (artist registration).

export const CreateVendor = command('CreateVendor', {
  vendorId: Id,
  /** The user who owns the vendor; null for a vendor an admin creates without an owner yet. */
  ownerUserId: Id.nullable(),
  profile: VendorProfile,
});
export type CreateVendor = z.infer<typeof CreateVendor>;

/**
 * `keepMedia`: the profile's media lists stay as they are now (the artist's own editor, whose media
 * section writes them item by item), so a form opened before an upload cannot drop it.
 */
export const UpdateVendorProfile = command('UpdateVendorProfile', { vendorId: Id, profile: VendorProfile, keepMedia: z.boolean().optional() });
export type UpdateVendorProfile = z.infer<typeof UpdateVendorProfile>;

export const AssignVendorOwner = command('AssignVendorOwner', { vendorId: Id, ownerUserId: Id });
export type AssignVendorOwner = z.infer<typeof AssignVendorOwner>;

export const ArchiveVendor = command('ArchiveVendor', { vendorId: Id, reason: z.string().trim().max(500).default('') });
export type ArchiveVendor = z.infer<typeof ArchiveVendor>;

/** Brings an archived vendor back (admins): its page, search card and products show again. */
export const UnarchiveVendor = command('UnarchiveVendor', { vendorId: Id });
export type UnarchiveVendor = z.infer<typeof UnarchiveVendor>;

/** The owner or an admin sets the business details; the id is checked and padded to 9 digits (SPEC §5). */
export const SetVendorBusinessDetails = command('SetVendorBusinessDetails', { vendorId: Id, legalName: z.string().trim().min(2).max(200), israeliId });
export type SetVendorBusinessDetails = z.infer<typeof SetVendorBusinessDetails>;

/** The owner (or an admin) adds a photo, audio, YouTube video or video file at the end of its list (domain/vendor/media.ts). */
export const AddVendorMedia = command('AddVendorMedia', { vendorId: Id, media: VendorMediaItem });
export type AddVendorMedia = z.infer<typeof AddVendorMedia>;

/** Removes the item named by its key (URL or YouTube id). */
export const RemoveVendorMedia = command('RemoveVendorMedia', { vendorId: Id, kind: VendorMediaKind, key: z.string().min(1).max(2000) });
export type RemoveVendorMedia = z.infer<typeof RemoveVendorMedia>;

/** Puts a list in a new order: `keys` names each of its items once. */
export const ReorderVendorMedia = command('ReorderVendorMedia', { vendorId: Id, kind: VendorMediaKind, keys: z.array(z.string().min(1).max(2000)).max(100) });
export type ReorderVendorMedia = z.infer<typeof ReorderVendorMedia>;

/** Writes an item's caption anew, per language (either may be empty; a plain string is the language of its script). */
export const DescribeVendorMedia = command('DescribeVendorMedia', { vendorId: Id, kind: VendorMediaKind, key: z.string().min(1).max(2000), description: MediaCaption });
export type DescribeVendorMedia = z.infer<typeof DescribeVendorMedia>;

export const VendorCommand = z.discriminatedUnion('type', [CreateVendor, UpdateVendorProfile, AssignVendorOwner, ArchiveVendor, UnarchiveVendor, SetVendorBusinessDetails, AddVendorMedia, RemoveVendorMedia, ReorderVendorMedia, DescribeVendorMedia]);
export type VendorCommand = z.infer<typeof VendorCommand>;
