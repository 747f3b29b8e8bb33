import type { EventStore } from '../domain/ports/event-store.ts';
import { languageEntryDecider, languageEntryStream } from '../domain/language-entry/decider.ts';
import { HttpProblem } from '../infra/http/problem.ts';
import { loadFolded } from './command-handler.ts';

// A vendor lists the languages it performs in (SPEC §3 languages multi-select) from the languages
// admins manage (`language-<code>`, SPEC §2 admin-language). Any other text would be shown as a
// language name on the vendor page, so the command API checks every code before a vendor is written:
// 422 naming `profile.languages.<i>` for a code that is not an enabled language entry. A code the
// vendor already lists stays accepted after an admin disables it, so editing the rest of the profile
// never fails on it.
async function isEnabledLanguage(eventStore: EventStore, code: string): Promise<boolean> {
  // The code becomes part of a stream id: only codes shaped like one are looked up.
  if (!/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/.test(code)) return false;
  const { state } = await loadFolded(eventStore, languageEntryDecider, languageEntryStream(code));
  return state.status === 'present' && state.fields.enabled;
}

export async function requireKnownLanguages(eventStore: EventStore, codes: readonly string[], alreadyListed: readonly string[] = []): Promise<void> {
  const kept = new Set(alreadyListed);
  const checks = await Promise.all(codes.map(async (code) => kept.has(code) || (await isEnabledLanguage(eventStore, code))));
  const errors = codes.flatMap((code, index) => (checks[index] ? [] : [{ field: `profile.languages.${index}`, message: `"${code}" is not one of the marketplace's languages` }]));
  if (errors.length > 0) throw new HttpProblem(422, 'Validation failed', { code: 'validation', detail: 'One or more fields are invalid.', errors });
}
