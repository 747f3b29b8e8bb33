import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/actor.ts';
import { spec } from '../shared/decider-spec.ts';
import { UpdateVendorProfile, type VendorCommand } from './commands.ts';
import { vendorDecider } from './decider.ts';
import { VendorEvent, type VendorProfile } from './events.ts';

const at = '2026-11-21T10:00:00.000Z';
const later = '2026-11-22T10:00:00.000Z';
const admin: Actor = { userId: 'admin-1', roles: ['user', 'admin'], groups: ['superUsers'], vendorId: null };
const dana: Actor = { userId: 'user-dana', roles: ['user'], groups: [], vendorId: null };
const danaVendor: Actor = { ...dana, roles: ['user', 'vendor'], vendorId: 'vendor-1' };
const otherVendor: Actor = { userId: 'user-eli', roles: ['user', 'vendor'], groups: [], vendorId: 'vendor-2' };
const guest: Actor = { userId: null, roles: ['guest'], groups: [], vendorId: null };

const profile: VendorProfile = {
  name: { he: 'להקת הכוכבים', en: 'The Stars Band' },
  tagIds: ['tag-bands'],
  about: { en: '<p>Wedding band</p>' },
  intro: { he: 'להקה לחתונות' },
  languages: ['he', 'en'],
  originLocation: { he: 'תל אביב' },
  images: [], audio: [], videos: [], generalInfo: [], geoLocationIds: ['geo-center'],
};
const newProfile: VendorProfile = { ...profile, intro: { he: 'להקה לכל אירוע' } };

const created = (ownerUserId: string | null = 'user-dana'): VendorEvent =>
  ({ type: 'VendorCreated', data: { vendorId: 'vendor-1', ownerUserId, profile, at } });
const archived: VendorEvent = { type: 'VendorArchived', data: { vendorId: 'vendor-1', reason: 'Left the platform', at: later } };

const createVendor = (actor: Actor, ownerUserId: string | null): VendorCommand =>
  ({ type: 'CreateVendor', actor, at, vendorId: 'vendor-1', ownerUserId, profile });
const updateProfile = (actor: Actor): VendorCommand => ({ type: 'UpdateVendorProfile', actor, at: later, vendorId: 'vendor-1', profile: newProfile });
const assignOwner = (actor: Actor, ownerUserId = 'user-eli'): VendorCommand =>
  ({ type: 'AssignVendorOwner', actor, at: later, vendorId: 'vendor-1', ownerUserId });
const archive = (actor: Actor): VendorCommand => ({ type: 'ArchiveVendor', actor, at: later, vendorId: 'vendor-1', reason: 'Left the platform' });
const unarchive = (actor: Actor): VendorCommand => ({ type: 'UnarchiveVendor', actor, at: later, vendorId: 'vendor-1' });
const unarchived: VendorEvent = { type: 'VendorUnarchived', data: { vendorId: 'vendor-1', at: later } };

