import { isAdmin, ownsVendor, type Actor } from '../shared/actor.ts';
import type { Decider } from '../shared/decider.ts';
import { refuse } from '../shared/refusal.ts';
import type { VendorCommand } from './commands.ts';
import type { VendorEvent, VendorProfile } from './events.ts';
import { streamOf } from '../shared/ids.ts';

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
        return [{ type: 'VendorProfileUpdated', data: { vendorId: state.vendorId, profile: command.profile, at: command.at } }];
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

function refuseWhenArchived(status: 'active' | 'archived'): void {
  if (status === 'archived') refuse('conflict', 'vendor.archived', 'This vendor is archived and can no longer be changed.');
}
