import { describe, expect, it } from 'vitest';
import { systemActor } from '../domain/shared/actor.ts';
import type { EventMetadata } from '../domain/shared/metadata.ts';
import { stampedValidated } from '../infra/event-schema-stamp.ts';
import { recordedEventOf, type ReadEventRow } from '../infra/event-store/sqlite-event-store.ts';
import { replayedEventOf } from './replayed-event.ts';

const metadata: EventMetadata = { actor: systemActor, correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
const rowWith = (metadataText: string): ReadEventRow =>
  [7, 'event-7', 'vendor-1', 2, 'VendorProfileUpdated', JSON.stringify({ vendorId: 'vendor-1', name: { he: 'א' } }), metadataText, '2026-01-01T00:00:00.000Z'];

describe('replayed event', () => {
  it('is the event recordedEventOf makes, its metadata read when asked (a getter: a spread must name it)', () => {
    const row = rowWith(JSON.stringify(stampedValidated(metadata)));
    const replayed = replayedEventOf(row);
    const recorded = recordedEventOf(row);
    expect(replayed.metadata).toEqual(recorded.metadata);
    expect(replayed.metadata).toBe(replayed.metadata);
    const { stampedWithCurrentSchemas, ...fields } = { ...replayed, metadata: replayed.metadata };
    expect(stampedWithCurrentSchemas).toBe(true);
    expect(fields).toEqual(recorded);
  });

  it('parses its metadata only when read', () => {
    const replayed = replayedEventOf(rowWith('{not json'));
    expect(replayed.data).toEqual({ vendorId: 'vendor-1', name: { he: 'א' } });
    expect(() => replayed.metadata).toThrow(SyntaxError);
  });

  it("says, without parsing it, whether its metadata carries the current schemas' fingerprint", () => {
    expect(replayedEventOf(rowWith(JSON.stringify(stampedValidated(metadata)))).stampedWithCurrentSchemas).toBe(true);
    expect(replayedEventOf(rowWith(JSON.stringify(metadata))).stampedWithCurrentSchemas).toBe(false);
    expect(replayedEventOf(rowWith(JSON.stringify({ ...metadata, eventSchema: 'older' }))).stampedWithCurrentSchemas).toBe(false);
  });
});