describe('vendor decider', () => {
  describe('CreateVendor', () => {
    it('an admin creates a vendor with or without an owner', () => {
      spec(vendorDecider).given([]).when(createVendor(admin, null)).then([created(null)]);
      spec(vendorDecider).given([]).when(createVendor(admin, 'user-dana')).then([created('user-dana')]);
    });
    it('a signed-in user without a vendor registers as an artist, owning it', () => {
      spec(vendorDecider).given([]).when(createVendor(dana, 'user-dana')).then([created('user-dana')]);
    });
    it('a user may not create a vendor for someone else or without owner', () => {
      spec(vendorDecider).given([]).when(createVendor(dana, 'user-eli')).thenRefused('vendor.forbidden');
      spec(vendorDecider).given([]).when(createVendor(dana, null)).thenRefused('vendor.forbidden');
    });
    it('a guest may not create a vendor', () => {
      spec(vendorDecider).given([]).when(createVendor(guest, null)).thenRefused('vendor.forbidden');
    });
    it('a user who already has a vendor may not create a second one', () => {
      const refusal = spec(vendorDecider).given([]).when(createVendor(danaVendor, 'user-dana')).thenRefused('vendor.owner-has-vendor');
      expect(refusal.kind).toBe('conflict');
    });
    it('refuses an id that already exists', () => {
      const refusal = spec(vendorDecider).given([created()]).when(createVendor(admin, null)).thenRefused('vendor.exists');
      expect(refusal.kind).toBe('conflict');
    });
  });

  describe('UpdateVendorProfile', () => {
    const updated: VendorEvent = { type: 'VendorProfileUpdated', data: { vendorId: 'vendor-1', profile: newProfile, at: later } };
    it('the owner vendor updates its own profile', () => {
      spec(vendorDecider).given([created()]).when(updateProfile(danaVendor)).then([updated]);
    });
    it('an admin updates any profile', () => {
      spec(vendorDecider).given([created()]).when(updateProfile(admin)).then([updated]);
    });
    it('another vendor, a plain user and a guest are refused', () => {
      for (const actor of [otherVendor, dana, guest]) {
        const refusal = spec(vendorDecider).given([created()]).when(updateProfile(actor)).thenRefused('vendor.forbidden');
        expect(refusal.kind).toBe('forbidden');
      }
    });
    it('a missing vendor is not found', () => {
      const refusal = spec(vendorDecider).given([]).when(updateProfile(admin)).thenRefused('vendor.not-found');
      expect(refusal.kind).toBe('not_found');
    });
    it('an archived vendor refuses updates', () => {
      spec(vendorDecider).given([created(), archived]).when(updateProfile(danaVendor)).thenRefused('vendor.archived');
    });
    it('the new profile is the state', () => {
      const { state } = spec(vendorDecider).given([created(), updated]);
      expect(state.status === 'active' && state.profile.intro).toEqual({ he: 'להקה לכל אירוע' });
    });
    it('about and general info are kept per language', () => {
      const bilingual: VendorProfile = {
        ...profile, about: { he: '<p>להקה לחתונות</p>', en: '<p>Wedding band</p>' },
        generalInfo: [{ title: { he: 'ציוד', en: 'Equipment' }, content: { he: 'הגברה עד 300 אורחים', en: 'Sound for up to 300 guests' } }],
      };
      const command = UpdateVendorProfile.parse({ type: 'UpdateVendorProfile', actor: danaVendor, at: later, vendorId: 'vendor-1', profile: bilingual });
      spec(vendorDecider).given([created()]).when(command)
        .then([{ type: 'VendorProfileUpdated', data: { vendorId: 'vendor-1', profile: bilingual, at: later } }]);
    });
    it('an event recorded when about and general info were one text reads as that text in its own language', () => {
      const recorded = VendorEvent.parse({
        type: 'VendorCreated',
        data: { vendorId: 'vendor-1', ownerUserId: null, at, profile: { ...profile, about: '<p>להקה לחתונות</p>', generalInfo: [{ title: 'Equipment', content: '' }] } },
      });
      const { state } = spec(vendorDecider).given([recorded]);
      expect(state.status === 'active' && state.profile.about).toEqual({ he: '<p>להקה לחתונות</p>' });
      expect(state.status === 'active' && state.profile.generalInfo).toEqual([{ title: { en: 'Equipment' }, content: {} }]);
    });
  });

  describe('AssignVendorOwner', () => {
    it('an admin assigns an owner', () => {
      spec(vendorDecider).given([created(null)]).when(assignOwner(admin))
        .then([{ type: 'VendorOwnerAssigned', data: { vendorId: 'vendor-1', ownerUserId: 'user-eli', at: later } }]);
    });
    it('assigning the current owner again changes nothing', () => {
      spec(vendorDecider).given([created('user-dana')]).when(assignOwner(admin, 'user-dana')).then([]);
    });
    it('the owner vendor itself may not reassign', () => {
      spec(vendorDecider).given([created()]).when(assignOwner(danaVendor)).thenRefused('vendor.forbidden');
    });
    it('refused on a missing or archived vendor', () => {
      spec(vendorDecider).given([]).when(assignOwner(admin)).thenRefused('vendor.not-found');
      spec(vendorDecider).given([created(), archived]).when(assignOwner(admin)).thenRefused('vendor.archived');
    });
  });

  describe('ArchiveVendor', () => {
    it('an admin archives', () => {
      spec(vendorDecider).given([created()]).when(archive(admin)).then([archived]);
    });
    it('the owner vendor may not archive', () => {
      spec(vendorDecider).given([created()]).when(archive(danaVendor)).thenRefused('vendor.forbidden');
    });
    it('archiving twice is refused', () => {
      spec(vendorDecider).given([created(), archived]).when(archive(admin)).thenRefused('vendor.archived');
    });
    it('a missing vendor is not found', () => {
      spec(vendorDecider).given([]).when(archive(admin)).thenRefused('vendor.not-found');
    });
  });

  describe('UnarchiveVendor', () => {
    it('an admin brings an archived vendor back, and it accepts changes again', () => {
      spec(vendorDecider).given([created(), archived]).when(unarchive(admin)).then([unarchived]);
      spec(vendorDecider).given([created(), archived, unarchived]).when(updateProfile(danaVendor))
        .then([{ type: 'VendorProfileUpdated', data: { vendorId: 'vendor-1', profile: newProfile, at: later } }]);
    });
    it('the owner vendor may not unarchive', () => {
      spec(vendorDecider).given([created(), archived]).when(unarchive(danaVendor)).thenRefused('vendor.forbidden');
    });
    it('a vendor that is not archived is refused', () => {
      spec(vendorDecider).given([created()]).when(unarchive(admin)).thenRefused('vendor.not-archived');
      spec(vendorDecider).given([]).when(unarchive(admin)).thenRefused('vendor.not-found');
    });
  });

  describe('SetVendorBusinessDetails (SPEC §5 Israeli personal id)', () => {
    const details = (actor: Actor, israeliId = '123456782', legalName = 'Dana Levi'): VendorCommand =>
      ({ type: 'SetVendorBusinessDetails', actor, at: later, vendorId: 'vendor-1', legalName, israeliId });
    const set = (israeliId = '123456782', legalName = 'Dana Levi'): VendorEvent =>
      ({ type: 'VendorBusinessDetailsSet', data: { vendorId: 'vendor-1', legalName, israeliId, at: later } });

    it('the owner or an admin sets them; the same again changes nothing', () => {
      spec(vendorDecider).given([created()]).when(details(danaVendor)).then([set()]);
      spec(vendorDecider).given([created()]).when(details(admin)).then([set()]);
      spec(vendorDecider).given([created(), set()]).when(details(danaVendor)).then([]);
      spec(vendorDecider).given([created(), set()]).when(details(danaVendor, '000000018')).then([set('000000018')]);
    });
    it('anyone else is refused, and an archived artist changes nothing', () => {
      expect(spec(vendorDecider).given([created()]).when(details(otherVendor)).thenRefused('vendor.forbidden').kind).toBe('forbidden');
      spec(vendorDecider).given([created(), archived]).when(details(danaVendor)).thenRefused('vendor.archived');
    });
    it('the command checks the id (5 to 9 digits, the check digit) and pads it to 9', async () => {
      const { SetVendorBusinessDetails } = await import('./commands.ts');
      const parse = (israeliId: string) => SetVendorBusinessDetails.safeParse({ ...details(danaVendor), israeliId });
      expect(parse('18').success).toBe(false);
      expect(parse('123456789').success).toBe(false);
      expect(parse('12345678a').success).toBe(false);
      const padded = parse(' 18 ');
      expect(padded.success).toBe(false);
      const short = parse('00018');
      expect(short.success && short.data.israeliId).toBe('000000018');
      expect(parse('123456782').success).toBe(true);
    });
  });
});
