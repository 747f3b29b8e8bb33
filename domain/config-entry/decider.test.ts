import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/actor.ts';
import { spec } from '../shared/decider-spec.ts';
import type { ConfigEntryCommand } from './commands.ts';
import { configEntryDecider } from './decider.ts';
import type { ConfigEntryEvent } from './events.ts';

const at = '2026-11-21T10:00:00.000Z';
const admin: Actor = { userId: 'admin-1', roles: ['user', 'admin'], groups: [], vendorId: null };
const operator: Actor = { userId: 'op-1', roles: ['user', 'operator'], groups: [], vendorId: null };

const set = (actor: Actor, value: string): ConfigEntryCommand => ({ type: 'SetConfigEntry', actor, at, key: 'support.whatsapp', value });
const remove = (actor: Actor): ConfigEntryCommand => ({ type: 'DeleteConfigEntry', actor, at, key: 'support.whatsapp' });
const wasSet = (value: string): ConfigEntryEvent => ({ type: 'ConfigEntrySet', data: { key: 'support.whatsapp', value, at } });
const deleted: ConfigEntryEvent = { type: 'ConfigEntryDeleted', data: { key: 'support.whatsapp', at } };

describe('config entry decider', () => {
  it('an admin sets a new entry and replaces it', () => {
    spec(configEntryDecider).given([]).when(set(admin, '+972501234567')).then([wasSet('+972501234567')]);
    spec(configEntryDecider).given([wasSet('+972501234567')]).when(set(admin, '+972541234567')).then([wasSet('+972541234567')]);
  });
  it('setting the same value again changes nothing', () => {
    spec(configEntryDecider).given([wasSet('+972501234567')]).when(set(admin, '+972501234567')).then([]);
  });
  it('an entry set again after deletion comes back', () => {
    spec(configEntryDecider).given([wasSet('a'), deleted]).when(set(admin, 'a')).then([wasSet('a')]);
  });
  it('an admin deletes; a missing entry is not found', () => {
    spec(configEntryDecider).given([wasSet('a')]).when(remove(admin)).then([deleted]);
    expect(spec(configEntryDecider).given([]).when(remove(admin)).thenRefused('config-entry.not-found').kind).toBe('not_found');
    spec(configEntryDecider).given([wasSet('a'), deleted]).when(remove(admin)).thenRefused('config-entry.not-found');
  });
  it('a non-admin is refused', () => {
    spec(configEntryDecider).given([]).when(set(operator, 'x')).thenRefused('config-entry.forbidden');
    spec(configEntryDecider).given([wasSet('a')]).when(remove(operator)).thenRefused('config-entry.forbidden');
  });
});
