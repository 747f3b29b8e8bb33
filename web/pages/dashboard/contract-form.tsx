import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { data, Form, redirect, useLoaderData, useLocation, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { noInactiveRegistration } from '../../app/guards.ts';
import { localeOfRequest, notFound, orNotFound } from '../../app/loader-kit.ts';
import { localizedPath } from '../../app/locale-path.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { formatPrice, formatTime, tr } from '../../app/format.ts';
import { israelDate, israelInstant } from '../../app/israel-calendar.ts';
import { publishToast } from '../../app/toasts.tsx';
import { serviceContract, vendorCustomers, vendorProducts } from '../../api/queries.ts';
import { isApiError } from '../../api/api-error.ts';
import { refused, revivedError, typedValues, useActionAnswer, useActionFailure, useSubmitting, useTypedValues } from '../../app/form-action.ts';
import type { ProductSummary, ServiceContract, VendorCustomer } from '../../api/view-models.ts';
import { FormError } from '../../components/form-errors.tsx';
import { CharacterCounter } from '../../components/character-counter.tsx';
import { FieldError, fieldErrorsOf, type FieldErrors } from '../../components/field-error.tsx';
import { DashboardLayout } from './dashboard-layout.tsx';
import type { Locale } from '../../../domain/shared/translatable.ts';

// The vendor drafts a service contract (POST /api/contracts) for one of its customers (whoever
// ordered from it or wrote to it: GET /api/vendor/customers), optionally for one of its
// contractService products (which fills in title and price), and edits it (PUT /api/contracts/:id)
// while it is a draft. Sending and signing happen on the contract's page. Both forms post to their
// route's action (also without JavaScript): it checks the draft, writes through the API and redirects
// to the contract's page; a refusal comes back as a 422 with the problems under their fields and the
// typed values kept.
interface WriteResult { id: string; revision: number }

const TITLE_MAX = 200;
const TERMS_MAX = 20_000;

export async function newContractLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const user = await noInactiveRegistration(environment, request);
  const [customers, products] = await Promise.all([vendorCustomers(environment.api), vendorProducts(environment.api, user.vendorId)]);
  const wanted = new URL(request.url).searchParams.get('customerId');
  return {
    customers,
    products: products.filter((item) => item.type === 'contractService'),
    customerId: customers.some((customer) => customer.userId === wanted) ? wanted : null,
  };
}

export async function editContractLoader({ context, request, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const user = await noInactiveRegistration(environment, request);
  const contract = await orNotFound(serviceContract(environment.api, params.id ?? ''));
  if (contract.vendorId !== user.vendorId) return notFound();
  // Only a draft can be revised (docs/contracts.md); a sent contract is shown as it stands.
  if (contract.status !== 'draft') throw redirect(localizedPath(localeOfRequest(request), `/user/dashboard/contracts/${contract.contractId}`));
  const products = contract.productId ? await vendorProducts(environment.api, user.vendorId).catch(() => []) : [];
  return { contract, product: products.find((item) => item.productId === contract.productId) ?? null };
}

/** datetime-local in Israel time ↔ ISO instant. */
function israelLocalInput(iso: string | null): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : `${israelDate(time)}T${formatTime(iso, 'en')}`;
}
function instantOfIsraelLocal(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value);
  return match ? new Date(israelInstant(match[1]!, Number(match[2])).getTime() + Number(match[3]) * 60_000).toISOString() : null;
}

interface Draft { customerId: string; productId: string; title: string; terms: string; price: string; eventDate: string }

const shekelsOf = (amountMinor: number): string => (amountMinor / 100).toFixed(amountMinor % 100 === 0 ? 0 : 2);

