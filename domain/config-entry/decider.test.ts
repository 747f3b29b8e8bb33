import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/actor.ts';
import { spec } from '../shared/decider-spec.ts';
import type { ConfigEntryCommand } from './commands.ts';
import { configEntryDecider } from './decider.ts';
import type { ConfigEntryEvent } from './events.ts';
import { normalizedConfigValue, type ConfigValueType } from './config-value.ts';

const at = '2026-11-21T10:00:00.000Z';
const admin: Actor = { userId: 'admin-1', roles: ['user', 'admin'], groups: [], vendorId: null };
const operator: Actor = { userId: 'op-1', roles: ['user', 'operator'], groups: [], vendorId: null };

const set = (actor: Actor, value: string, key = 'support.whatsapp', valueType: ConfigValueType = 'string'): ConfigEntryCommand => ({ type: 'SetConfigEntry', actor, at, key, value, valueType });
const remove = (actor: Actor): ConfigEntryCommand => ({ type: 'DeleteConfigEntry', actor, at, key: 'support.whatsapp' });
const wasSet = (value: string, key = 'support.whatsapp', valueType: ConfigValueType = 'string'): ConfigEntryEvent => ({ type: 'ConfigEntrySet', data: { key, value, valueType, at } });
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
    spec(configEntryDecider).given([wasSet('+972501234567'), deleted]).when(set(admin, '+972501234567')).then([wasSet('+972501234567')]);
  });
  it('an entry written before values were typed holds a string: setting it again as a string changes nothing', () => {
    const untyped: ConfigEntryEvent = { type: 'ConfigEntrySet', data: { key: 'site.name', value: 'HaBama', at } };
    spec(configEntryDecider).given([untyped]).when(set(admin, 'HaBama', 'site.name')).then([]);
    spec(configEntryDecider).given([untyped]).when(set(admin, 'HaBama Live', 'site.name')).then([wasSet('HaBama Live', 'site.name')]);
  });
  it('a value must be of its type', () => {
    spec(configEntryDecider).given([]).when(set(admin, '12.5', 'booking.leadDays', 'number')).then([wasSet('12.5', 'booking.leadDays', 'number')]);
    spec(configEntryDecider).given([]).when(set(admin, 'true', 'feature.chat', 'boolean')).then([wasSet('true', 'feature.chat', 'boolean')]);
    spec(configEntryDecider).given([]).when(set(admin, '{"a":[1]}', 'home.banner', 'json')).then([wasSet('{"a":[1]}', 'home.banner', 'json')]);
    for (const [value, valueType] of [['12,5', 'number'], ['yes', 'boolean'], ['{a:1}', 'json'], ['', 'number']] as const) {
      expect(spec(configEntryDecider).given([]).when(set(admin, value, 'x', valueType)).thenRefused('config-entry.invalid-value').kind).toBe('invalid');
    }
  });
  it('the support WhatsApp number is a phone stored in E.164 (the edge reads it as typed), and a string', () => {
    spec(configEntryDecider).given([]).when(set(admin, '0501234567')).thenRefused('config-entry.invalid-value');
    spec(configEntryDecider).given([]).when(set(admin, '+97221234567')).then([wasSet('+97221234567')]);
    expect(normalizedConfigValue('support.whatsapp', '054-555-0123')).toBe('+972545550123');
    expect(normalizedConfigValue('site.name', ' HaBama ')).toBe(' HaBama ');
    spec(configEntryDecider).given([]).when(set(admin, '')).thenRefused('config-entry.invalid-value');
    spec(configEntryDecider).given([]).when(set(admin, '972501234567', 'support.whatsapp', 'number')).thenRefused('config-entry.invalid-value');
  });
  it('an admin deletes; a missing entry is not found', () => {
    spec(configEntryDecider).given([wasSet('+972501234567')]).when(remove(admin)).then([deleted]);
    expect(spec(configEntryDecider).given([]).when(remove(admin)).thenRefused('config-entry.not-found').kind).toBe('not_found');
    spec(configEntryDecider).given([wasSet('+972501234567'), deleted]).when(remove(admin)).thenRefused('config-entry.not-found');
  });
  it('a non-admin is refused', () => {
    spec(configEntryDecider).given([]).when(set(operator, '+972501234567')).thenRefused('config-entry.forbidden');
    spec(configEntryDecider).given([wasSet('+972501234567')]).when(remove(operator)).thenRefused('config-entry.forbidden');
  });
});
