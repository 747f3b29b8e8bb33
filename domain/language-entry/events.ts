import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { IsoTime } from '../shared/ids.ts';
import { translatable } from '../shared/translatable.ts';

// Stream `language-<code>`: languages a vendor can list (SPEC §3 languages multi-select).
export const LanguageCode = z.string().min(2).max(20).regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/);
export const LanguageEntrySet = event('LanguageEntrySet', z.strictObject({ code: LanguageCode, name: translatable({ max: 100 }), enabled: z.boolean(), at: IsoTime }));
export const LanguageEntryDeleted = event('LanguageEntryDeleted', z.strictObject({ code: LanguageCode, at: IsoTime }));
export const LanguageEntryEvent = z.discriminatedUnion('type', [LanguageEntrySet, LanguageEntryDeleted]);
export type LanguageEntryEvent = z.infer<typeof LanguageEntryEvent>;
