import { describe, expect, it } from 'vitest';
import { afterSeeing, hasSeen, type SeenState } from './seen.ts';

// The bound on `_seen` (seen.ts): on a feed in position order the least recently applied streams are let
// go behind a floor, and no event is applied twice or skipped wrongly.
describe('bounded _seen', () => {
  /** Applies events (in position order) the way the applier does: skip what was seen, else remember it. */
  function feed(events: Array<{ streamId: string; revision: number; position: number }>, bounded: boolean, max: number) {
    let state: SeenState = { seen: {} };
    const applied: string[] = [];
    for (const event of events) {
      if (hasSeen(state, event)) continue;
      applied.push(`${event.streamId}@${event.revision}`);
      state = afterSeeing(state, event, bounded, max);
    }
    return { state, applied };
  }
  // Five order streams feeding one document, then more of the first ones.
  const events = [
    ...['o1', 'o2', 'o3', 'o4', 'o5'].map((streamId, index) => ({ streamId, revision: 0, position: 10 + index })),
    { streamId: 'o1', revision: 1, position: 20 },
    { streamId: 'o2', revision: 1, position: 21 },
  ];

  it('keeps at most the given number of streams, the most recently applied, behind a floor', () => {
    const { state, applied } = feed(events, true, 3);
    expect(applied).toHaveLength(7);
    expect(Object.keys(state.seen)).toEqual(['o5', 'o1', 'o2']);
    expect(state.floor).toBe(21);
  });

  it('still applies nothing twice: old events of let-go and kept streams alike are seen', () => {
    const { state } = feed(events, true, 3);
    for (const event of events) expect(hasSeen(state, event)).toBe(true);
  });

  it('applies a later event of a let-go stream, and remembers it again', () => {
    const { state } = feed(events, true, 3);
    const later = { streamId: 'o3', revision: 1, position: 30 };
    expect(hasSeen(state, later)).toBe(false);
    expect(Object.keys(afterSeeing(state, later, true, 3).seen)).toEqual(['o1', 'o2', 'o3']);
  });

  it('lets nothing go on a per-stream feed, where an older position may still be new', () => {
    const { state } = feed(events, false, 3);
    expect(Object.keys(state.seen)).toHaveLength(5);
    expect(state.floor).toBeUndefined();
    expect(hasSeen(state, { streamId: 'o9', revision: 0, position: 1 })).toBe(false);
  });

  it('encodes what MongoDB field names cannot hold, and keeps a __proto__ stream a field', () => {
    const state = afterSeeing(afterSeeing({ seen: {} }, { streamId: 'config-support.whatsapp', revision: 2, position: 1 }, true), { streamId: '__proto__', revision: 0, position: 2 }, true);
    expect(Object.keys(state.seen)).toEqual(['config-support%2Ewhatsapp', '__proto__']);
    expect(Object.hasOwn(state.seen, '__proto__')).toBe(true);
    expect(JSON.parse(JSON.stringify(state.seen))).toEqual({ 'config-support%2Ewhatsapp': 2, ['__proto__']: 0 });
    expect(hasSeen(state, { streamId: 'config-support.whatsapp', revision: 2, position: 5 })).toBe(true);
    expect(Object.keys(afterSeeing(state, { streamId: 'a$b%c', revision: 0, position: 3 }, true).seen)).toEqual(['config-support%2Ewhatsapp', '__proto__', 'a%24b%25c']);
  });
});
