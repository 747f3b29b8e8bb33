import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import type { Order } from '../api/view-models.ts';
import { orderReceipts, type Receipt } from '../api/receipts.ts';
import { environmentOf } from '../app/environment.ts';
import { formatDate } from '../app/format.ts';
import { LocalLink, useLocale } from '../app/links.tsx';
import { Price } from './price.tsx';
import { RECEIPTS_PATH, ReceiptLink } from './receipt-link.tsx';

// An order's receipts on its page (issue 26 item 5): one per payment and refund, each linked to its
// printable page. Self-contained: it reads them itself once the page runs (GET /api/receipts?orderId=),
// since they are issued a moment after each payment; without scripts the link to the order's receipts
// screen leads to the same list. Nothing shows for an order nothing was paid on.
export function OrderReceipts(props: { order: Order }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingId = useId();
  const { order } = props;
  const [receipts, setReceipts] = useState<Receipt[] | null>(null);
  const returned = order.returnedPayments ?? [];
  const paid = order.payments.length > 0 || returned.length > 0;
  // One receipt per payment and per refund made: until the receipts flow has issued them all, read again.
  const expected = order.payments.length + order.payments.filter((payment) => payment.refund?.refundId).length + returned.filter((charge) => charge.refundId).length;

  useEffect(() => {
    if (!paid) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = (attempt: number) => {
      orderReceipts(environmentOf(undefined).api, order.orderId).then((loaded) => {
        if (cancelled) return;
        setReceipts(loaded);
        if (loaded.length < expected && attempt < 10) timer = setTimeout(() => read(attempt + 1), 1000);
      }, () => undefined);
    };
    read(0);
    return () => { cancelled = true; clearTimeout(timer); };
  }, [paid, expected, order.orderId]);

  if (!paid) return null;
  return (
    <section className="order-receipts" aria-labelledby={headingId} data-testid="order-receipts">
      <h2 id={headingId}>{t('orderReceipts.title')}</h2>
      {receipts && receipts.length > 0 ? (
        <ul className="order-receipt-list">
          {receipts.map((receipt) => (
            <li key={receipt.receiptId} data-testid="order-receipt" data-kind={receipt.kind}>
              <ReceiptLink receipt={receipt}>
                {t(receipt.kind === 'refund' ? 'orderReceipts.refundReceipt' : 'orderReceipts.receipt', { number: receipt.number })}
              </ReceiptLink>{' '}
              <span className="muted">{formatDate(receipt.at, locale, { dateStyle: 'medium' })}</span>{' '}
              <Price money={receipt.amount} />
            </li>
          ))}
        </ul>
      ) : <p className="muted">{t('orderReceipts.pending')}</p>}
      <p><LocalLink to={`${RECEIPTS_PATH}?orderId=${encodeURIComponent(order.orderId)}`}>{t('orderReceipts.all')}</LocalLink></p>
    </section>
  );
}
