import { useTranslation } from '../i18n/use-translation.ts';
import { FieldError } from './field-error.tsx';
import { RefundScheduleList } from './payment-terms-summary.tsx';
import { RepeatableList } from './repeatable-list.tsx';
import { MAX_INSTALMENTS, MAX_SCHEDULE_ROWS, namedPolicySchedules, POLICY_KINDS, type PaymentTermsValues } from './product-form-values.ts';

// The product form's "Payment terms" fieldset (issue 26, docs/payments.md "Payment terms on a product"):
// the deposit (none, a percent, or an amount in shekels — sent in agorot), when the balance is due, the
// cancellation policy (each named one's schedule in words; a custom one as an editable table of rows)
// and the most card instalments. Inputs are named as the API's fields (`paymentTerms.deposit.amount`…),
// so the form also posts without JavaScript and each 422 message shows beside its input.
export function PaymentTermsFields(props: {
  id: string;
  values: PaymentTermsValues;
  onChange: (values: PaymentTermsValues) => void;
  error: (field: string) => string | null;
}) {
  const { t } = useTranslation();
  const { id, values, error } = props;
  const set = <K extends keyof PaymentTermsValues>(key: K) => (value: PaymentTermsValues[K]) => props.onChange({ ...values, [key]: value });
  const described = (field: string, hint?: string) => [hint ?? '', error(field) ? errorId(field) : ''].filter(Boolean).join(' ') || undefined;
  const errorId = (field: string) => `${id}-${field.replaceAll('.', '-')}-error`;
  const invalid = (field: string) => (error(field) ? true : undefined);
  const number = (field: string, value: string, onChange: (value: string) => void, label: string, options: { hint?: string; testId: string; decimal?: boolean }) => (
    <label className="field">
      <span>{label}</span>
      <input name={field} inputMode={options.decimal ? 'decimal' : 'numeric'} dir="ltr" value={value} onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid(field)} aria-describedby={described(field, options.hint ? `${id}-${options.testId}-hint` : undefined)} data-testid={options.testId} />
      {options.hint ? <small id={`${id}-${options.testId}-hint`}>{options.hint}</small> : null}
      <FieldError id={errorId(field)} message={error(field)} />
    </label>
  );

  return (
    <fieldset className="field payment-terms-fields" data-testid="payment-terms-fields">
      <legend>{t('products.form.terms.legend')}</legend>
      <small>{t('products.form.terms.intro')}</small>

      <fieldset className="field">
        <legend>{t('products.form.terms.deposit')}</legend>
        <div className="terms-options">
          {(['none', 'percent', 'amount'] as const).map((kind) => (
            <label key={kind} className="check-field">
              <input type="radio" name="paymentTerms.deposit.kind" value={kind} checked={values.depositKind === kind} onChange={() => set('depositKind')(kind)}
                data-testid={`deposit-${kind}`} />
              <span>{t(`products.form.terms.${kind === 'none' ? 'depositNone' : kind === 'percent' ? 'depositPercent' : 'depositAmount'}`)}</span>
            </label>
          ))}
        </div>
        <div className="terms-numbers">
          {values.depositKind === 'percent'
            ? number('paymentTerms.deposit.percent', values.depositPercent, set('depositPercent'), t('products.form.terms.depositPercentLabel'), { testId: 'deposit-percent-value' })
            : null}
          {values.depositKind === 'amount'
            ? number('paymentTerms.deposit.amount', values.depositAmount, set('depositAmount'), t('products.form.terms.depositAmountLabel'),
              { testId: 'deposit-amount-value', decimal: true, hint: t('products.form.terms.depositAmountHint') })
            : null}
          {values.depositKind !== 'none'
            ? number('paymentTerms.balanceDueDays', values.balanceDueDays, set('balanceDueDays'), t('products.form.terms.balanceDueDays'),
              { testId: 'balance-due-days', hint: t('products.form.terms.balanceDueDaysHint') })
            : <input type="hidden" name="paymentTerms.balanceDueDays" value={values.balanceDueDays} />}
        </div>
      </fieldset>

      <fieldset className="field">
        <legend>{t('products.form.terms.policy')}</legend>
        <div className="terms-options">
          {POLICY_KINDS.map((kind) => (
            <label key={kind} className="check-field">
              <input type="radio" name="paymentTerms.cancellationPolicy.kind" value={kind} checked={values.policy === kind} onChange={() => set('policy')(kind)}
                data-testid={`policy-${kind}`} />
              <span>{t(`products.form.terms.policies.${kind}`)}</span>
            </label>
          ))}
        </div>
        {values.policy !== 'custom' ? (
          <div className="policy-words" data-testid="policy-words"><RefundScheduleList steps={namedPolicySchedules[values.policy]} /></div>
        ) : (
          <>
            <RepeatableList<{ daysBefore: string; percent: string }>
              name="refund-steps" legend={t('products.form.terms.customSchedule')} hint={t('products.form.terms.customHint')} items={values.schedule}
              onChange={set('schedule')} newItem={() => ({ daysBefore: '', percent: '' })} max={MAX_SCHEDULE_ROWS}
              itemLabel={(index) => t('products.form.terms.row', { number: index + 1 })} addLabel={t('products.form.terms.addRow')} emptyText={t('products.form.terms.noRows')}
              renderItem={(row, index, update) => (
                <div className="schedule-row">
                  {number(`paymentTerms.cancellationPolicy.schedule.${index}.daysBefore`, row.daysBefore, (daysBefore) => update({ ...row, daysBefore }),
                    t('products.form.terms.daysBefore'), { testId: `step-days-${index}` })}
                  {number(`paymentTerms.cancellationPolicy.schedule.${index}.percent`, row.percent, (percent) => update({ ...row, percent }),
                    t('products.form.terms.percentBack'), { testId: `step-percent-${index}` })}
                </div>
              )}
            />
            <FieldError id={errorId('paymentTerms.cancellationPolicy.schedule')} message={props.error('paymentTerms.cancellationPolicy.schedule') && !values.schedule.some((_, index) =>
              error(`paymentTerms.cancellationPolicy.schedule.${index}.daysBefore`) || error(`paymentTerms.cancellationPolicy.schedule.${index}.percent`))
              ? error('paymentTerms.cancellationPolicy.schedule') : null} />
            {values.schedule.length ? <div className="policy-words" data-testid="policy-words"><RefundScheduleList steps={customSteps(values)} /></div> : null}
          </>
        )}
      </fieldset>

      <div className="terms-numbers">
        {number('paymentTerms.maxInstalments', values.maxInstalments, set('maxInstalments'), t('products.form.terms.maxInstalments'),
          { testId: 'max-instalments', hint: t('products.form.terms.maxInstalmentsHint', { max: MAX_INSTALMENTS }) })}
      </div>
    </fieldset>
  );
}

/** The custom rows typed so far that read as a schedule (whole days, whole percents), for the words under the table. */
function customSteps(values: PaymentTermsValues) {
  return values.schedule
    .map((row) => ({ daysBefore: Number(row.daysBefore), percent: Number(row.percent) }))
    .filter((step, index, all) => /^\s*\d+\s*$/.test(values.schedule[index]!.daysBefore) && /^\s*\d+\s*$/.test(values.schedule[index]!.percent)
      && step.percent <= 100 && all.findIndex((other) => other.daysBefore === step.daysBefore) === index);
}
