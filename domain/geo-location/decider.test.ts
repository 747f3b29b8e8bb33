import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/actor.ts';
import { spec } from '../shared/decider-spec.ts';
import type { GeoLocationCommand } from './commands.ts';
import { geoLocationDecider } from './decider.ts';
import type { GeoLocationEvent } from './events.ts';

const at = '2026-11-21T10:00:00.000Z';
const admin: Actor = { userId: 'admin-1', roles: ['user', 'admin'], groups: [], vendorId: null };
const user: Actor = { userId: 'user-dana', roles: ['user'], groups: [], vendorId: null };

const fields = { name: { he: 'מרכז', en: 'Center' }, parentId: null, lat: 32.08, lng: 34.78 };
const moved = { ...fields, name: { he: 'גוש דן', en: 'Gush Dan' } };
const created: GeoLocationEvent = { type: 'GeoLocationCreated', data: { id: 'geo-1', fields, at } };
const deleted: GeoLocationEvent = { type: 'GeoLocationDeleted', data: { id: 'geo-1', at } };
const create = (actor: Actor): GeoLocationCommand => ({ type: 'CreateGeoLocation', actor, at, id: 'geo-1', fields });
const update = (actor: Actor): GeoLocationCommand => ({ type: 'UpdateGeoLocation', actor, at, id: 'geo-1', fields: moved });
const remove = (actor: Actor): GeoLocationCommand => ({ type: 'DeleteGeoLocation', actor, at, id: 'geo-1' });

describe('geo location decider', () => {
  it('an admin creates, updates and deletes', () => {
    spec(geoLocationDecider).given([]).when(create(admin)).then([created]);
    spec(geoLocationDecider).given([created]).when(update(admin)).then([{ type: 'GeoLocationUpdated', data: { id: 'geo-1', fields: moved, at } }]);
    spec(geoLocationDecider).given([created]).when(remove(admin)).then([deleted]);
  });
  it('a non-admin is refused every command', () => {
    spec(geoLocationDecider).given([]).when(create(user)).thenRefused('geo-location.forbidden');
    spec(geoLocationDecider).given([created]).when(update(user)).thenRefused('geo-location.forbidden');
    spec(geoLocationDecider).given([created]).when(remove(user)).thenRefused('geo-location.forbidden');
  });
  it('create on an existing id is refused', () => {
    spec(geoLocationDecider).given([created]).when(create(admin)).thenRefused('geo-location.exists');
  });
  it('update and delete of a missing or deleted one are not found', () => {
    expect(spec(geoLocationDecider).given([]).when(update(admin)).thenRefused('geo-location.not-found').kind).toBe('not_found');
    spec(geoLocationDecider).given([created, deleted]).when(update(admin)).thenRefused('geo-location.not-found');
    spec(geoLocationDecider).given([]).when(remove(admin)).thenRefused('geo-location.not-found');
    spec(geoLocationDecider).given([created, deleted]).when(remove(admin)).thenRefused('geo-location.not-found');
  });
});
