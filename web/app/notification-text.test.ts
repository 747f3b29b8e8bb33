import { describe, expect, it } from 'vitest';
import { i18nFor } from '../i18n/i18n.ts';
import { AUDIENCE_KINDS, notificationTextKey } from './notification-text.ts';

// A notice reads in its reader's words and language: the vendor's and the customer's text of the
// same order event differ, and each language names the product in that language.
const params = {
  orderId: 'o1', productName: 'הופעה של שעתיים', productNameHe: 'הופעה של שעתיים', productNameEn: 'Two-hour show',
  vendorNameHe: 'נועה כהן', vendorNameEn: 'Noa Cohen', customerName: 'Dana Levi', reason: 'Date moved', amount: '500',
  dueDate: '18.03.2027',
};

describe('notificationTextKey', () => {
  it('given an order notice for the vendor or the customer, picks that audience’s text', () => {
    expect(notificationTextKey({ kind: 'order.placed', subject: { orderId: 'o1', audience: 'vendor' } })).toBe('notification.vendor.order.placed');
    expect(notificationTextKey({ kind: 'order.approved', subject: { orderId: 'o1', audience: 'customer' } })).toBe('notification.customer.order.approved');
  });

  it('given a notice without an audience, another kind, or an unknown audience, keeps notification.<kind>', () => {
    expect(notificationTextKey({ kind: 'order.placed', subject: { orderId: 'o1' } })).toBe('notification.order.placed');
    expect(notificationTextKey({ kind: 'message.posted', subject: { audience: 'vendor' } })).toBe('notification.message.posted');
    expect(notificationTextKey({ kind: 'order.placed', subject: { audience: 'admin' } })).toBe('notification.order.placed');
  });

  it('every audience text exists in both languages, fills every placeholder, and names the product in its own language', () => {
    for (const [audience, kinds] of Object.entries(AUDIENCE_KINDS)) {
      for (const kind of kinds) {
        const key = notificationTextKey({ kind, subject: { audience } });
        const he = i18nFor('he').t(key, params);
        const en = i18nFor('en').t(key, params);
        for (const text of [he, en]) {
          expect(text, key).not.toBe(key);
          expect(text, key).not.toMatch(/\{\{|\}\}/);
        }
        expect(he, key).toContain('הופעה של שעתיים');
        expect(en, key).toContain('Two-hour show');
      }
    }
  });

  it('words the balance reminders (issue 26): the customer\'s before and after the due date, the artist\'s once overdue', () => {
    const en = i18nFor('en').t;
    expect(en(notificationTextKey({ kind: 'order.balanceDueSoon', subject: { audience: 'customer' } }), params)).toBe('Reminder: the balance of ₪500 for Two-hour show is due by 18.03.2027. Pay it from your order.');
    expect(en(notificationTextKey({ kind: 'order.balanceOverdue', subject: { audience: 'vendor' } }), params)).toContain('Dana Levi has not paid the balance of ₪500');
    expect(i18nFor('he').t(notificationTextKey({ kind: 'order.balanceOverdue', subject: { audience: 'customer' } }), params)).toContain('18.03.2027');
  });

  it('words the same event differently for each side', () => {
    const t = i18nFor('en').t;
    expect(t(notificationTextKey({ kind: 'order.placed', subject: { audience: 'vendor' } }), params)).toBe('New order from Dana Levi: Two-hour show');
    expect(t(notificationTextKey({ kind: 'order.approved', subject: { audience: 'customer' } }), params)).toBe('The artist approved your order: Two-hour show');
  });
});
