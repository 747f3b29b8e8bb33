// The UTF-8 of an answer. Buffer.from(text, 'utf8') measures the text's UTF-8 length first and then
// writes it; a text holding Hebrew (two bytes a character in JavaScript) costs ~19 µs a 30-card page
// that way, against ~13 µs written into a scratch buffer long enough for any text of its length (3
// bytes at most per UTF-16 unit) and copied out at its length. Same bytes: a lone surrogate becomes
// U+FFFD either way.

/** Texts longer than this go through Buffer.from: the scratch buffer stays at most 3 MB. */
const SCRATCH_MAX_CHARS = 1024 * 1024;
let scratch = Buffer.allocUnsafe(0);

export function utf8Bytes(text: string): Buffer {
  if (text.length > SCRATCH_MAX_CHARS) return Buffer.from(text, 'utf8');
  const most = text.length * 3;
  if (most > scratch.length) scratch = Buffer.allocUnsafe(Math.max(most, 64 * 1024));
  const written = scratch.write(text, 0, 'utf8');
  return Buffer.copyBytesFrom(scratch, 0, written);
}
