import { z } from 'zod';

// Entity ids are UUIDs made by the edge (command-api) and passed into commands, so deciders stay pure.
export const Id = z.string().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/, 'Must be an id of letters, digits, - or _');
export type Id = z.infer<typeof Id>;

export const IsoTime = z.iso.datetime({ offset: true });

/** Stream id `<aggregate>-<id>` (DESIGN §4, EventStoreDB category convention). */
export const streamId = (category: string, id: string): string => `${category}-${id}`;

/** The stream ids of one category, bound once: `orderStream(id)` is `order-<id>`, `orderStream.category` is `order`. */
export interface StreamOf {
  (id: string): string;
  readonly category: string;
}

export const streamOf = (category: string): StreamOf => Object.assign((id: string) => streamId(category, id), { category });
