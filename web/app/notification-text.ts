import type { RealtimeNotification } from './realtime-events.ts';
import type { Locale } from '../../domain/shared/translatable.ts';

// The message key of a notification, shared by the toast (realtime-client.ts) and the notifications
// list. A notice names its reader's part (`subject.audience`, notifications/recipients.ts); order
// notices have wording per audience — `notification.vendor.order.placed` reads "New order from Dana:
// Wedding show", `notification.customer.order.approved` "The artist approved your order: Wedding
// show" — and every other kind, or a notice stored before audiences existed, keeps
// `notification.<kind>`. Each language's text picks its own name params (`productNameHe` /
// `productNameEn`), so the product reads in the reader's language.
export type Audience = 'customer' | 'vendor';

/** Kinds written per audience (web/i18n/sections/customer-orders.ts and vendor-orders.ts). */
export const AUDIENCE_KINDS: Record<Audience, readonly string[]> = {
  customer: ['order.placed', 'order.payed', 'order.balancePaid', 'order.approved', 'order.completed', 'order.canceled', 'order.paymentDeclined', 'order.refunded', 'order.balanceDueSoon', 'order.balanceOverdue'],
  vendor: ['order.placed', 'order.payed', 'order.balancePaid', 'order.approved', 'order.completed', 'order.canceled', 'order.detailsChanged', 'order.balanceOverdue'],
};

export const audienceOf = (notification: Pick<RealtimeNotification, 'subject'>): Audience | null => {
  const audience = notification.subject.audience;
  return audience === 'customer' || audience === 'vendor' ? audience : null;
};

export function notificationTextKey(notification: Pick<RealtimeNotification, 'kind' | 'subject'>): string {
  const audience = audienceOf(notification);
  if (audience && AUDIENCE_KINDS[audience].includes(notification.kind)) return `notification.${audience}.${notification.kind}`;
  return `notification.${notification.kind}`;
}

/**
 * The params a notice's text is filled with on a page of `locale`: names that come in both languages
 * (`productNameHe`/`productNameEn`, `vendorNameHe`/`vendorNameEn`) also fill the plain `productName` and
 * `vendorName` of older texts in the reader's language, so an English page never reads a Hebrew name
 * where the English one exists.
 */
export function notificationParams(params: Record<string, string>, locale: Locale): Record<string, string> {
  const suffix = locale === 'he' ? 'He' : 'En';
  const localized: Record<string, string> = { ...params };
  for (const name of ['productName', 'vendorName']) {
    const own = params[`${name}${suffix}`];
    if (own) localized[name] = own;
  }
  return localized;
}
