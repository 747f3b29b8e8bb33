import type { Translatable } from '../../domain/shared/translatable.ts';
import type { Projection, ViewDoc } from '../projection.ts';

// Languages a vendor can list (README: `languages`).
export interface LanguageView extends ViewDoc {
  code: string;
  name: Translatable;
  enabled: boolean;
  updatedAt: string;
}

export const languagesProjection: Projection<LanguageView> = {
  name: 'languages',
  collection: 'languages',
  eventTypes: ['LanguageEntrySet', 'LanguageEntryDeleted'],
  keysOf: (event) => ('code' in event.data ? [event.data.code] : []),
  evolve(doc, event, id) {
    if (event.type === 'LanguageEntrySet') {
      return { _id: id, code: id, name: event.data.name, enabled: event.data.enabled, updatedAt: event.data.at };
    }
    if (event.type === 'LanguageEntryDeleted') return null;
    return doc;
  },
  indexes: [{ code: 1 }],
};
