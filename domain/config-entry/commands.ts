import { z } from 'zod';
import { command } from '../shared/command-schema.ts';
import { ConfigValueType } from './config-value.ts';
import { ConfigKey } from './events.ts';

// Commands of a configuration entry (stream `config-<key>`), by admins. Set creates or replaces;
// the value must be of its type (config-value.ts).

export const SetConfigEntry = command('SetConfigEntry', { key: ConfigKey, value: z.string().max(10_000), valueType: ConfigValueType.default('string') });
export type SetConfigEntry = z.infer<typeof SetConfigEntry>;

export const DeleteConfigEntry = command('DeleteConfigEntry', { key: ConfigKey });
export type DeleteConfigEntry = z.infer<typeof DeleteConfigEntry>;

export const ConfigEntryCommand = z.discriminatedUnion('type', [SetConfigEntry, DeleteConfigEntry]);
export type ConfigEntryCommand = z.infer<typeof ConfigEntryCommand>;
