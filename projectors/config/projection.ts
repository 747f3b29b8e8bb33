import type { Projection, ViewDoc } from '../projection.ts';

// Configuration entries (README: `config`).
export interface ConfigView extends ViewDoc {
  key: string;
  value: string;
  updatedAt: string;
}

export const configProjection: Projection<ConfigView> = {
  name: 'config',
  collection: 'config',
  eventTypes: ['ConfigEntrySet', 'ConfigEntryDeleted'],
  keysOf: (event) => ('key' in event.data ? [event.data.key] : []),
  evolve(doc, event, id) {
    if (event.type === 'ConfigEntrySet') return { _id: id, _seen: doc?._seen ?? {}, key: id, value: event.data.value, updatedAt: event.data.at };
    if (event.type === 'ConfigEntryDeleted') return null;
    return doc;
  },
};
