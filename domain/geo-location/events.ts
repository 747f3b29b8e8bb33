import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { translatable } from '../shared/translatable.ts';

// Stream `geolocation-<id>`: places vendors perform in (SPEC §3 GeoLocations), e.g. regions and cities.
export const GeoLocationFields = z.strictObject({
  name: translatable({ max: 100 }),
  parentId: Id.nullable(),
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
});
export const GeoLocationCreated = event('GeoLocationCreated', z.strictObject({ id: Id, fields: GeoLocationFields, at: IsoTime }));
export const GeoLocationUpdated = event('GeoLocationUpdated', z.strictObject({ id: Id, fields: GeoLocationFields, at: IsoTime }));
export const GeoLocationDeleted = event('GeoLocationDeleted', z.strictObject({ id: Id, at: IsoTime }));
export const GeoLocationEvent = z.discriminatedUnion('type', [GeoLocationCreated, GeoLocationUpdated, GeoLocationDeleted]);
export type GeoLocationEvent = z.infer<typeof GeoLocationEvent>;
