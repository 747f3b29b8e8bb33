import { data, Form, redirect, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireUser } from '../../app/guards.ts';
import { localeOfRequest } from '../../app/loader-kit.ts';
import { localizedPath } from '../../app/locale-path.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { INTENT_FIELD, refused, revivedError, textOf, typedValues, useActionAnswer, useActionFailure, useSubmitting } from '../../app/form-action.ts';
import { intentKind } from '../../app/intent-action.ts';
import { addAddress, changeAddress, chooseDefaultAddress, myAddresses, removeAddress, type AddressInput, type UserAddress } from '../../api/addresses.ts';
import { COUNTRIES } from '../../../domain/shared/countries.ts';
import { ConfirmPostButton } from '../../components/confirm-button.tsx';
import { FieldError, fieldErrorsOf } from '../../components/field-error.tsx';
import { FormError } from '../../components/form-errors.tsx';
import { DashboardLayout } from './dashboard-layout.tsx';

// The user's addresses (SPEC §1 entity "user address"): where their events take place, one of them
// the default. Reached from the profile; each address is edited in place, removed after asking, or made
// the default; a new one is added below. Every write posts to this route's action (also without
// JavaScript) and the page reloads at the write's revision, so it shows what was stored.
const PATH = '/user/dashboard/addresses';
const FIELDS = ['label', 'street', 'city', 'postalCode', 'country', 'notes'] as const;
const ADD = 'add';
const SAVE = 'save';
const REMOVE = 'remove';
const DEFAULT = 'default';

export async function addressesLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const url = new URL(request.url);
  const revision = Number.parseInt(url.searchParams.get('rev') ?? '', 10);
  const book = await myAddresses(environment.api, Number.isInteger(revision) && revision >= 0 ? revision : undefined);
  const done = url.searchParams.get('done');
  return { book, done: done === 'added' || done === 'saved' || done === 'removed' || done === 'default' ? done : null };
}

const addressOfForm = (form: FormData): AddressInput => ({
  label: textOf(form, 'label'), street: textOf(form, 'street'), city: textOf(form, 'city'),
  postalCode: textOf(form, 'postalCode'), country: textOf(form, 'country') || 'IL', notes: textOf(form, 'notes'),
});

/** Every form of the page posts here: `add`, `save:<id>`, `remove:<id>` or `default:<id>`. */
export async function addressesAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const form = await request.formData();
  const intent = textOf(form, INTENT_FIELD);
  const kind = intentKind(intent);
  const id = intent.slice(kind.length + 1);
  try {
    const written = kind === ADD ? await addAddress(environment.api, addressOfForm(form), form.get('makeDefault') === 'on')
      : kind === SAVE ? await changeAddress(environment.api, id, addressOfForm(form))
      : kind === REMOVE ? await removeAddress(environment.api, id)
      : kind === DEFAULT ? await chooseDefaultAddress(environment.api, id)
      : null;
    if (!written) return data({ intent }, { status: 400 });
    const done = { [ADD]: 'added', [SAVE]: 'saved', [REMOVE]: 'removed', [DEFAULT]: 'default' }[kind];
    return redirect(`${localizedPath(localeOfRequest(request), PATH)}?rev=${written.revision}&done=${done}`, 303);
  } catch (error) {
    return refused(error, intent, typedValues(form, ...FIELDS));
  }
}

function CountryName(props: { code: string }) {
  const locale = useLocale();
  const country = COUNTRIES.find((entry) => entry.code === props.code);
  return <>{country ? `${country.emoji} ${country.name[locale]}` : props.code}</>;
}

