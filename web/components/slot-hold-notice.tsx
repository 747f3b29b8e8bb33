import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import type { Order } from '../api/view-models.ts';
import { formatTime } from '../app/format.ts';
import { LocalLink, useLocale } from '../app/links.tsx';
import { useRootData } from '../app/root-data.ts';

// A held slot while paying (issue 26 item 4, docs/payments.md "Held slots"): a customer's timed order
// holds its time unpaid until `holdUntil` (15 minutes). Placed inside the payment form, this says until
// when, with a live countdown; when the time runs out it says so, links back to choose a time again,
// and disables the form it sits in (the API refuses the payment then anyway: 409 order.hold-expired).
// The server pass and hydration count from the root loader's time, so both render the same; after
// that the browser's clock ticks it every second.

/** Minutes and seconds left, as a countdown shows them (m:ss). */
const clockOf = (ms: number): string => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

export function SlotHoldNotice(props: { order: Pick<Order, 'status' | 'holdUntil' | 'placedAt' | 'product'> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { now: serverNow } = useRootData();
  const [now, setNow] = useState(serverNow);
  const ref = useRef<HTMLDivElement>(null);
  const { order } = props;
  const holdUntil = order.status === 'new' ? order.holdUntil : null;
  const endMs = holdUntil ? Date.parse(holdUntil) : Number.NaN;
  const expired = holdUntil !== null && now >= endMs;

  useEffect(() => {
    if (!holdUntil) return;
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [holdUntil]);

  // Once the time ran out, the form this notice is in can no longer pay.
  useEffect(() => {
    const form = ref.current?.closest('form');
    if (!form || !expired) return;
    for (const control of Array.from(form.elements)) {
      if (control instanceof HTMLInputElement || control instanceof HTMLButtonElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement) control.disabled = true;
    }
    const refuse = (event: Event) => event.preventDefault();
    form.addEventListener('submit', refuse);
    return () => form.removeEventListener('submit', refuse);
  }, [expired]);

  if (!holdUntil) return null;
  if (expired) {
    return (
      <div ref={ref} className="notice notice-error slot-hold slot-hold-expired" role="alert" data-testid="slot-hold-expired">
        <p><strong>{t('slotHold.expiredTitle')}</strong></p>
        <p>{t('slotHold.expiredText', { minutes: holdMinutesOf(order) })}</p>
        <p><LocalLink to={`/store/product/${order.product.productId}`} className="button" data-testid="slot-hold-choose-again">{t('slotHold.chooseAgain')}</LocalLink></p>
      </div>
    );
  }
  const leftMs = endMs - now;
  const left = leftMs > 60_000 ? t('slotHold.minutesLeft', { n: Math.ceil(leftMs / 60_000) }) : t('slotHold.underAMinute');
  return (
    <div ref={ref} className="notice slot-hold" data-testid="slot-hold">
      <p>
        {t('slotHold.heldUntil', { time: formatTime(holdUntil, locale), left })}
        {' '}
        <span className="slot-hold-clock" dir="ltr" aria-hidden="true" data-testid="slot-hold-clock">{clockOf(leftMs)}</span>
      </p>
    </div>
  );
}

/** How long the order's time is held: from placing to holdUntil, in whole minutes (15). */
function holdMinutesOf(order: { holdUntil: string | null; placedAt: string }): number {
  return order.holdUntil ? Math.round((Date.parse(order.holdUntil) - Date.parse(order.placedAt)) / 60_000) : 0;
}
