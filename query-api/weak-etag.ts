import { hash } from 'node:crypto';

/**
 * Express's default ETag (`etag` setting 'weak': the etag package's weak tag) of a body: the length in
 * hex and the SHA-1 in base64, cut to 27 characters. One call of node:crypto's `hash` instead of a Hash
 * object per answer.
 */
export function weakEtag(body: Buffer): string {
  if (body.length === 0) return 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';
  return `W/"${body.length.toString(16)}-${hash('sha1', body, 'base64').substring(0, 27)}"`;
}
