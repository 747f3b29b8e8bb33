import { z } from 'zod';
import { command } from '../shared/command-schema.ts';
import { translatable } from '../shared/translatable.ts';
import { LanguageCode } from './events.ts';

// Commands of a language entry (stream `language-<code>`), by admins. Set creates or replaces.

export const SetLanguageEntry = command('SetLanguageEntry', { code: LanguageCode, name: translatable({ max: 100 }), enabled: z.boolean() });
export type SetLanguageEntry = z.infer<typeof SetLanguageEntry>;

export const DeleteLanguageEntry = command('DeleteLanguageEntry', { code: LanguageCode });
export type DeleteLanguageEntry = z.infer<typeof DeleteLanguageEntry>;

export const LanguageEntryCommand = z.discriminatedUnion('type', [SetLanguageEntry, DeleteLanguageEntry]);
export type LanguageEntryCommand = z.infer<typeof LanguageEntryCommand>;
