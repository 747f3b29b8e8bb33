import { describe, expect, it } from 'vitest';
import { orderPermissions } from './order-permissions.ts';

// The buttons a signed-in person sees on an order follow domain/order/may.ts for their part in it.
const customer = { uuid: 'u-dana', isAdmin: false, isOperator: false, groups: [] };
const artist = { uuid: 'u-noa', Vendor: { id: 'v-1' }, isAdmin: false, isOperator: false, groups: [] };
const admin = { uuid: 'u-admin', isAdmin: true, isOperator: false, groups: ['superUsers'] };
const order = (status: 'new' | 'payed' | 'approved' | 'completed' | 'canceled', reviewed = false) =>
  ({ status, customerId: 'u-dana', vendorId: 'v-1', review: reviewed ? { rating: 5, text: 'Great', at: '2026-01-01T00:00:00Z', editedAt: null } : null });

describe('orderPermissions', () => {
  it('given a new order: the customer may pay or cancel; the artist may cancel but never pay', () => {
    expect(orderPermissions(order('new'), customer)).toMatchObject({ pay: true, cancel: true, approve: false });
    expect(orderPermissions(order('new'), artist)).toMatchObject({ pay: false, cancel: true, approve: false });
  });

  it('given a paid order: the artist or an admin approves, the customer may only cancel', () => {
    expect(orderPermissions(order('payed'), artist)).toMatchObject({ approve: true, complete: false, pay: false });
    expect(orderPermissions(order('payed'), admin)).toMatchObject({ approve: true });
    expect(orderPermissions(order('payed'), customer)).toMatchObject({ approve: false, pay: false, cancel: true });
  });

  it('given a completed order: only the customer reviews it, then edits the review', () => {
    expect(orderPermissions(order('completed'), customer)).toMatchObject({ review: true, editReview: false, cancel: false });
    expect(orderPermissions(order('completed', true), customer)).toMatchObject({ review: false, editReview: true });
    expect(orderPermissions(order('completed', true), artist)).toMatchObject({ review: false, editReview: false });
  });

  it('a guest has no part in any order', () => {
    expect(Object.values(orderPermissions(order('new'), null)).some(Boolean)).toBe(false);
  });
});
