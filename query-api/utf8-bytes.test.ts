import { describe, expect, it } from 'vitest';
import { utf8Bytes } from './utf8-bytes.ts';

describe('utf8Bytes', () => {
  it('is Buffer.from of the text, whatever its length and characters', () => {
    const card = '{"vendorId":"v-1","name":{"he":"להקת ג׳אז","en":"Jazz band"},"emoji":"🎷"}';
    const texts = [
      '', '{}', card, `{"items":[${Array(60).fill(card).join(',')}],"total":60}`,
      // Lone surrogates become U+FFFD (EF BF BD), a pair one 4-byte character.
      'a\uD800b', '\uDC00', '\uD83D', 'שלום\uDFFF', 'x\uD83D\uDE00y',
      // Latin-1 only (written directly), and a page holding Hebrew with a lone surrogate at its end (transcoded until it fails).
      'café ÿ', `${Array(30).fill(card).join(',')}\uD800`,
      // Past the scratch buffer's reach (Buffer.from), and a long one after a short one (the scratch grows).
      'ש'.repeat(1024 * 1024 + 1), 'ש'.repeat(300_000), 'abc',
    ];
    for (const text of texts) expect(utf8Bytes(text).equals(Buffer.from(text, 'utf8'))).toBe(true);
  });

  it('answers a buffer of its own: a later text does not change an earlier answer', () => {
    const first = utf8Bytes('אבג');
    utf8Bytes('xyz');
    expect(first.toString('utf8')).toBe('אבג');
    expect(first.length).toBe(6);
  });
});
