import { z } from 'zod';
import { Actor } from '../shared/actor.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { VendorProfile } from './events.ts';

// Commands of the vendor aggregate (stream `vendor-<vendorId>`). Who may issue each one is decided
// by the decider (SPEC §1, §6): an admin, or the vendor's owner for its own profile, or a signed-in
// user without a vendor creating their own (artist registration).

export const CreateVendor = z.strictObject({
  type: z.literal('CreateVendor'),
  actor: Actor,
  at: IsoTime,
  vendorId: Id,
  /** The user who owns the vendor; null for a vendor an admin creates without an owner yet. */
  ownerUserId: Id.nullable(),
  profile: VendorProfile,
});
export type CreateVendor = z.infer<typeof CreateVendor>;

export const UpdateVendorProfile = z.strictObject({
  type: z.literal('UpdateVendorProfile'),
  actor: Actor,
  at: IsoTime,
  vendorId: Id,
  profile: VendorProfile,
});
export type UpdateVendorProfile = z.infer<typeof UpdateVendorProfile>;

export const AssignVendorOwner = z.strictObject({
  type: z.literal('AssignVendorOwner'),
  actor: Actor,
  at: IsoTime,
  vendorId: Id,
  ownerUserId: Id,
});
export type AssignVendorOwner = z.infer<typeof AssignVendorOwner>;

export const ArchiveVendor = z.strictObject({
  type: z.literal('ArchiveVendor'),
  actor: Actor,
  at: IsoTime,
  vendorId: Id,
  reason: z.string().trim().max(500).default(''),
});
export type ArchiveVendor = z.infer<typeof ArchiveVendor>;

export const VendorCommand = z.discriminatedUnion('type', [CreateVendor, UpdateVendorProfile, AssignVendorOwner, ArchiveVendor]);
export type VendorCommand = z.infer<typeof VendorCommand>;
export type VendorCommandType = VendorCommand['type'];
