import { z } from 'zod';
import { Actor } from '../shared/actor.ts';
import { IsoTime } from '../shared/ids.ts';
import { ConfigKey } from './events.ts';

// Commands of a configuration entry (stream `config-<key>`), by admins. Set creates or replaces.

export const SetConfigEntry = z.strictObject({
  type: z.literal('SetConfigEntry'), actor: Actor, at: IsoTime, key: ConfigKey, value: z.string().max(10_000),
});
export type SetConfigEntry = z.infer<typeof SetConfigEntry>;

export const DeleteConfigEntry = z.strictObject({
  type: z.literal('DeleteConfigEntry'), actor: Actor, at: IsoTime, key: ConfigKey,
});
export type DeleteConfigEntry = z.infer<typeof DeleteConfigEntry>;

export const ConfigEntryCommand = z.discriminatedUnion('type', [SetConfigEntry, DeleteConfigEntry]);
export type ConfigEntryCommand = z.infer<typeof ConfigEntryCommand>;
export type ConfigEntryCommandType = ConfigEntryCommand['type'];
