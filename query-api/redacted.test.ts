import { Map as PersistentMap, OrderedMap } from 'immutable';
import { describe, expect, it } from 'vitest';
import { receiptDecider } from '../domain/receipt/decider.ts';
import { redacted } from './routes/audit-reads.ts';

// What an admin sees of an event or a folded state (time travel): plain JSON, secrets redacted, the
// persistent maps of a receipt book or an inbox as the objects they stand for.
describe('redacted', () => {
  it('redacts secrets at any depth', () => {
    expect(redacted({ email: 'a@b.c', passwordHash: 'x', nested: [{ resetToken: 'y', ok: 1 }] }))
      .toEqual({ email: 'a@b.c', passwordHash: '[redacted]', nested: [{ resetToken: '[redacted]', ok: 1 }] });
  });

  it('shows persistent maps and dates as JSON would', () => {
    const book = { ...receiptDecider.initialState, issued: 2, sources: PersistentMap({ 'pay-1': 1, 'pay-2': 2 }) };
    expect(redacted(book)).toEqual({ issued: 2, sources: { 'pay-1': 1, 'pay-2': 2 }, payments: {} });
    expect(redacted({ inbox: OrderedMap({ 'n-1': { secretNote: 's', read: true } }), at: new Date('2026-11-29T00:00:00.000Z') }))
      .toEqual({ inbox: { 'n-1': { secretNote: '[redacted]', read: true } }, at: '2026-11-29T00:00:00.000Z' });
  });
});
