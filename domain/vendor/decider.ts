import { isAdmin, ownsVendor, type Actor } from '../shared/actor.ts';
import type { Decider } from '../shared/decider.ts';
import { refuse } from '../shared/refusal.ts';
import type { VendorCommand } from './commands.ts';
import type { VendorEvent, VendorProfile } from './events.ts';
import { streamOf } from '../shared/ids.ts';
import type { Translatable } from '../shared/translatable.ts';
import { isPermutation, keyOfItem, MAX_VENDOR_MEDIA, mediaItemProblem } from './media.ts';
import { isMediaEvent, mediaOfKind, profileAfterMedia } from './media-profile.ts';

// A vendor (stream `vendor-<vendorId>`): created by an admin, or by a signed-in user without a vendor
// registering as an artist; its profile is edited by its owner or an admin; admins assign owners and
// archive (and bring back). An archived vendor accepts no further change until it is unarchived.
export type VendorState =
  | { status: 'absent' }
  | { status: 'active' | 'archived'; vendorId: string; ownerUserId: string | null; profile: VendorProfile; business?: { legalName: string; israeliId: string } };

/** The stream of one vendor (`vendor-<vendorId>`). */
export const vendorStream = streamOf('vendor');

export const vendorDecider: Decider<VendorState, VendorCommand, VendorEvent> = {
  initialState: { status: 'absent' },

  evolve(state, event) {
    switch (event.type) {
      case 'VendorCreated':
        return { status: 'active', vendorId: event.data.vendorId, ownerUserId: event.data.ownerUserId, profile: event.data.profile };
      case 'VendorProfileUpdated':
        return state.status === 'absent' ? state : { ...state, profile: event.data.profile };
      case 'VendorOwnerAssigned':
        return state.status === 'absent' ? state : { ...state, ownerUserId: event.data.ownerUserId };
      case 'VendorArchived':
        return state.status === 'absent' ? state : { ...state, status: 'archived' };
      case 'VendorUnarchived':
        return state.status === 'absent' ? state : { ...state, status: 'active' };
      case 'VendorBusinessDetailsSet':
        return state.status === 'absent' ? state : { ...state, business: { legalName: event.data.legalName, israeliId: event.data.israeliId } };
      case 'VendorMediaAdded':
      case 'VendorMediaRemoved':
      case 'VendorMediaReordered':
      case 'VendorMediaDescribed':
        return state.status === 'absent' || !isMediaEvent(event) ? state : { ...state, profile: profileAfterMedia(state.profile, event) };
    }
  },

  decide(command, state) {
    if (command.type === 'CreateVendor') {
      mayCreate(command.actor, command.ownerUserId);
      if (state.status !== 'absent') refuse('conflict', 'vendor.exists', 'This vendor already exists.');
      return [{
        type: 'VendorCreated',
        data: { vendorId: command.vendorId, ownerUserId: command.ownerUserId, profile: command.profile, at: command.at },
      }];
    }
    if (state.status === 'absent') refuse('not_found', 'vendor.not-found', 'This vendor does not exist.');
    switch (command.type) {
      case 'UpdateVendorProfile':
        if (!isAdmin(command.actor) && !ownsVendor(command.actor, state.vendorId)) {
          refuse('forbidden', 'vendor.forbidden', 'Only the vendor itself or an admin may change this profile.');
        }
        refuseWhenArchived(state.status);
        return [{ type: 'VendorProfileUpdated', data: { vendorId: state.vendorId, profile: command.keepMedia ? withMediaOf(command.profile, state.profile) : command.profile, at: command.at } }];
      case 'AssignVendorOwner':
        requireAdmin(command.actor, 'assign a vendor owner');
        refuseWhenArchived(state.status);
        if (state.ownerUserId === command.ownerUserId) return [];
        return [{ type: 'VendorOwnerAssigned', data: { vendorId: state.vendorId, ownerUserId: command.ownerUserId, at: command.at } }];
      case 'ArchiveVendor':
        requireAdmin(command.actor, 'archive a vendor');
        if (state.status === 'archived') refuse('conflict', 'vendor.archived', 'This vendor is already archived.');
        return [{ type: 'VendorArchived', data: { vendorId: state.vendorId, reason: command.reason, at: command.at } }];
      case 'SetVendorBusinessDetails': {
        if (!isAdmin(command.actor) && !ownsVendor(command.actor, state.vendorId)) {
          refuse('forbidden', 'vendor.forbidden', 'Only the vendor itself or an admin may set its business details.');
        }
        refuseWhenArchived(state.status);
        const { legalName, israeliId } = command;
        if (state.business?.legalName === legalName && state.business.israeliId === israeliId) return [];
        return [{ type: 'VendorBusinessDetailsSet', data: { vendorId: state.vendorId, legalName, israeliId, at: command.at } }];
      }
      case 'AddVendorMedia': {
        requireOwnerOrAdmin(command.actor, state.vendorId);
        refuseWhenArchived(state.status);
        const { media } = command;
        const problem = mediaItemProblem(media);
        if (problem) refuse('invalid', 'vendor.media-invalid', problem);
        const items = mediaOfKind(state.profile, media.kind);
        if (items.some((item) => keyOfItem(item) === keyOfItem(media))) refuse('conflict', 'vendor.media-exists', 'This item is in the list already.');
        if (items.length >= MAX_VENDOR_MEDIA[media.kind]) refuse('conflict', 'vendor.media-full', `At most ${MAX_VENDOR_MEDIA[media.kind]} items of this kind; remove one first.`);
        return [{ type: 'VendorMediaAdded', data: { vendorId: state.vendorId, media, at: command.at } }];
      }
      case 'RemoveVendorMedia': {
        requireOwnerOrAdmin(command.actor, state.vendorId);
        refuseWhenArchived(state.status);
        if (!mediaOfKind(state.profile, command.kind).some((item) => keyOfItem(item) === command.key)) {
          refuse('not_found', 'vendor.media-not-found', 'This item is not in the list (any more).');
        }
        return [{ type: 'VendorMediaRemoved', data: { vendorId: state.vendorId, kind: command.kind, key: command.key, at: command.at } }];
      }
      case 'ReorderVendorMedia': {
        requireOwnerOrAdmin(command.actor, state.vendorId);
        refuseWhenArchived(state.status);
        const keys = mediaOfKind(state.profile, command.kind).map(keyOfItem);
        if (!isPermutation(keys, command.keys)) {
          refuse('conflict', 'vendor.media-not-a-permutation', 'The new order must name every item of the list once; the list changed meanwhile — reload it.');
        }
        if (keys.every((key, i) => key === command.keys[i])) return [];
        return [{ type: 'VendorMediaReordered', data: { vendorId: state.vendorId, kind: command.kind, keys: command.keys, at: command.at } }];
      }
      case 'DescribeVendorMedia': {
        requireOwnerOrAdmin(command.actor, state.vendorId);
        refuseWhenArchived(state.status);
        const item = mediaOfKind(state.profile, command.kind).find((candidate) => keyOfItem(candidate) === command.key) as { description: Translatable } | undefined;
        if (!item) refuse('not_found', 'vendor.media-not-found', 'This item is not in the list (any more).');
        const description = captionOf(command.description);
        if (sameCaption(captionOf(item.description), description)) return [];
        return [{ type: 'VendorMediaDescribed', data: { vendorId: state.vendorId, kind: command.kind, key: command.key, description, at: command.at } }];
      }
      case 'UnarchiveVendor':
        requireAdmin(command.actor, 'unarchive a vendor');
        if (state.status !== 'archived') refuse('conflict', 'vendor.not-archived', 'This vendor is not archived.');
        return [{ type: 'VendorUnarchived', data: { vendorId: state.vendorId, at: command.at } }];
    }
  },
};

