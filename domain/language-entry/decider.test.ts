import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/actor.ts';
import { spec } from '../shared/decider-spec.ts';
import type { LanguageEntryCommand } from './commands.ts';
import { languageEntryDecider } from './decider.ts';
import type { LanguageEntryEvent } from './events.ts';

const at = '2026-11-21T10:00:00.000Z';
const admin: Actor = { userId: 'admin-1', roles: ['user', 'admin'], groups: [], vendorId: null };
const vendor: Actor = { userId: 'user-dana', roles: ['user', 'vendor'], groups: [], vendorId: 'vendor-1' };
const name = { he: 'רוסית', en: 'Russian' };

const set = (actor: Actor, enabled: boolean): LanguageEntryCommand => ({ type: 'SetLanguageEntry', actor, at, code: 'ru', name, enabled });
const remove = (actor: Actor): LanguageEntryCommand => ({ type: 'DeleteLanguageEntry', actor, at, code: 'ru' });
const wasSet = (enabled: boolean): LanguageEntryEvent => ({ type: 'LanguageEntrySet', data: { code: 'ru', name, enabled, at } });
const deleted: LanguageEntryEvent = { type: 'LanguageEntryDeleted', data: { code: 'ru', at } };

describe('language entry decider', () => {
  it('an admin sets and changes a language', () => {
    spec(languageEntryDecider).given([]).when(set(admin, true)).then([wasSet(true)]);
    spec(languageEntryDecider).given([wasSet(true)]).when(set(admin, false)).then([wasSet(false)]);
  });
  it('the same name and flag again changes nothing', () => {
    spec(languageEntryDecider).given([wasSet(true)]).when(set(admin, true)).then([]);
  });
  it('an admin deletes; a missing language is not found', () => {
    spec(languageEntryDecider).given([wasSet(true)]).when(remove(admin)).then([deleted]);
    expect(spec(languageEntryDecider).given([]).when(remove(admin)).thenRefused('language-entry.not-found').kind).toBe('not_found');
  });
  it('a non-admin is refused', () => {
    spec(languageEntryDecider).given([]).when(set(vendor, true)).thenRefused('language-entry.forbidden');
    spec(languageEntryDecider).given([wasSet(true)]).when(remove(vendor)).thenRefused('language-entry.forbidden');
  });
});
