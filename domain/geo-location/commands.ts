import { z } from 'zod';
import { command } from '../shared/command-schema.ts';
import { Id } from '../shared/ids.ts';
import { GeoLocationFields } from './events.ts';

// Commands of a geo location (stream `geolocation-<id>`), by admins.

export const CreateGeoLocation = command('CreateGeoLocation', { id: Id, fields: GeoLocationFields });
export type CreateGeoLocation = z.infer<typeof CreateGeoLocation>;

export const UpdateGeoLocation = command('UpdateGeoLocation', { id: Id, fields: GeoLocationFields });
export type UpdateGeoLocation = z.infer<typeof UpdateGeoLocation>;

export const DeleteGeoLocation = command('DeleteGeoLocation', { id: Id });
export type DeleteGeoLocation = z.infer<typeof DeleteGeoLocation>;

export const GeoLocationCommand = z.discriminatedUnion('type', [CreateGeoLocation, UpdateGeoLocation, DeleteGeoLocation]);
export type GeoLocationCommand = z.infer<typeof GeoLocationCommand>;
