import { useTranslation } from '../i18n/use-translation.ts';
import type { Money, ProductSummary } from '../api/view-models.ts';
import { formatPrice } from '../app/format.ts';
import { useLocale } from '../app/links.tsx';
import { IsolatedText } from './isolated-text.tsx';
import { KeptMarkup } from '../app/reused-markup.tsx';

// A product's payment terms in words (issue 26, docs/payments.md "Payment terms on a product"), where
// the customer chooses — the product page, the artist's page — and at checkout before placing: the
// deposit that holds the date and the balance with when it is due, the cancellation policy as its
// refund schedule, and the most card instalments. Amounts and the schedule come worked out in the
// products view (projectors/product-payment-terms.ts), so this stays small and free of domain code
// (it is in the storefront's first load). Texts: `paymentTerms` in web/i18n/sections/products.ts.

export type ProductPaymentTerms = NonNullable<ProductSummary['paymentTerms']>;
export interface RefundStep { daysBefore: number; percent: number }

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "14 days before the event", "on the day of the event", … */
export function daysBeforeText(days: number, t: Translate): string {
  if (days === 0) return t('paymentTerms.when.onTheDay');
  if (days === 1) return t('paymentTerms.when.oneDay');
  if (days === 2) return t('paymentTerms.when.twoDays');
  return t('paymentTerms.when.days', { count: days });
}

/** A refund schedule, most days first, row by row in words, ending with "later: no refund" when a late cancel gets nothing. */
export function RefundScheduleList(props: { steps: readonly RefundStep[]; testId?: string }) {
  const { i18n } = useTranslation();
  const steps = [...props.steps].sort((a, b) => b.daysBefore - a.daysBefore);
  // The same few schedules on many pages (a product each): written once per language and schedule on the server.
  return (
    <KeptMarkup tag="ul" className="refund-schedule" testId={props.testId ?? 'refund-schedule'} inputs={[i18n.language, ...steps.flatMap((step) => [step.daysBefore, step.percent])]}>
      <RefundSteps steps={steps} />
    </KeptMarkup>
  );
}

function RefundSteps(props: { steps: readonly RefundStep[] }) {
  const { t } = useTranslation();
  const { steps } = props;
  const refund = (percent: number) => percent >= 100 ? t('paymentTerms.refundFull') : percent <= 0 ? t('paymentTerms.refundNone') : t('paymentTerms.refundPercent', { percent });
  const last = steps.at(-1);
  return (
    <>
      {steps.map((step) => (
        <li key={step.daysBefore}>
          {step.daysBefore === 0
            ? t('paymentTerms.stepUntilEvent', { refund: refund(step.percent) })
            : t('paymentTerms.stepAtLeast', { when: daysBeforeText(step.daysBefore, t), refund: refund(step.percent) })}
        </li>
      ))}
      {last && last.daysBefore > 0 && last.percent > 0 ? <li>{t('paymentTerms.later')}</li> : null}
    </>
  );
}

/**
 * The terms of a product sold at `price`. `open` shows the refund schedule at once (checkout, the
 * product page); otherwise it is a disclosure under the policy's name (a row among others).
 */
export function PaymentTermsSummary(props: { terms: ProductPaymentTerms | undefined; price: Money; open?: boolean; heading?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { terms } = props;
  if (!terms) return null;
  const money = (amount: Money) => formatPrice(amount, locale);
  const inFull = terms.deposit.kind === 'none' || terms.balance.amountMinor <= 0;
  const policy = t('paymentTerms.policy', { name: t(`paymentTerms.policies.${terms.cancellationPolicy.kind}`) });
  return (
    <div className="payment-terms" data-testid="payment-terms">
      {props.heading === 'h2' ? <h2 className="payment-terms-title">{t('paymentTerms.title')}</h2>
        : props.heading === 'h3' ? <h3 className="payment-terms-title">{t('paymentTerms.title')}</h3> : null}
      <p data-testid="payment-terms-deposit">
        {inFull
          ? <IsolatedText i18nKey="paymentTerms.fullAtBooking" values={{ price: money(props.price) }} />
          : <IsolatedText i18nKey="paymentTerms.depositAndBalance"
              values={{ deposit: money(terms.depositDue), balance: money(terms.balance), when: daysBeforeText(terms.balanceDueDays, t) }} />}
      </p>
      {props.open ? (
        <div className="payment-terms-policy">
          <p>{policy}</p>
          <RefundScheduleList steps={terms.refundSchedule} />
        </div>
      ) : (
        <details className="payment-terms-policy">
          <summary>{policy}</summary>
          <RefundScheduleList steps={terms.refundSchedule} />
        </details>
      )}
      <p data-testid="payment-terms-instalments">
        {terms.maxInstalments > 1 ? t('paymentTerms.instalments', { count: terms.maxInstalments }) : t('paymentTerms.oneInstalment')}
      </p>
    </div>
  );
}
