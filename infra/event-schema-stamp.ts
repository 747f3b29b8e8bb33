import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { AnyDomainEvent } from '../domain/events.ts';
import type { EventMetadata } from '../domain/shared/metadata.ts';

// The command handler validates every event it appends against AnyDomainEvent and stores what the
// parse gave; it records in the event's metadata (`eventSchema`) a fingerprint of the schemas it used.
// A rebuild from this marketplace's own log then takes an event whose fingerprint is the current one
// as it is, without parsing it again (zod was ~8% of a rebuild's CPU time): the parse of a parse's
// output gives it back (event-schema-stamp.test.ts checks this on the marketplace history). Events
// without the fingerprint or with another one (older schemas, appended by other writers, imported) are
// parsed as before.
//
// The fingerprint covers each schema's definition (types, shapes, checks and their bounds, patterns,
// defaults) and the source text of its own functions (refinements, transforms, preprocessors), not
// what those functions call or read: a change there that alters what an event parses to must bump
// EVENT_SCHEMA_REVISION.
export const EVENT_SCHEMA_REVISION = 1;

let current: string | undefined;

/** The fingerprint of the event schemas of this build (computed once per process, a few ms). */
export function eventSchemaFingerprint(): string {
  return (current ??= fingerprintOf(AnyDomainEvent));
}

/** A fingerprint of a zod schema's definition, its functions' source text included. */
export function fingerprintOf(schema: z.ZodType, revision = EVENT_SCHEMA_REVISION): string {
  const hash = createHash('sha256');
  hash.update(`revision ${revision}\n`);
  describe(schema, hash, new Set());
  return hash.digest('base64url').slice(0, 22);
}

function describe(value: unknown, hash: ReturnType<typeof createHash>, path: Set<object>): void {
  if (typeof value === 'function') return void hash.update(`fn(${value.toString()})`);
  if (value === null || typeof value !== 'object') return void hash.update(`${typeof value}:${String(value)};`);
  if (value instanceof RegExp) return void hash.update(`re:${value.toString()};`);
  // A recursive schema (getters, z.lazy) comes back to itself: marked, not walked again.
  if (path.has(value)) return void hash.update('cycle;');
  path.add(value);
  if (Array.isArray(value) || value instanceof Set) {
    hash.update('[');
    for (const item of value) describe(item, hash, path);
    hash.update(']');
  } else if ('_zod' in value) {
    // A schema or a check: what defines it is its def.
    hash.update('zod');
    describe((value as { _zod: { def: unknown } })._zod.def, hash, path);
  } else {
    hash.update('{');
    for (const key of Object.keys(value)) {
      hash.update(`${key}=`);
      describe((value as Record<string, unknown>)[key], hash, path);
    }
    hash.update('}');
  }
  path.delete(value);
}

/** The metadata of an event just validated against AnyDomainEvent, with the fingerprint that says so. */
export function stampedValidated(metadata: EventMetadata): EventMetadata {
  return { ...metadata, eventSchema: eventSchemaFingerprint() };
}

/** An event's metadata without a fingerprint: for events this marketplace did not validate itself (an import). */
export function withoutStamp<M extends object>(metadata: M): M {
  if (!('eventSchema' in metadata)) return metadata;
  const { eventSchema: _dropped, ...rest } = metadata as M & { eventSchema?: unknown };
  return rest as M;
}

/** Whether the event was validated at its append against the schemas of this build (`stampedValidated`). */
export function validatedWithCurrentSchemas(metadata: { eventSchema?: unknown } | null | undefined): boolean {
  return metadata?.eventSchema !== undefined && metadata.eventSchema === eventSchemaFingerprint();
}

let currentSuffix: string | undefined;

/**
 * validatedWithCurrentSchemas of the metadata's JSON text, without parsing it, where the fingerprint is
 * its last member (as stampedValidated writes it): in valid JSON the text can end with
 * `,"eventSchema":"<fingerprint>"}` only where that is the top-level object's last key, the one parsing
 * keeps. False says only that this shortcut does not tell: parse the text and ask
 * validatedWithCurrentSchemas.
 */
export function endsWithCurrentStamp(metadataText: string): boolean {
  currentSuffix ??= `"eventSchema":${JSON.stringify(eventSchemaFingerprint())}}`;
  if (!metadataText.endsWith(currentSuffix)) return false;
  const before = metadataText.charCodeAt(metadataText.length - currentSuffix.length - 1);
  return before === 0x2c /* , */ || before === 0x7b /* { */;
}
