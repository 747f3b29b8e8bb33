import { transcode } from 'node:buffer';

// The UTF-8 of an answer. Buffer.from(text, 'utf8') measures the text's UTF-8 length first and then
// writes it; a text holding Hebrew (two bytes a character in JavaScript) costs ~19 µs a 30-card page
// that way, against ~13 µs written into a scratch buffer long enough for any text of its length (3
// bytes at most per UTF-16 unit) and copied out at its length. Same bytes: a lone surrogate becomes
// U+FFFD either way.
//
// A text held as two-byte characters (one holding Hebrew: a search page) is written as UTF-16 into the
// scratch buffer (a copy) and transcoded from there: Node converts UTF-16 to UTF-8 with simdutf, while
// V8 writes a two-byte string's UTF-8 a character at a time (~16 against ~38 µs a 24-card page of
// 12,000 characters). transcode refuses a lone surrogate (U+FFFD needs the writer below); for valid
// UTF-16 the UTF-8 is the same bytes. A one-byte string (no character past U+00FF: the RegExp test
// ends at once) is written directly, V8's fast path.

/** Texts longer than this go through Buffer.from: the scratch buffer stays at most 3 MB. */
const SCRATCH_MAX_CHARS = 1024 * 1024;
/** A character past Latin-1: the text is two-byte (most answers holding one hold it near their start). */
const WIDE = /[^\u0000-\u00ff]/;
let scratch = Buffer.allocUnsafe(0);

export function utf8Bytes(text: string): Buffer {
  if (text.length > SCRATCH_MAX_CHARS) return Buffer.from(text, 'utf8');
  const most = text.length * 3;
  if (most > scratch.length) scratch = Buffer.allocUnsafe(Math.max(most, 64 * 1024));
  if (WIDE.test(text)) {
    const units = scratch.write(text, 0, 'utf16le');
    try {
      return transcode(scratch.subarray(0, units), 'utf16le', 'utf8');
    } catch {
      // A lone surrogate: written below.
    }
  }
  const written = scratch.write(text, 0, 'utf8');
  return Buffer.copyBytesFrom(scratch, 0, written);
}