/** The fields of an address, filled with what was stored or typed; the API's 422 beside each field. */
function AddressFieldsInputs(props: { intent: string; initial: AddressInput }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const failure = useActionFailure(props.intent);
  const typed = useActionAnswer<{ intent: string; values?: Record<string, string> }>(props.intent)?.values;
  const errors = fieldErrorsOf(failure, 'address');
  const value = (field: (typeof FIELDS)[number]) => typed?.[field] ?? props.initial[field];
  const id = (field: string) => `${props.intent}-${field}`;
  const message = (field: string) => (errors[field] ? t(`addresses.errors.${field}`, { defaultValue: errors[field] }) : null);
  const described = (field: string) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id(field)}-error` } : {});
  return (
    <>
      <label className="field">
        <span>{t('addresses.label')}</span>
        <input name="label" defaultValue={value('label')} maxLength={60} placeholder={t('addresses.labelPlaceholder')} data-testid="address-label" {...described('label')} />
        <FieldError id={`${id('label')}-error`} message={message('label')} />
      </label>
      <label className="field">
        <span>{t('addresses.street')} <span className="required-mark" aria-hidden="true">*</span></span>
        <input name="street" defaultValue={value('street')} maxLength={200} required autoComplete="street-address" data-testid="address-street" {...described('street')} />
        <FieldError id={`${id('street')}-error`} message={message('street')} />
      </label>
      <div className="address-pair">
        <label className="field">
          <span>{t('addresses.city')} <span className="required-mark" aria-hidden="true">*</span></span>
          <input name="city" defaultValue={value('city')} maxLength={100} required autoComplete="address-level2" data-testid="address-city" {...described('city')} />
          <FieldError id={`${id('city')}-error`} message={message('city')} />
        </label>
        <label className="field">
          <span>{t('addresses.postalCode')}</span>
          <input name="postalCode" defaultValue={value('postalCode')} maxLength={10} inputMode="numeric" dir="ltr" autoComplete="postal-code" data-testid="address-postal-code" {...described('postalCode')} />
          <FieldError id={`${id('postalCode')}-error`} message={message('postalCode')} />
        </label>
      </div>
      <label className="field">
        <span>{t('addresses.country')}</span>
        <select name="country" defaultValue={value('country') || 'IL'} autoComplete="country" data-testid="address-country">
          {COUNTRIES.map((country) => <option key={country.code} value={country.code}>{`${country.emoji} ${country.name[locale]}`}</option>)}
        </select>
      </label>
      <label className="field">
        <span>{t('addresses.notes')}</span>
        <textarea name="notes" defaultValue={value('notes')} maxLength={500} rows={2} placeholder={t('addresses.notesPlaceholder')} data-testid="address-notes" {...described('notes')} />
        <FieldError id={`${id('notes')}-error`} message={message('notes')} />
      </label>
    </>
  );
}

function AddressCard(props: { address: UserAddress; isDefault: boolean; index: number }) {
  const { t } = useTranslation();
  const { address, isDefault } = props;
  const saveIntent = `${SAVE}:${address.id}`;
  const defaultIntent = `${DEFAULT}:${address.id}`;
  const saveFailure = useActionFailure(saveIntent);
  const defaultFailure = useActionFailure(defaultIntent);
  const removeFailure = useActionFailure(`${REMOVE}:${address.id}`);
  // A refused save keeps its form open with the messages beside the fields; other refusals show below.
  const editing = saveFailure !== null;
  const failure = (saveFailure && saveFailure.status !== 422 ? saveFailure : null) ?? defaultFailure ?? removeFailure;
  const busy = useSubmitting(saveIntent);
  const title = address.label || t('addresses.untitled', { number: props.index + 1 });
  return (
    <li className="card address-card" data-testid="address" data-address-id={address.id} data-default={isDefault}>
      <div className="address-card-head">
        <h2 className="address-title"><bdi>{title}</bdi></h2>
        {isDefault ? <span className="status status-live" data-testid="address-default">{t('addresses.default')}</span> : null}
      </div>
      <address className="address-lines">
        <bdi>{address.street}</bdi><br />
        <bdi>{address.city}</bdi>{address.postalCode ? <> <span dir="ltr">{address.postalCode}</span></> : null}<br />
        <CountryName code={address.country} />
        {address.notes ? <><br /><span className="muted"><bdi>{address.notes}</bdi></span></> : null}
      </address>
      <div className="address-actions">
        {isDefault ? null : (
          <Form method="post" preventScrollReset>
            <input type="hidden" name={INTENT_FIELD} value={defaultIntent} />
            <button type="submit" className="button button-small" data-testid="address-make-default">{t('addresses.makeDefault')}</button>
          </Form>
        )}
        <ConfirmPostButton label={t('addresses.remove')} ariaLabel={title} question={t('addresses.removeQuestion')} confirmLabel={t('addresses.removeConfirm')}
          cancelLabel={t('addresses.keep')} busyLabel={t('addresses.removing')} intent={`${REMOVE}:${address.id}`} testId="address-remove" />
      </div>
      <details className="address-edit" open={editing}>
        <summary data-testid="address-edit">{t('addresses.edit')}</summary>
        <Form method="post" className="form" preventScrollReset noValidate>
          <input type="hidden" name={INTENT_FIELD} value={saveIntent} />
          <AddressFieldsInputs intent={saveIntent} initial={address} />
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="address-save">
            {busy ? t('addresses.saving') : t('addresses.save')}
          </button>
        </Form>
      </details>
      <FormError error={revivedError(failure)} />
    </li>
  );
}

export function AddressesPage() {
  const { t } = useTranslation();
  const { book, done } = useLoaderData<typeof addressesLoader>();
  const adding = useSubmitting(ADD);
  const addFailure = useActionFailure(ADD);
  const empty: AddressInput = { label: '', street: '', city: '', postalCode: '', country: 'IL', notes: '' };
  return (
    <DashboardLayout title={t('addresses.title')} actions={<LocalLink to="/user/dashboard/profile" className="button">{t('addresses.backToProfile')}</LocalLink>}>
      <p className="muted">{t('addresses.lead')}</p>
      {done ? <p className="notice notice-success" role="status" data-testid="addresses-done">{t(`addresses.done.${done}`)}</p> : null}
      {book.addresses.length === 0 ? <p className="empty" data-testid="addresses-empty">{t('addresses.empty')}</p> : (
        <ul className="address-list" aria-label={t('addresses.title')} data-testid="addresses">
          {book.addresses.map((address, index) => <AddressCard key={address.id} address={address} isDefault={address.id === book.defaultId} index={index} />)}
        </ul>
      )}
      <section className="card account-form" aria-labelledby="address-add-title">
        <h2 id="address-add-title">{t('addresses.addTitle')}</h2>
        {/* Keyed by the count: the form is empty again after an address was added. */}
        <Form key={book.addresses.length} method="post" className="form" noValidate data-testid="address-add-form">
          <input type="hidden" name={INTENT_FIELD} value={ADD} />
          <AddressFieldsInputs intent={ADD} initial={empty} />
          {book.addresses.length > 0 ? (
            <label className="admin-check"><input type="checkbox" name="makeDefault" data-testid="address-add-default" /> <span>{t('addresses.makeDefaultToo')}</span></label>
          ) : <p className="muted">{t('addresses.firstIsDefault')}</p>}
          <FormError error={revivedError(addFailure && addFailure.status !== 422 ? addFailure : null)} />
          <button type="submit" className="button button-primary" disabled={adding} aria-busy={adding} data-testid="address-add">
            {adding ? t('addresses.adding') : t('addresses.add')}
          </button>
        </Form>
      </section>
    </DashboardLayout>
  );
}

export const addressRoutes: RouteObject[] = [
  { path: 'user/dashboard/addresses', loader: addressesLoader, action: addressesAction, Component: AddressesPage },
];
