import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AnyDomainEvent } from '../domain/events.ts';
import { systemActor } from '../domain/shared/actor.ts';
import type { EventMetadata } from '../domain/shared/metadata.ts';
import { marketplaceHistory } from '../projectors/testing/marketplace-history.ts';
import { endsWithCurrentStamp, eventSchemaFingerprint, fingerprintOf, stampedValidated, validatedWithCurrentSchemas, withoutStamp } from './event-schema-stamp.ts';

describe('event schema fingerprint', () => {
  const schemaWith = (max: number, refine = (text: string) => text !== 'x') =>
    z.object({ name: z.string().max(max).refine(refine), tags: z.array(z.string()).default([]) });

  it('is the same for the same definitions, built twice', () => {
    expect(fingerprintOf(schemaWith(5))).toBe(fingerprintOf(schemaWith(5)));
    expect(eventSchemaFingerprint()).toBe(fingerprintOf(AnyDomainEvent));
  });

  it('changes with a bound, a refinement\'s or a transform\'s source, a default, a field or the revision', () => {
    const base = fingerprintOf(schemaWith(5));
    expect(fingerprintOf(schemaWith(6))).not.toBe(base);
    expect(fingerprintOf(schemaWith(5, (text) => text !== 'y'))).not.toBe(base);
    expect(fingerprintOf(z.string().transform((text) => text.trim()))).not.toBe(fingerprintOf(z.string().transform((text) => text.toLowerCase())));
    expect(fingerprintOf(z.object({ tags: z.array(z.string()).default([]) }))).not.toBe(fingerprintOf(z.object({ tags: z.array(z.string()).default(['a']) })));
    expect(fingerprintOf(schemaWith(5).extend({ more: z.number().optional() }))).not.toBe(base);
    expect(fingerprintOf(schemaWith(5), 2)).not.toBe(base);
  });

  it('walks a recursive schema once', () => {
    const Node = z.object({ name: z.string(), get children() { return z.array(Node); } });
    expect(fingerprintOf(Node)).toBe(fingerprintOf(Node));
  });

  it('is recorded by stampedValidated, recognised, and dropped by withoutStamp', () => {
    const metadata: EventMetadata = { actor: systemActor, correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
    const stamped = stampedValidated(metadata);
    expect(validatedWithCurrentSchemas(stamped)).toBe(true);
    expect(validatedWithCurrentSchemas(metadata)).toBe(false);
    expect(validatedWithCurrentSchemas({ ...stamped, eventSchema: 'older' })).toBe(false);
    expect(validatedWithCurrentSchemas(undefined)).toBe(false);
    expect(withoutStamp(stamped)).toEqual(metadata);
  });

  it('is recognised in the JSON text where it is the last member, and never where parsing would not find it', () => {
    const metadata: EventMetadata = { actor: systemActor, correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
    const current = eventSchemaFingerprint();
    const texts = [
      JSON.stringify(stampedValidated(metadata)),
      JSON.stringify({ eventSchema: current }),
      JSON.stringify(metadata),
      JSON.stringify({ ...metadata, eventSchema: 'older' }),
      JSON.stringify({ eventSchema: current, ...metadata }),
      JSON.stringify({ ...metadata, nested: { eventSchema: current } }),
      JSON.stringify({ ...metadata, note: `,"eventSchema":"${current}"}` }),
      JSON.stringify({ ...metadata, xeventSchema: current }),
    ];
    for (const text of texts) {
      const told = endsWithCurrentStamp(text);
      // Never true where the parsed metadata says otherwise; false may only mean "parse to know".
      if (told) expect(validatedWithCurrentSchemas(JSON.parse(text) as EventMetadata)).toBe(true);
    }
    expect(texts.map(endsWithCurrentStamp)).toEqual([true, true, false, false, false, false, false, false]);
  });

  // What lets a rebuild take a stamped event as it is: parsing what a parse gave (as stored, JSON)
  // gives it back, keys in the same order.
  it('the parse of a parsed event, as stored, gives the same JSON for every event of the marketplace history', () => {
    for (const { event } of marketplaceHistory({ vendors: 3, customers: 4 })) {
      const stored = JSON.stringify(AnyDomainEvent.parse(event));
      expect(JSON.stringify(AnyDomainEvent.parse(JSON.parse(stored)))).toBe(stored);
    }
  });
});
