import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/actor.ts';
import { spec } from '../shared/decider-spec.ts';
import { DispensePhoneNumber, type PhoneNumberDispenseCommand } from './commands.ts';
import { phoneNumberDispenseDecider } from './decider.ts';
import type { PhoneNumberDispenseEvent } from './events.ts';

const at = '2026-11-21T10:00:00.000Z';
const later = '2026-11-22T10:00:00.000Z';
const guest: Actor = { userId: null, roles: ['guest'], groups: [], vendorId: null };
const customer: Actor = { userId: 'user-dana', roles: ['user'], groups: [], vendorId: null };
const admin: Actor = { userId: 'admin-1', roles: ['user', 'admin'], groups: [], vendorId: null };
const superUser: Actor = { userId: 'admin-2', roles: ['user', 'admin'], groups: ['superUsers'], vendorId: null };

const dispense = (actor: Actor, dispensedNumber: string | null = '+972521234567'): PhoneNumberDispenseCommand => ({
  type: 'DispensePhoneNumber', actor, at, id: 'd1', vendorId: 'vendor-1', fullName: 'Dana Levi', phoneNumber: '+972501234567', dispensedNumber,
});
const dispensed = (userId: string | null, dispensedNumber: string | null = '+972521234567'): PhoneNumberDispenseEvent => ({
  type: 'PhoneNumberDispensed', data: { id: 'd1', vendorId: 'vendor-1', fullName: 'Dana Levi', phoneNumber: '+972501234567', userId, dispensedNumber, at },
});
const remove = (actor: Actor): PhoneNumberDispenseCommand => ({ type: 'DeletePhoneNumberDispense', actor, at: later, id: 'd1' });
const deleted: PhoneNumberDispenseEvent = { type: 'PhoneNumberDispenseDeleted', data: { id: 'd1', at: later } };

describe('phone number dispense decider', () => {
  it('a guest or a signed-in visitor gets a number, recorded with their details', () => {
    spec(phoneNumberDispenseDecider).given([]).when(dispense(guest)).then([dispensed(null)]);
    spec(phoneNumberDispenseDecider).given([]).when(dispense(customer)).then([dispensed('user-dana')]);
  });
  it('records the request even when the artist lists no number', () => {
    spec(phoneNumberDispenseDecider).given([]).when(dispense(guest, null)).then([dispensed(null, null)]);
  });
  it('a dispense is recorded once', () => {
    expect(spec(phoneNumberDispenseDecider).given([dispensed(null)]).when(dispense(guest)).thenRefused('phone-number-dispense.exists').kind).toBe('conflict');
  });
  it('only a super user deletes one, once', () => {
    spec(phoneNumberDispenseDecider).given([dispensed(null)]).when(remove(superUser)).then([deleted]);
    expect(spec(phoneNumberDispenseDecider).given([dispensed(null)]).when(remove(admin)).thenRefused('phone-number-dispense.forbidden').kind).toBe('forbidden');
    expect(spec(phoneNumberDispenseDecider).given([dispensed(null), deleted]).when(remove(superUser)).thenRefused('phone-number-dispense.not-found').kind).toBe('not_found');
    spec(phoneNumberDispenseDecider).given([]).when(remove(superUser)).thenRefused('phone-number-dispense.not-found');
  });
  it('the command wants a full name and a phone in the stored string form', () => {
    expect(DispensePhoneNumber.safeParse(dispense(guest)).success).toBe(true);
    expect(DispensePhoneNumber.safeParse({ ...dispense(guest), fullName: ' ' }).success).toBe(false);
    expect(DispensePhoneNumber.safeParse({ ...dispense(guest), phoneNumber: '0501234567' }).success).toBe(false);
  });
});
