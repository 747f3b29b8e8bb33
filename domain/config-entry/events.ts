import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { IsoTime } from '../shared/ids.ts';
import { ConfigValueType } from './config-value.ts';

// Stream `config-<entryKey>`: admin-editable configuration (e.g. support WhatsApp number).
export const ConfigKey = z.string().min(1).max(100).regex(/^[A-Za-z0-9_.-]+$/);
/** `valueType` is absent in entries written before values were typed: they hold a string. */
export const ConfigEntrySet = event('ConfigEntrySet', z.strictObject({ key: ConfigKey, value: z.string().max(10_000), valueType: ConfigValueType.optional(), at: IsoTime }));
export const ConfigEntryDeleted = event('ConfigEntryDeleted', z.strictObject({ key: ConfigKey, at: IsoTime }));
export const ConfigEntryEvent = z.discriminatedUnion('type', [ConfigEntrySet, ConfigEntryDeleted]);
export type ConfigEntryEvent = z.infer<typeof ConfigEntryEvent>;
