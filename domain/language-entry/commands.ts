import { z } from 'zod';
import { Actor } from '../shared/actor.ts';
import { IsoTime } from '../shared/ids.ts';
import { translatable } from '../shared/translatable.ts';
import { LanguageCode } from './events.ts';

// Commands of a language entry (stream `language-<code>`), by admins. Set creates or replaces.

export const SetLanguageEntry = z.strictObject({
  type: z.literal('SetLanguageEntry'), actor: Actor, at: IsoTime, code: LanguageCode, name: translatable({ max: 100 }), enabled: z.boolean(),
});
export type SetLanguageEntry = z.infer<typeof SetLanguageEntry>;

export const DeleteLanguageEntry = z.strictObject({
  type: z.literal('DeleteLanguageEntry'), actor: Actor, at: IsoTime, code: LanguageCode,
});
export type DeleteLanguageEntry = z.infer<typeof DeleteLanguageEntry>;

export const LanguageEntryCommand = z.discriminatedUnion('type', [SetLanguageEntry, DeleteLanguageEntry]);
export type LanguageEntryCommand = z.infer<typeof LanguageEntryCommand>;
export type LanguageEntryCommandType = LanguageEntryCommand['type'];
