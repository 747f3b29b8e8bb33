import { useEffect, useId, useState, type FormEvent } from 'react';
import { data, Form, type ActionFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireUser } from '../../app/guards.ts';
import { LocalLink } from '../../app/links.tsx';
import { publishToast } from '../../app/toasts.tsx';
import { INTENT_FIELD, refused, textOf, typedValues, useActionAnswer, useActionFailure, useSettledAnswer, useSubmitting } from '../../app/form-action.ts';
import { serviceContract } from '../../api/queries.ts';
import type { CurrentUser, ServiceContract } from '../../api/view-models.ts';
import { useDisclosure } from '../../components/disclosure.ts';
import { FormError } from '../../components/form-errors.tsx';
import { FieldError, fieldErrorsOf, type FieldErrors } from '../../components/field-error.tsx';
import { allowedActions } from './contract-rules.ts';

// What the reader may do with a contract now (allowedActions, the decider's own rule): edit and send
// a draft (the vendor), sign a sent contract (each party once: the typed full name and "I agree"),
// cancel with a reason. Each is a form posted to the contract page's route action (also without
// JavaScript), which writes and waits until the views hold the write's revision, so the page's data
// read after it shows the contract as it now stands.
interface WriteResult { id: string; revision: number }
const COMMANDS = ['send', 'sign', 'cancel'] as const;
type Command = typeof COMMANDS[number];
type ContractAnswer = { intent: string; done?: Command; invalid?: FieldErrors; values?: Record<string, string> };
const DONE_KEYS: Record<Command, string> = { send: 'contracts.sentDone', sign: 'contracts.sign.done', cancel: 'contracts.cancel.done' };
const CONFLICT = { 409: 'contracts.conflict' };

/** The contract page's action: send, sign or cancel (the form's intent), then a wait for the views. */
export async function contractAction({ context, request, params }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const form = await request.formData();
  const command = COMMANDS.find((name) => name === textOf(form, INTENT_FIELD));
  const contractId = params.id ?? '';
  if (!command || !contractId) throw new Response(null, { status: 400 });
  const intent = command;
  const values = command === 'sign' ? typedValues(form, 'fullName') : command === 'cancel' ? typedValues(form, 'reason') : {};
  // Keys, worded by the page in its language (the same checks the page makes before posting).
  const invalid: FieldErrors = {};
  if (command === 'sign' && !textOf(form, 'fullName')) invalid.fullName = 'contracts.sign.nameRequired';
  if (command === 'sign' && form.get('agree') !== 'on') invalid.agree = 'contracts.sign.agreeRequired';
  if (command === 'cancel' && !textOf(form, 'reason')) invalid.reason = 'contracts.cancel.reasonRequired';
  if (Object.keys(invalid).length) return data<ContractAnswer>({ intent, invalid, values }, { status: 422 });
  const body = command === 'sign' ? { fullName: textOf(form, 'fullName'), agree: true } : command === 'cancel' ? { reason: textOf(form, 'reason') } : undefined;
  try {
    const written = await environment.api.post<WriteResult>(`contracts/${encodeURIComponent(contractId)}/${command}`, body, { silent: true });
    await serviceContract(environment.api, contractId, written.revision, { silent: true }).catch(() => undefined);
    return { intent, done: command } satisfies ContractAnswer;
  } catch (error) {
    return refused(error, intent, values);
  }
}

