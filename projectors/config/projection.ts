import type { ConfigValueType } from '../../domain/config-entry/config-value.ts';
import type { Projection, ViewDoc } from '../projection.ts';

// Configuration entries (README: `config`); an entry written before values were typed holds a string.
export interface ConfigView extends ViewDoc {
  key: string;
  value: string;
  valueType: ConfigValueType;
  updatedAt: string;
}

export const configProjection: Projection<ConfigView> = {
  name: 'config',
  collection: 'config',
  eventTypes: ['ConfigEntrySet', 'ConfigEntryDeleted'],
  keysOf: (event) => ('key' in event.data ? [event.data.key] : []),
  evolve(doc, event, id) {
    if (event.type === 'ConfigEntrySet') return { _id: id, key: id, value: event.data.value, valueType: event.data.valueType ?? 'string', updatedAt: event.data.at };
    if (event.type === 'ConfigEntryDeleted') return null;
    return doc;
  },
  indexes: [{ key: 1 }],
};
