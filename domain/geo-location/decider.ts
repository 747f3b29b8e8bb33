import type { z } from 'zod';
import type { Decider } from '../shared/decider.ts';
import { recordDecider, type RecordState } from '../shared/record-decider.ts';
import type { GeoLocationCommand } from './commands.ts';
import type { GeoLocationEvent, GeoLocationFields } from './events.ts';
import { streamOf } from '../shared/ids.ts';

// A place vendors perform in (stream `geolocation-<id>`), managed by admins.
export type GeoLocationState = RecordState<z.infer<typeof GeoLocationFields>>;

/** The stream of one geo location (`geolocation-<id>`). */
export const geoLocationStream = streamOf('geolocation');

export const geoLocationDecider: Decider<GeoLocationState, GeoLocationCommand, GeoLocationEvent> = recordDecider({
  code: 'geo-location',
  noun: () => 'geo location',
  intent(command: GeoLocationCommand) {
    switch (command.type) {
      case 'CreateGeoLocation':
        return { kind: 'create', event: { type: 'GeoLocationCreated', data: { id: command.id, fields: command.fields, at: command.at } } };
      case 'UpdateGeoLocation':
        return { kind: 'update', event: { type: 'GeoLocationUpdated', data: { id: command.id, fields: command.fields, at: command.at } } };
      case 'DeleteGeoLocation':
        return { kind: 'delete', event: { type: 'GeoLocationDeleted', data: { id: command.id, at: command.at } } };
    }
  },
  fieldsAfter: (event: GeoLocationEvent) => (event.type === 'GeoLocationDeleted' ? null : event.data.fields),
});
