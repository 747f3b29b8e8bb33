import { randomUUID } from 'node:crypto';
import type { EventStore } from '../../domain/ports/event-store.ts';
import { languageEntryDecider, languageEntryStream } from '../../domain/language-entry/decider.ts';
import { systemActor } from '../../domain/shared/actor.ts';
import { handleCommand } from '../command-handler.ts';
import { SCHEMA_VERSION } from '../request-context.ts';

// Vendors may list only the languages admins manage (vendor-languages.ts); the fixtures' vendors
// speak Hebrew and English. Tests without an admin define them as the product itself.
export const TEST_LANGUAGES = [
  { code: 'he', name: { he: 'עברית', en: 'Hebrew' } },
  { code: 'en', name: { he: 'אנגלית', en: 'English' } },
] as const;

export async function defineTestLanguages(eventStore: EventStore): Promise<void> {
  const at = new Date().toISOString();
  for (const { code, name } of TEST_LANGUAGES) {
    await handleCommand({
      eventStore, streamId: languageEntryStream(code), decider: languageEntryDecider,
      command: { type: 'SetLanguageEntry', actor: systemActor, at, code, name, enabled: true },
      metadata: { actor: systemActor, correlationId: randomUUID(), causationId: null, at, schemaVersion: SCHEMA_VERSION },
    });
  }
}
