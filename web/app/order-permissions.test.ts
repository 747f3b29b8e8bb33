import { describe, expect, it } from 'vitest';
import { orderPermissions } from './order-permissions.ts';

// The buttons a signed-in person sees on an order follow domain/order/may.ts for their part in it.
const customer = { uuid: 'u-dana', isAdmin: false, isOperator: false, groups: [] };
const artist = { uuid: 'u-noa', Vendor: { id: 'v-1' }, isAdmin: false, isOperator: false, groups: [] };
const admin = { uuid: 'u-admin', isAdmin: true, isOperator: false, groups: ['superUsers'] };
const now = Date.parse('2026-11-28T10:00:00.000Z');
const order = (status: 'new' | 'payed' | 'approved' | 'completed' | 'canceled', reviewed = false, slot: { start: string; end: string } | null = null, eventAt = slot?.start ?? null) =>
  ({ status, customerId: 'u-dana', vendorId: 'v-1', slot, eventAt, review: reviewed ? { rating: 5, text: 'Great', at: '2026-11-20T00:00:00Z', editedAt: null } : null });

describe('orderPermissions', () => {
  it('given a new order: the customer may pay or cancel; the artist may cancel but never pay', () => {
    expect(orderPermissions(order('new'), customer, now)).toMatchObject({ pay: true, cancel: true, approve: false });
    expect(orderPermissions(order('new'), artist, now)).toMatchObject({ pay: false, cancel: true, approve: false });
  });

  it('given a paid order: the artist or an admin approves, the customer may only cancel', () => {
    expect(orderPermissions(order('payed'), artist, now)).toMatchObject({ approve: true, complete: false, pay: false });
    expect(orderPermissions(order('payed'), admin, now)).toMatchObject({ approve: true });
    expect(orderPermissions(order('payed'), customer, now)).toMatchObject({ approve: false, pay: false, cancel: true });
  });

  it('given a completed order: only the customer reviews it, then edits the review', () => {
    expect(orderPermissions(order('completed'), customer, now)).toMatchObject({ review: true, editReview: false, cancel: false });
    expect(orderPermissions(order('completed', true), customer, now)).toMatchObject({ review: false, editReview: true });
    expect(orderPermissions(order('completed', true), artist, now)).toMatchObject({ review: false, editReview: false });
  });

  it('the customer edits the review within 14 days of writing it, and never one an admin hid', () => {
    const reviewed = order('completed', true);
    expect(orderPermissions(reviewed, customer, Date.parse('2026-12-04T00:00:00Z'))).toMatchObject({ editReview: true });
    expect(orderPermissions(reviewed, customer, Date.parse('2026-12-04T00:00:00.001Z'))).toMatchObject({ editReview: false, review: false });
    const hidden = { ...reviewed, review: { ...reviewed.review!, hidden: { reason: 'Spam', at: '2026-11-21T00:00:00Z' } } };
    expect(orderPermissions(hidden, customer, now)).toMatchObject({ editReview: false, review: false });
  });

  it('given an approved order whose event is still to come: no Complete, but when it can be, for the artist or an admin only', () => {
    const upcoming = order('approved', false, { start: '2026-12-09T18:00:00.000Z', end: '2026-12-09T19:30:00.000Z' });
    expect(orderPermissions(upcoming, artist, now)).toMatchObject({ complete: false, completeAfter: '2026-12-09T19:30:00.000Z', cancel: true });
    expect(orderPermissions(upcoming, admin, now)).toMatchObject({ complete: false, completeAfter: '2026-12-09T19:30:00.000Z' });
    expect(orderPermissions(upcoming, customer, now)).toMatchObject({ complete: false, completeAfter: null });
    expect(orderPermissions(upcoming, artist, Date.parse('2026-12-09T19:30:00.000Z'))).toMatchObject({ complete: true, completeAfter: null });
    expect(orderPermissions(order('payed', false, upcoming.slot), artist, now)).toMatchObject({ complete: false, completeAfter: null, approve: true });
    expect(orderPermissions(order('approved'), artist, now)).toMatchObject({ complete: true, completeAfter: null });
  });

  it("given an approved order of a fixed service with event details: completable from the event's start", () => {
    const withDetails = order('approved', false, null, '2026-12-24T17:00:00.000Z');
    expect(orderPermissions(withDetails, artist, now)).toMatchObject({ complete: false, completeAfter: '2026-12-24T17:00:00.000Z' });
    expect(orderPermissions(withDetails, artist, Date.parse('2026-12-24T17:00:00.000Z'))).toMatchObject({ complete: true, completeAfter: null });
  });

  it('a guest has no part in any order', () => {
    expect(Object.values(orderPermissions(order('new'), null, now)).some(Boolean)).toBe(false);
  });
});
