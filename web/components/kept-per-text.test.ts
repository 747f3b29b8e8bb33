import { describe, expect, it } from 'vitest';
import { keptPerText } from './kept-per-text.ts';

describe('a function of a text kept per text', () => {
  const counted = (max: number) => {
    const asked: string[] = [];
    const upper = keptPerText((text) => { asked.push(text); return text.toUpperCase(); }, max);
    return { upper, asked };
  };

  it('works a text out once, and again only after it went', () => {
    const { upper, asked } = counted(100);
    expect([upper('ab'), upper('ab'), upper('cd'), upper('ab')]).toEqual(['AB', 'AB', 'CD', 'AB']);
    expect(asked).toEqual(['ab', 'cd']);
  });

  it('lets the texts asked for least recently go once the kept texts and results pass the size', () => {
    const { upper, asked } = counted(12); // three texts of 2 characters and their results
    for (const text of ['aa', 'bb', 'cc', 'aa', 'dd']) upper(text); // dd pushes bb out: aa was asked again
    asked.length = 0;
    for (const text of ['aa', 'cc', 'dd', 'bb']) upper(text);
    expect(asked).toEqual(['bb']);
  });

  it('keeps no text larger than the size by itself', () => {
    const { upper, asked } = counted(10);
    upper('abcdef');
    upper('abcdef');
    upper('ab');
    upper('ab');
    expect(asked).toEqual(['abcdef', 'abcdef', 'ab']);
  });
});
