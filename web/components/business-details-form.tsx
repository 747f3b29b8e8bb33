import { data, Form } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { useState } from 'react';
import { normalizeIsraeliId } from '../../domain/shared/israeli-id.ts';
import { INTENT_FIELD, refused, revivedError, textOf, typedValues, useActionAnswer, useActionFailure, useSubmitting } from '../app/form-action.ts';
import type { ApiClient } from '../api/client.ts';
import { FieldError, fieldErrorsOf } from './field-error.tsx';
import { FormError } from './form-errors.tsx';

// The artist's business details (SPEC §5 Israeli personal id): the legal name and the id number of who is
// paid and invoiced — a personal id (teudat zehut) or a business number (the same check digit). The page
// checks the id with the domain's own rule before sending (domain/shared/israeli-id.ts) and says what is
// wrong in its language; the API checks again. Posted to the page's route action, also without scripts.
export interface BusinessDetails { vendorId: string; legalName: string | null; israeliId: string | null; updatedAt: string | null }
export const BUSINESS_INTENT = 'business';

export async function businessDetails(api: ApiClient, vendorId?: string): Promise<BusinessDetails> {
  return api.get<BusinessDetails>('vendor/business-details', { query: { vendorId }, fresh: true, silent: true });
}

type Problem = 'legalName' | 'israeliId';
/** What the form's fields say is wrong, checked like the API checks. */
export function businessProblems(legalName: string, israeliId: string): Partial<Record<Problem, string>> {
  const problems: Partial<Record<Problem, string>> = {};
  if (legalName.trim().length < 2) problems.legalName = 'businessDetails.errors.legalName';
  if (!normalizeIsraeliId(israeliId.replace(/[\s-]/g, ''))) problems.israeliId = /^\s*[\d\s-]{5,}\s*$/.test(israeliId) ? 'businessDetails.errors.checkDigit' : 'businessDetails.errors.digits';
  return problems;
}

/** The route action's part for the form (`intent=business`): checks, saves, answers the saved details or the problems. */
export async function saveBusinessDetails(api: ApiClient, form: FormData, vendorId?: string) {
  const legalName = textOf(form, 'legalName');
  const typed = textOf(form, 'israeliId');
  const problems = businessProblems(legalName, typed);
  if (Object.keys(problems).length > 0) return data({ intent: BUSINESS_INTENT, problems, values: typedValues(form, 'legalName', 'israeliId') }, { status: 422 });
  try {
    await api.request('PUT', 'vendor/business-details', { body: { ...(vendorId ? { vendorId } : {}), legalName, israeliId: typed.replace(/[\s-]/g, '') }, silent: true });
  } catch (error) {
    return refused(error, BUSINESS_INTENT, typedValues(form, 'legalName', 'israeliId'));
  }
  return { intent: BUSINESS_INTENT, saved: true };
}

export function BusinessDetailsForm(props: { details: BusinessDetails }) {
  const { t } = useTranslation();
  const answer = useActionAnswer<{ intent: string; problems?: Partial<Record<Problem, string>>; values?: Record<string, string>; saved?: boolean }>(BUSINESS_INTENT);
  const failure = useActionFailure(BUSINESS_INTENT);
  const busy = useSubmitting(BUSINESS_INTENT);
  const [checked, setChecked] = useState<Partial<Record<Problem, string>> | null>(null);
  const apiErrors = fieldErrorsOf(failure);
  const problems = checked ?? answer?.problems ?? {};
  const message = (field: Problem) => (problems[field] ? t(problems[field]!) : apiErrors[field] ? t(field === 'israeliId' ? 'businessDetails.errors.checkDigit' : 'businessDetails.errors.legalName') : null);
  const described = (field: Problem) => (message(field) ? { 'aria-invalid': true, 'aria-describedby': `business-${field}-error business-${field}-hint` } : { 'aria-describedby': `business-${field}-hint` });
  return (
    <section className="card account-form" aria-labelledby="business-details-title" data-testid="business-details">
      <h2 id="business-details-title">{t('businessDetails.title')}</h2>
      <p className="muted">{t('businessDetails.lead')}</p>
      {answer?.saved && !checked ? <p className="notice notice-success" role="status" data-testid="business-saved">{t('businessDetails.saved')}</p> : null}
      <Form method="post" className="form" noValidate preventScrollReset data-testid="business-form" onSubmit={(event) => {
        const element = event.currentTarget;
        const form = new FormData(element);
        const found = businessProblems(String(form.get('legalName') ?? ''), String(form.get('israeliId') ?? ''));
        setChecked(Object.keys(found).length > 0 ? found : null);
        if (Object.keys(found).length > 0) {
          event.preventDefault();
          requestAnimationFrame(() => element.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
        }
      }}>
        <input type="hidden" name={INTENT_FIELD} value={BUSINESS_INTENT} />
        <label className="field">
          <span>{t('businessDetails.legalName')}</span>
          <input name="legalName" defaultValue={answer?.values?.legalName ?? props.details.legalName ?? ''} maxLength={200} autoComplete="organization" data-testid="business-legal-name" {...described('legalName')} />
          <small id="business-legalName-hint">{t('businessDetails.legalNameHint')}</small>
          <FieldError id="business-legalName-error" message={message('legalName')} />
        </label>
        <label className="field">
          <span>{t('businessDetails.israeliId')}</span>
          <input name="israeliId" defaultValue={answer?.values?.israeliId ?? props.details.israeliId ?? ''} inputMode="numeric" dir="ltr" maxLength={12} autoComplete="off" data-testid="business-israeli-id" {...described('israeliId')} />
          <small id="business-israeliId-hint">{t('businessDetails.israeliIdHint')}</small>
          <FieldError id="business-israeliId-error" message={message('israeliId')} />
        </label>
        <FormError error={revivedError(failure && failure.status !== 422 ? failure : null)} />
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="business-save">{busy ? t('businessDetails.saving') : t('businessDetails.save')}</button>
      </Form>
    </section>
  );
}