/** Admins create any vendor; a signed-in user without a vendor creates one they own (artist registration). */
function mayCreate(actor: Actor, ownerUserId: string | null): void {
  if (isAdmin(actor)) return;
  if (actor.userId === null) refuse('forbidden', 'vendor.forbidden', 'Sign in to register as an artist.');
  if (ownerUserId !== actor.userId) refuse('forbidden', 'vendor.forbidden', 'You may only create a vendor that you own.');
  if (actor.vendorId !== null) refuse('conflict', 'vendor.owner-has-vendor', 'You already have a vendor profile.');
}

function requireAdmin(actor: Actor, action: string): void {
  if (!isAdmin(actor)) refuse('forbidden', 'vendor.forbidden', `Only an admin may ${action}.`);
}

/** The artist's own media: its owner, or an admin (who may also replace the whole profile). */
function requireOwnerOrAdmin(actor: Actor, vendorId: string): void {
  if (!isAdmin(actor) && !ownsVendor(actor, vendorId)) refuse('forbidden', 'vendor.forbidden', "Only the artist itself or an admin may change the artist's media.");
}

/** A caption with its empty languages left out. */
const captionOf = (value: Translatable): Translatable => ({ ...(value.he ? { he: value.he } : {}), ...(value.en ? { en: value.en } : {}) });
const sameCaption = (a: Translatable, b: Translatable): boolean => a.he === b.he && a.en === b.en;

/** `profile` with the media lists of `current` (UpdateVendorProfile with keepMedia). */
function withMediaOf(profile: VendorProfile, current: VendorProfile): VendorProfile {
  const { videoFiles: _sent, ...rest } = profile;
  return { ...rest, images: current.images, audio: current.audio, videos: current.videos, ...(current.videoFiles ? { videoFiles: current.videoFiles } : {}) };
}

function refuseWhenArchived(status: 'active' | 'archived'): void {
  if (status === 'archived') refuse('conflict', 'vendor.archived', 'This vendor is archived and can no longer be changed.');
}
