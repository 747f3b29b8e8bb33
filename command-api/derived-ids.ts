import { createHmac } from 'node:crypto';

// Ids and secrets derived from a seed instead of drawn at random. A request with an Idempotency-Key
// gets a seed from the key (idempotency.ts), so running it again after a crash makes exactly the ids
// of the first run: the same order id, the same event ids, and the handler finds what the first run
// already wrote instead of writing it twice (command-handler.ts).

/** A UUID (version 8: custom) from HMAC-SHA256(seed, label); EventStoreDB needs UUID event ids. */
export function derivedUuid(seed: string, label: string): string {
  const bytes = createHmac('sha256', seed).update(label).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Up to 32 bytes, base64url, from HMAC-SHA256(seed, label): as unguessable as the seed. */
export function derivedSecret(seed: string, label: string, bytes: number): string {
  if (bytes > 32) throw new Error('derivedSecret: at most 32 bytes');
  return createHmac('sha256', seed).update(label).digest().subarray(0, bytes).toString('base64url');
}