/** After a conflict (the contract moved on meanwhile: the other side signed or canceled) the page reads it again. */
export const contractPageRevalidates = ({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  actionStatus === 409 || defaultShouldRevalidate;

/** The form's errors: the action's own checks, the API's 422 fields, and what the page found before posting. */
function useContractForm(intent: Command) {
  const answer = useActionAnswer<ContractAnswer>(intent);
  const failure = useActionFailure(intent);
  const busy = useSubmitting(intent);
  const refusedFields = fieldErrorsOf(failure);
  const invalid = (field: string) => Boolean(answer?.invalid?.[field] || refusedFields[field]);
  // A refusal that is not about a field (a conflict, a closed state) is shown above the button.
  const otherFailure = failure && Object.keys(refusedFields).length === 0 ? failure : null;
  return { answer, failure, busy, invalid, otherFailure };
}

function useDoneToast() {
  const done = [useSettledAnswer<ContractAnswer>('send'), useSettledAnswer<ContractAnswer>('sign'), useSettledAnswer<ContractAnswer>('cancel')].find((answer) => answer?.done);
  useEffect(() => {
    if (done?.done) publishToast({ kind: 'success', messageKey: DONE_KEYS[done.done] });
  }, [done]);
}

export function ContractActions(props: { contract: ServiceContract; user: CurrentUser }) {
  const { t } = useTranslation();
  const allowed = allowedActions(props.contract, props.user);
  const send = useContractForm('send');
  useDoneToast();
  if (allowed.length === 0) return null;
  return (
    <section className="card contract-actions" data-testid="contract-actions">
      {allowed.includes('ReviseContract') || allowed.includes('SendContract') ? (
        <Form method="post" preventScrollReset className="contract-action-row">
          <input type="hidden" name={INTENT_FIELD} value="send" />
          {allowed.includes('ReviseContract') ? <LocalLink to={`/user/dashboard/contracts/${props.contract.contractId}/edit`} className="button" data-testid="edit-contract">{t('contracts.edit')}</LocalLink> : null}
          {allowed.includes('SendContract') ? (
            <button type="submit" className="button button-primary" disabled={send.busy} aria-busy={send.busy} data-testid="send-contract">
              {send.busy ? <><span className="spinner" aria-hidden="true" /> {t('contracts.sending')}</> : t('contracts.send')}
            </button>
          ) : null}
        </Form>
      ) : null}
      <FormError error={send.failure} overrides={CONFLICT} />
      {allowed.includes('SignContract') ? <SignForm /> : null}
      {allowed.includes('CancelContract') ? <CancelForm contract={props.contract} /> : null}
    </section>
  );
}

function SignForm() {
  const { t } = useTranslation();
  const id = useId();
  const write = useContractForm('sign');
  // With JavaScript the empty fields are named before posting; the action checks the same without it.
  const [missing, setMissing] = useState<{ fullName?: boolean; agree?: boolean }>({});
  const nameError = missing.fullName || write.invalid('fullName') ? t('contracts.sign.nameRequired') : null;
  const agreeError = missing.agree || write.invalid('agree') ? t('contracts.sign.agreeRequired') : null;
  function check(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const found = { fullName: !String(form.get('fullName') ?? '').trim(), agree: form.get('agree') !== 'on' };
    setMissing(found);
    if (found.fullName || found.agree) event.preventDefault();
  }
  return (
    <Form method="post" preventScrollReset className="form sign-form" onSubmit={check} noValidate data-testid="sign-form" aria-busy={write.busy}>
      <input type="hidden" name={INTENT_FIELD} value="sign" />
      <h2>{t('contracts.sign.title')}</h2>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('contracts.sign.fullName')}</label>
        <input id={`${id}-name`} name="fullName" defaultValue={write.answer?.values?.fullName ?? ''} autoComplete="name" maxLength={200}
          className="signature-input" aria-invalid={nameError ? true : undefined} aria-describedby={`${id}-name-hint${nameError ? ` ${id}-name-error` : ''}`} data-testid="signature-name" />
        <small id={`${id}-name-hint`}>{t('contracts.sign.fullNameHint')}</small>
        <FieldError id={`${id}-name-error`} message={nameError} />
      </div>
      <div className="field">
        <label className="agree">
          <input type="checkbox" name="agree" aria-invalid={agreeError ? true : undefined}
            aria-describedby={agreeError ? `${id}-agree-error` : undefined} data-testid="signature-agree" />
          {' '}{t('contracts.sign.agree')}
        </label>
        <FieldError id={`${id}-agree-error`} message={agreeError} />
      </div>
      <FormError error={write.otherFailure} overrides={CONFLICT} />
      <button type="submit" className="button button-primary" disabled={write.busy} data-testid="sign-contract">
        {write.busy ? <><span className="spinner" aria-hidden="true" /> {t('contracts.sign.signing')}</> : t('contracts.sign.submit')}
      </button>
    </Form>
  );
}

function CancelForm(props: { contract: ServiceContract }) {
  const { t } = useTranslation();
  const id = useId();
  const write = useContractForm('cancel');
  const asking = useDisclosure('cancel', props.contract.contractId, useSettledAnswer<ContractAnswer>('cancel')?.done);
  const [missing, setMissing] = useState(false);
  const reasonError = missing || write.invalid('reason') ? t('contracts.cancel.reasonRequired') : null;
  function check(event: FormEvent<HTMLFormElement>) {
    const empty = !String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    setMissing(empty);
    if (empty) event.preventDefault();
  }
  if (!asking.open) {
    // A link, so that it opens the cancel form without JavaScript too (?cancel=<contract id>).
    return <a role="button" className="button open-cancel" {...asking.openLink} data-testid="open-cancel">{t('contracts.cancel.open')}</a>;
  }
  return (
    <Form method="post" preventScrollReset className="form cancel-form" onSubmit={check} noValidate data-testid="cancel-form" aria-busy={write.busy}>
      <input type="hidden" name={INTENT_FIELD} value="cancel" />
      <div className="field">
        <label htmlFor={`${id}-reason`}>{t('contracts.cancel.reason')}</label>
        <textarea id={`${id}-reason`} name="reason" rows={3} maxLength={500} defaultValue={write.answer?.values?.reason ?? ''} autoFocus
          aria-invalid={reasonError ? true : undefined} aria-describedby={reasonError ? `${id}-reason-error` : undefined} data-testid="cancel-reason" />
        <FieldError id={`${id}-reason-error`} message={reasonError} />
      </div>
      <FormError error={write.otherFailure} overrides={CONFLICT} />
      <div className="contract-action-row">
        <button type="submit" className="button button-danger" disabled={write.busy} data-testid="confirm-cancel">
          {write.busy ? <><span className="spinner" aria-hidden="true" /> {t('contracts.cancel.canceling')}</> : t('contracts.cancel.submit')}
        </button>
        <a role="button" className="button" {...asking.closeLink}>{t('contracts.cancel.keep')}</a>
      </div>
    </Form>
  );
}