function ContractFields(props: {
  draft: Draft; set: (patch: Partial<Draft>) => void; errors: FieldErrors; clientErrors: Partial<Record<keyof Draft, string>>; partyFields: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { draft, set } = props;
  const message = (field: keyof Draft): string | null => {
    if (props.clientErrors[field]) return props.clientErrors[field]!;
    const failed = props.errors[field] ?? Object.entries(props.errors).find(([name]) => name.startsWith(`${field}.`))?.[1];
    return failed ? t(`contracts.form.errors.${field}`) : null;
  };
  const described = (field: string, extra = '') => [extra, message(field as keyof Draft) ? `${id}-${field}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <>
      {props.partyFields}
      <div className="field">
        <label htmlFor={`${id}-title`}>{t('contracts.form.title')} <span aria-hidden="true">*</span></label>
        <input id={`${id}-title`} name="title" value={draft.title} onChange={(event) => set({ title: event.target.value })} required
          aria-invalid={message('title') ? true : undefined} aria-describedby={described('title')} data-testid="contract-title" />
        {draft.title.length > TITLE_MAX * 0.8 ? <CharacterCounter id={`${id}-title-count`} length={draft.title.length} max={TITLE_MAX} /> : null}
        <FieldError id={`${id}-title-error`} message={message('title')} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-terms`}>{t('contracts.form.terms')} <span aria-hidden="true">*</span></label>
        <small id={`${id}-terms-hint`}>{t('contracts.form.termsHint')}</small>
        <textarea id={`${id}-terms`} name="terms" rows={10} value={draft.terms} onChange={(event) => set({ terms: event.target.value })} required dir="auto"
          aria-invalid={message('terms') ? true : undefined} aria-describedby={described('terms', `${id}-terms-hint`)} data-testid="contract-terms-input" />
        {draft.terms.length > TERMS_MAX * 0.8 ? <CharacterCounter id={`${id}-terms-count`} length={draft.terms.length} max={TERMS_MAX} /> : null}
        <FieldError id={`${id}-terms-error`} message={message('terms')} />
      </div>
      <div className="contract-form-pair">
        <div className="field">
          <label htmlFor={`${id}-price`}>{t('contracts.form.price')} <span aria-hidden="true">*</span></label>
          <input id={`${id}-price`} name="price" type="number" inputMode="decimal" min={0} step="0.01" dir="ltr" value={draft.price} onChange={(event) => set({ price: event.target.value })}
            required aria-invalid={message('price') ? true : undefined} aria-describedby={described('price')} data-testid="contract-price" />
          <FieldError id={`${id}-price-error`} message={message('price')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-date`}>{t('contracts.form.eventDate')}</label>
          <input id={`${id}-date`} name="eventDate" type="datetime-local" dir="ltr" value={draft.eventDate} onChange={(event) => set({ eventDate: event.target.value })}
            aria-invalid={message('eventDate') ? true : undefined} aria-describedby={described('eventDate', `${id}-date-hint`)} data-testid="contract-event-date" />
          <small id={`${id}-date-hint`}>{t('contracts.form.eventDateHint')}</small>
          <FieldError id={`${id}-eventDate-error`} message={message('eventDate')} />
        </div>
      </div>
    </>
  );
}

interface ContractTerms { title: string; terms: string; price: { amountMinor: number; currency: 'ILS' }; eventDate?: string }
type Problems = Partial<Record<keyof Draft, true>>;

/** The terms of the POST/PUT body, or what the browser can already tell is wrong (a price or a date that is not one). */
function termsOf(draft: Draft): { terms: ContractTerms; problems: null } | { terms: null; problems: Problems } {
  const shekels = Number(draft.price.replace(',', '.'));
  const eventDate = draft.eventDate ? instantOfIsraelLocal(draft.eventDate) : null;
  const problems: Problems = {};
  if (draft.title.trim() === '') problems.title = true;
  if (draft.terms.trim() === '') problems.terms = true;
  if (draft.price.trim() === '' || !Number.isFinite(shekels) || shekels < 0) problems.price = true;
  if (draft.eventDate && !eventDate) problems.eventDate = true;
  if (Object.keys(problems).length > 0) return { terms: null, problems };
  const terms: ContractTerms = { title: draft.title.trim(), terms: draft.terms.trim(), price: { amountMinor: Math.round(shekels * 100), currency: 'ILS' } };
  return { terms: eventDate ? { ...terms, eventDate } : terms, problems: null };
}

const DRAFT_FIELDS = ['customerId', 'productId', 'title', 'terms', 'price', 'eventDate'] as const;

/** The answer of a draft the action's own checks refused (the same checks the browser runs first). */
interface InvalidDraft { intent: string; invalid: Problems; values: Record<string, string> }

/** The action's common part: the posted draft checked, then `write` (POST or PUT) and the contract's page. */
async function contractAction({ context, request }: ActionFunctionArgs, extraProblems: (draft: Draft) => Problems,
  write: (environment: ReturnType<typeof environmentOf>, draft: Draft, terms: ContractTerms) => Promise<WriteResult>) {
  const environment = environmentOf(context);
  await noInactiveRegistration(environment, request);
  const values = typedValues(await request.formData(), ...DRAFT_FIELDS);
  const draft = values as unknown as Draft;
  const checked = termsOf(draft);
  const problems = { ...extraProblems(draft), ...checked.problems };
  if (Object.keys(problems).length > 0 || !checked.terms) return data({ intent: '', invalid: problems, values } satisfies InvalidDraft, { status: 422 });
  try {
    const written = await write(environment, draft, checked.terms);
    return redirect(localizedPath(localeOfRequest(request), `/user/dashboard/contracts/${encodeURIComponent(written.id)}?rev=${written.revision}`), 303);
  } catch (error) {
    return refused(error, '', values);
  }
}

export const newContractAction = (args: ActionFunctionArgs) => contractAction(args, (draft) => (draft.customerId ? {} : { customerId: true }),
  (environment, draft, terms) => environment.api.post<WriteResult>('contracts', {
    customerId: draft.customerId, ...(draft.productId ? { productId: draft.productId } : {}), ...terms,
  }, { silent: true }));

export const editContractAction = (args: ActionFunctionArgs) => contractAction(args, () => ({}),
  async (environment, _draft, terms) => {
    const id = args.params.id ?? '';
    const written = await environment.api.request<WriteResult>('PUT', `contracts/${encodeURIComponent(id)}`, { body: terms, silent: true });
    return { id, revision: written.revision };
  });

/**
 * The form's state around the route action: the problems the browser finds before posting (the
 * post is then not sent) or the action found, the API's refusal, and a toast once the action
 * redirects to the contract's page (with JavaScript; without it the contract's page is the answer).
 */
function useContractSubmit(doneKey: string) {
  const { t } = useTranslation();
  const busy = useSubmitting('');
  const error = revivedError(useActionFailure('')) ?? null;
  const invalid = useActionAnswer<Partial<InvalidDraft>>('')?.invalid;
  const [checkedHere, setCheckedHere] = useState<Problems | null>(null);
  const problems = checkedHere ?? invalid ?? {};
  const clientErrors: Partial<Record<keyof Draft, string>> = Object.fromEntries(Object.keys(problems).map((field) => [field, t(`contracts.form.errors.${field}`)]));
  const navigation = useNavigation();
  const here = useLocation().pathname;
  const leaving = navigation.state === 'loading' && navigation.formMethod?.toUpperCase() === 'POST' && navigation.location.pathname !== here;
  useEffect(() => {
    if (leaving) publishToast({ kind: 'success', messageKey: doneKey });
  }, [leaving, doneKey]);
  /** The browser's checks before the post: a draft with problems is not sent. */
  function check(event: FormEvent<HTMLFormElement>, draft: Draft, extraProblems: Problems) {
    const found = { ...extraProblems, ...termsOf(draft).problems };
    setCheckedHere(found);
    if (Object.keys(found).length > 0) event.preventDefault();
  }
  return { busy, error, clientErrors, check, errors: fieldErrorsOf(error) };
}

/** The draft as typed before a refused post (without JavaScript the page is rendered anew), else `initial`. */
function useInitialDraft(initial: Draft): Draft {
  const typed = useTypedValues('');
  return Object.keys(typed).length > 0 ? { ...initial, ...typed } : initial;
}

function SubmitRow(props: { busy: boolean; cancelTo: string; cancelLabel: string }) {
  const { t } = useTranslation();
  return (
    <div className="contract-action-row">
      <button type="submit" className="button button-primary" disabled={props.busy} data-testid="save-contract">
        {props.busy ? <><span className="spinner" aria-hidden="true" /> {t('contracts.form.saving')}</> : t('contracts.form.saveDraft')}
      </button>
      <LocalLink to={props.cancelTo}>{props.cancelLabel}</LocalLink>
    </div>
  );
}

export function NewContractPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const { customers, products, customerId } = useLoaderData<typeof newContractLoader>();
  const initial = useInitialDraft({ customerId: customerId ?? '', productId: '', title: '', terms: '', price: '', eventDate: '' });
  const [draft, setDraft] = useState<Draft>(initial);
  const form = useContractSubmit('contracts.form.created');
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  // Choosing a service fills in its name and price, unless the vendor already wrote their own.
  function chooseProduct(productId: string) {
    const previous = products.find((item) => item.productId === draft.productId);
    const next = products.find((item) => item.productId === productId);
    const untouched = (value: string, from: string | undefined) => value.trim() === '' || value === from;
    set({
      productId,
      ...(next && untouched(draft.title, previous && tr(previous.name, locale)) ? { title: tr(next.name, locale) } : {}),
      ...(next && untouched(draft.price, previous && shekelsOf(previous.price.amountMinor)) ? { price: shekelsOf(next.price.amountMinor) } : {}),
    });
  }

  const submit = (event: FormEvent<HTMLFormElement>) => form.check(event, draft, draft.customerId ? {} : { customerId: true });

  const customerError = form.clientErrors.customerId ?? (form.errors.customerId || (isApiError(form.error) && form.error.status === 404) ? t('contracts.form.errors.customerId') : null);
  const productError = form.errors.productId ? t('contracts.form.errors.productId') : null;
  return (
    <DashboardLayout title={t('contracts.form.newTitle')}>
      <div className="contract-page">
        <p><LocalLink to="/user/dashboard/contracts">{t('contracts.back')}</LocalLink></p>
        <p className="muted">{t('contracts.form.lead')}</p>
        {customers.length === 0 ? <p className="notice" data-testid="no-customers">{t('contracts.form.noCustomers')}</p> : (
          <Form method="post" className="form card contract-form" onSubmit={submit} noValidate data-testid="contract-form" aria-busy={form.busy}>
            {form.error && !(isApiError(form.error) && (form.error.status === 422 || form.error.status === 404)) ? <FormError error={form.error} /> : null}
            {isApiError(form.error) && form.error.status === 422 ? <p className="form-error" role="alert">{t('core.genericError422')}</p> : null}
            <ContractFields draft={draft} set={set} errors={form.errors} clientErrors={form.clientErrors} partyFields={(
              <>
                <div className="field">
                  <label htmlFor={`${id}-customer`}>{t('contracts.form.customer')} <span aria-hidden="true">*</span></label>
                  <select id={`${id}-customer`} name="customerId" value={draft.customerId} onChange={(event) => set({ customerId: event.target.value })} required
                    aria-invalid={customerError ? true : undefined} aria-describedby={`${id}-customer-hint${customerError ? ` ${id}-customer-error` : ''}`} data-testid="contract-customer">
                    <option value="">{t('contracts.form.chooseCustomer')}</option>
                    {customers.map((customer) => <option key={customer.userId} value={customer.userId}>{customerLabel(customer, t)}</option>)}
                  </select>
                  <small id={`${id}-customer-hint`}>{t('contracts.form.customerHint')}</small>
                  <FieldError id={`${id}-customer-error`} message={customerError} />
                </div>
                <div className="field">
                  <label htmlFor={`${id}-product`}>{t('contracts.form.product')}</label>
                  <select id={`${id}-product`} name="productId" value={draft.productId} onChange={(event) => chooseProduct(event.target.value)} disabled={products.length === 0}
                    aria-invalid={productError ? true : undefined} aria-describedby={`${id}-product-hint${productError ? ` ${id}-product-error` : ''}`} data-testid="contract-product">
                    <option value="">{t('contracts.form.noProduct')}</option>
                    {products.map((item) => <option key={item.productId} value={item.productId}>{productLabel(item, locale)}</option>)}
                  </select>
                  <small id={`${id}-product-hint`}>{products.length === 0 ? t('contracts.form.noProducts') : t('contracts.form.productHint')}</small>
                  <FieldError id={`${id}-product-error`} message={productError} />
                </div>
              </>
            )} />
            <SubmitRow busy={form.busy} cancelTo="/user/dashboard/contracts" cancelLabel={t('contracts.back')} />
          </Form>
        )}
      </div>
    </DashboardLayout>
  );
}

function customerLabel(customer: VendorCustomer, t: (key: string, options?: Record<string, unknown>) => string): string {
  const facts = [customer.orderCount > 0 ? t('contracts.form.customerFacts', { orders: customer.orderCount }) : '', customer.hasConversation ? t('contracts.form.customerChat') : '']
    .filter(Boolean).join(', ');
  return `${customer.fullName || t('contracts.someCustomer')}${facts ? ` (${facts})` : ''}`;
}

const productLabel = (item: ProductSummary, locale: Locale): string => `${tr(item.name, locale)} · ${formatPrice(item.price, locale)}`;

export function EditContractPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { contract, product } = useLoaderData<typeof editContractLoader>();
  const initial = useInitialDraft(draftOf(contract));
  const [draft, setDraft] = useState<Draft>(initial);
  const form = useContractSubmit('contracts.form.saved');
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent<HTMLFormElement>) => form.check(event, draft, {});
  return (
    <DashboardLayout title={t('contracts.form.editTitle')}>
      <div className="contract-page">
        <p><LocalLink to={`/user/dashboard/contracts/${contract.contractId}`}>{t('contracts.form.backToContract')}</LocalLink></p>
        <Form method="post" className="form card contract-form" onSubmit={submit} noValidate data-testid="contract-form" aria-busy={form.busy}>
          {form.error && !(isApiError(form.error) && form.error.status === 422) ? <FormError error={form.error} overrides={{ 409: 'contracts.conflict' }} /> : null}
          {isApiError(form.error) && form.error.status === 422 ? <p className="form-error" role="alert">{t('core.genericError422')}</p> : null}
          <ContractFields draft={draft} set={set} errors={form.errors} clientErrors={form.clientErrors} partyFields={(
            <dl className="facts contract-facts">
              <dt>{t('contracts.form.customer')}</dt><dd>{contract.customerName || t('contracts.someCustomer')}</dd>
              {product ? (<><dt>{t('contracts.form.product')}</dt><dd>{tr(product.name, locale)}</dd></>) : null}
            </dl>
          )} />
          <SubmitRow busy={form.busy} cancelTo={`/user/dashboard/contracts/${contract.contractId}`} cancelLabel={t('contracts.form.backToContract')} />
        </Form>
      </div>
    </DashboardLayout>
  );
}

const draftOf = (contract: ServiceContract): Draft => ({
  customerId: contract.customerId, productId: contract.productId ?? '', title: contract.title, terms: contract.terms,
  price: shekelsOf(contract.price.amountMinor), eventDate: israelLocalInput(contract.eventDate),
});

export const contractFormRoutes: RouteObject[] = [
  { path: 'user/dashboard/contracts/new', loader: newContractLoader, action: newContractAction, Component: NewContractPage },
  { path: 'user/dashboard/contracts/:id/edit', loader: editContractLoader, action: editContractAction, Component: EditContractPage },
];
