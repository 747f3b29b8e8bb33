import { describe, expect, it } from 'vitest';
import { answerMemo } from './answer-memo.ts';

describe('answers remembered by their text', () => {
  it('reads an answer text once, and gives the same frozen value for the same text again', () => {
    const memo = answerMemo<{ items: { id: string }[] }>(4);
    const reads: unknown[] = [];
    const read = (value: unknown) => { reads.push(value); return value as { items: { id: string }[] }; };
    const first = memo.of('{"items":[{"id":"a"}]}', read);
    // Another string with the same text (as each answer of the API is a new one).
    const again = memo.of(['{"items":[', '{"id":"a"}]}'].join(''), read);
    expect(again).toBe(first);
    expect(reads).toEqual([{ items: [{ id: 'a' }] }]);
    expect(Object.isFrozen(first) && Object.isFrozen(first.items) && Object.isFrozen(first.items[0])).toBe(true);
    expect(() => { first.items.push({ id: 'b' }); }).toThrow(TypeError);
    expect(memo.of('{"items":[{"id":"b"}]}', read)).toEqual({ items: [{ id: 'b' }] });
    expect(reads).toHaveLength(2);
  });

  it('keeps the answers read last, the oldest going first', () => {
    const memo = answerMemo<unknown>(2);
    let reads = 0;
    const read = (value: unknown) => { reads++; return value; };
    memo.of('1', read);
    memo.of('2', read);
    memo.of('1', read); // read again lately: kept over 2
    memo.of('3', read); // 2 goes
    expect(reads).toBe(3);
    memo.of('1', read);
    memo.of('3', read);
    expect(reads).toBe(3);
    memo.of('2', read);
    expect(reads).toBe(4);
  });

  it('remembers nothing the reader refused, and hands it text that is not JSON as it is', () => {
    const memo = answerMemo<unknown>(2);
    const refuse = (value: unknown) => { throw new Error(`refused ${JSON.stringify(value)}`); };
    expect(() => memo.of('not json', refuse)).toThrow('refused "not json"');
    expect(memo.of('not json', (value) => ({ value }))).toEqual({ value: 'not json' });
  });
});
