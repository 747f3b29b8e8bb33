import { z } from 'zod';
import { Actor } from '../shared/actor.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { GeoLocationFields } from './events.ts';

// Commands of a geo location (stream `geolocation-<id>`), by admins.

export const CreateGeoLocation = z.strictObject({
  type: z.literal('CreateGeoLocation'), actor: Actor, at: IsoTime, id: Id, fields: GeoLocationFields,
});
export type CreateGeoLocation = z.infer<typeof CreateGeoLocation>;

export const UpdateGeoLocation = z.strictObject({
  type: z.literal('UpdateGeoLocation'), actor: Actor, at: IsoTime, id: Id, fields: GeoLocationFields,
});
export type UpdateGeoLocation = z.infer<typeof UpdateGeoLocation>;

export const DeleteGeoLocation = z.strictObject({
  type: z.literal('DeleteGeoLocation'), actor: Actor, at: IsoTime, id: Id,
});
export type DeleteGeoLocation = z.infer<typeof DeleteGeoLocation>;

export const GeoLocationCommand = z.discriminatedUnion('type', [CreateGeoLocation, UpdateGeoLocation, DeleteGeoLocation]);
export type GeoLocationCommand = z.infer<typeof GeoLocationCommand>;
export type GeoLocationCommandType = GeoLocationCommand['type'];
