import { useState, type FormEvent } from 'react';
import { data, Form, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { orNotFound, pageNumberOf } from '../../app/loader-kit.ts';
import { formatDate, tr } from '../../app/format.ts';
import { LocalLink, useLocale, useLocalizedPath } from '../../app/links.tsx';
import { vendorPath } from '../../app/vendor-path.ts';
import { languageEntries } from '../../api/queries.ts';
import { isApiError } from '../../api/api-error.ts';
import { ADMIN_PAGE_SIZE, adminUser, adminUserList, adminVendor, adminVendorList, type AdminUser } from '../../api/admin-catalog.ts';
import { Avatar } from '../../components/avatar.tsx';
import { ConfirmPostButton } from '../../components/confirm-button.tsx';
import { EventHistory } from '../../components/event-history.tsx';
import { FormError } from '../../components/form-errors.tsx';
import { AdminCardList } from '../../components/admin-card-list.tsx';
import { AdminEmpty } from '../../components/admin-table.tsx';
import { FilterField } from '../../components/filter-fields.tsx';
import { VendorForm, emptyVendorProfile, vendorProfileOfPost } from '../../components/vendor-form.tsx';
import { INTENT_FIELD, refused, revivedError, textOf, useActionAnswer, useActionFailure, useSubmitting } from '../../app/form-action.ts';
import { intentKind } from '../../app/intent-action.ts';
import type { VendorProfileDraft } from '../../api/view-models.ts';
import { adminForm, doneRedirect } from './admin-action.ts';
import { DoneNotice, useDone } from './done-notice.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { mayDo, requireAdminRight } from './admin-access.tsx';
import { revisionParam } from './write-revision.ts';
import { businessDetails } from '../../components/business-details-form.tsx';
import { vendorStream } from '../../../domain/vendor/decider.ts';

// admin-vendor (SPEC §2): the artists list (search by name, archived ones on request, pages),
// `admin/vendor/new` and `admin/vendor/:vendorId` with every SPEC §3 field (the shared vendor form),
// archive (with a reason, asked twice) or bring back, the owner (a user found by e-mail or name), the
// artist's products and the vendor stream's history with time travel. After each write the page
// reloads with the write's revision (?rev=), so what it shows is what was stored.
interface WriteResult { id: string; revision: number }

const LIST_PATH = '/admin/vendor';
const editPath = (vendorId: string) => `${LIST_PATH}/${encodeURIComponent(vendorId)}`;

export async function adminVendorListLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const access = await requireAdminRight(environment, request, 'vendor', 'list');
  const url = new URL(request.url);
  const text = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const includeArchived = url.searchParams.get('archived') === 'show';
  const page = pageNumberOf(url);
  const categories = await environment.categories();
  const list = await adminVendorList(environment.api, { text, includeArchived, start: (page - 1) * ADMIN_PAGE_SIZE }, categories);
  return { list, text, includeArchived, page, mayCreate: mayDo(access, 'vendor', 'create') };
}

export function AdminVendorListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { list, text, includeArchived, page, mayCreate } = useLoaderData<typeof adminVendorListLoader>();
  const filtered = text !== '' || includeArchived;
  return (
    <AdminLayout title={t('admin.items.vendor')}
      actions={mayCreate ? <LocalLink to={`${LIST_PATH}/new`} className="button button-primary" data-testid="vendor-new">+ {t('adminCatalog.vendors.add')}</LocalLink> : null}>
      <Form method="get" className="admin-filters" role="search" aria-label={t('adminCatalog.vendors.searchLabel')} data-testid="vendor-filters">
        <FilterField label={t('adminCatalog.vendors.search')} grow>
          <input type="search" name="q" defaultValue={text} maxLength={200} placeholder={t('adminCatalog.vendors.searchPlaceholder')} data-testid="vendor-search" />
        </FilterField>
        <label className="admin-check">
          <input type="checkbox" name="archived" value="show" defaultChecked={includeArchived} data-testid="vendor-show-archived" />
          <span>{t('adminCatalog.vendors.showArchived')}</span>
        </label>
        <button type="submit" className="button button-primary" data-testid="vendor-search-submit">{t('adminCatalog.filter')}</button>
      </Form>
      <p className="result-count muted" role="status">{t('adminCatalog.vendors.count', { count: list.total })}</p>
      <AdminCardList rows={list.items} rowKey={({ card }) => card.vendorId} label={t('admin.items.vendor')} testId="admin-vendors" paging={{ page, pageSize: ADMIN_PAGE_SIZE, total: list.total }}
        rowProps={({ card }) => ({ 'data-testid': 'admin-vendor', 'data-vendor-id': card.vendorId })}
        empty={<AdminEmpty filtered={filtered} message={t('adminCatalog.vendors.empty')} noMatch={t('adminCatalog.vendors.noMatch')} testId="vendors-empty" />}
        card={({ card, archived, productCount, createdAt }) => {
          const name = tr(card.name, locale) || t('adminCatalog.vendors.unnamed');
          return {
            figure: <Avatar name={name} imageUrl={card.logoImageUrl} seed={card.vendorId} />,
            title: <LocalLink to={editPath(card.vendorId)} dir="auto" data-testid="vendor-edit">{name}</LocalLink>,
            meta: (
              <>
                {archived ? <span className="status status-archived">{t('adminCatalog.vendors.archived')}</span> : <span className="status status-live">{t('adminCatalog.vendors.live')}</span>}
                {card.categoryNames.length ? <span>{card.categoryNames.map((category) => tr(category, locale)).join(' · ')}</span> : null}
                <span>{t('adminCatalog.vendors.products', { count: productCount })}</span>
                {createdAt ? <span className="muted">{t('adminCatalog.vendors.createdOn', { date: formatDate(createdAt, locale, { dateStyle: 'medium' }) })}</span> : null}
              </>
            ),
            intro: tr(card.intro, locale),
            actions: (
              <>
                <LocalLink to={editPath(card.vendorId)} className="button" aria-label={t('adminCatalog.editNamed', { name })}>{t('adminCatalog.edit')}</LocalLink>
                <LocalLink to={vendorPath(card, locale)} className="link-quiet-dark" aria-label={t('adminCatalog.vendors.viewPageNamed', { name })}>{t('adminCatalog.vendors.viewPage')}</LocalLink>
              </>
            ),
          };
        }} />
    </AdminLayout>
  );
}

async function formChoices(context: unknown) {
  const environment = environmentOf(context);
  const [categories, languages, places] = await Promise.all([environment.categories(), languageEntries(environment.api), environment.geoLocations()]);
  return { categories, languages, places };
}

export async function adminVendorNewLoader({ context, request }: LoaderFunctionArgs) {
  await requireAdminRight(environmentOf(context), request, 'vendor', 'create');
  return formChoices(context);
}

const PROFILE = 'profile';
/** What the profile form's action answers when refused: the API's refusal and the profile as typed (shown again without scripts). */
interface ProfileAnswer { intent: string; draft?: VendorProfileDraft }

/** Creates the artist from the posted profile, then opens its page at the write's revision. */
export async function adminVendorNewAction(args: ActionFunctionArgs) {
  const { environment, form } = await adminForm(args);
  const { profile, draft } = vendorProfileOfPost(form);
  try {
    const written = await environment.api.post<WriteResult>('admin/vendors', { profile }, { silent: true });
    return doneRedirect(args.request, `${editPath(written.id)}?rev=${written.revision}`, 'created');
  } catch (error) {
    return withDraft(refused(error, PROFILE), draft);
  }
}

/** A refusal with the typed profile added, so the form shows it again without scripts. */
function withDraft(answer: ReturnType<typeof refused>, draft: VendorProfileDraft) {
  return data({ ...answer.data, draft }, answer.init ?? undefined);
}

const ARCHIVE = 'archive';
const UNARCHIVE = 'unarchive';
const OWNER = 'owner';

/**
 * The artist page's action: archives (with the optional reason), brings back, gives to another owner
 * (`owner:<user id>`) or saves the posted profile, then reloads the page at the write's revision.
 */
export async function adminVendorEditAction(args: ActionFunctionArgs) {
  const { environment, form, intent } = await adminForm(args);
  const vendorId = args.params.vendorId ?? '';
  const path = `admin/vendors/${encodeURIComponent(vendorId)}`;
  const kind = intentKind(intent);
  if (kind === ARCHIVE || kind === UNARCHIVE || kind === OWNER) {
    try {
      const written = kind === ARCHIVE ? await environment.api.post<WriteResult>(`${path}/archive`, { reason: textOf(form, 'reason') }, { silent: true })
        : kind === UNARCHIVE ? await environment.api.post<WriteResult>(`${path}/unarchive`, undefined, { silent: true })
        : await environment.api.post<WriteResult>(`${path}/owner`, { ownerUserId: textOf(form, 'ownerUserId') }, { silent: true });
      const done = kind === ARCHIVE ? 'archivedDone' : kind === UNARCHIVE ? 'unarchivedDone' : 'ownerSet';
      return doneRedirect(args.request, `${editPath(vendorId)}?rev=${written.revision}`, done, kind === OWNER ? { name: textOf(form, 'ownerName') } : {});
    } catch (error) {
      return refused(error, kind);
    }
  }
  const { profile, draft } = vendorProfileOfPost(form);
  try {
    const written = await environment.api.request<WriteResult>('PUT', `admin/vendors/${encodeURIComponent(vendorId)}`, { body: { profile }, silent: true });
    return doneRedirect(args.request, `${editPath(vendorId)}?rev=${written.revision}`, 'saved');
  } catch (error) {
    return withDraft(refused(error, PROFILE), draft);
  }
}

/** The notice of the artist's last write, a toast once scripts run. */
function VendorDoneNotice() {
  const { t } = useTranslation();
  const done = useDone();
  const message = done && ['saved', 'created', 'archivedDone', 'unarchivedDone', 'ownerSet'].includes(done.what) ? t(`adminCatalog.vendors.${done.what}`, { name: done.details.name ?? '' }) : null;
  return <DoneNotice message={message} testId="vendor-notice" toast />;
}

export function AdminVendorNewPage() {
  const { t } = useTranslation();
  const choices = useLoaderData<typeof adminVendorNewLoader>();
  const typed = useActionAnswer<ProfileAnswer>(PROFILE)?.draft;

  return (
    <AdminLayout title={t('adminCatalog.vendors.newTitle')}>
      <p><LocalLink to={LIST_PATH}>{t('adminCatalog.vendors.backToList')}</LocalLink></p>
      <p className="muted">{t('adminCatalog.vendors.newLead')}</p>
      <VendorForm voice="admin" initial={typed ?? emptyVendorProfile()} {...choices} intent={PROFILE}
        submitLabel={t('adminCatalog.vendors.create')} busyLabel={t('adminCatalog.vendors.creating')} />
    </AdminLayout>
  );
}

export async function adminVendorEditLoader({ context, request, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const access = await requireAdminRight(environment, request, 'vendor', 'read');
  const revision = revisionParam(request);
  const categories = await environment.categories();
  const [vendor, choices] = await Promise.all([
    orNotFound(adminVendor(environment.api, params.vendorId ?? '', categories, revision ?? undefined)),
    formChoices(context),
  ]);
  // The owner's account, by name (a deleted or unknown account shows as its id).
  const owner = vendor.ownerUserId && mayDo(access, 'user', 'read') ? await adminUser(environment.api, vendor.ownerUserId).catch(() => null) : null;
  // Only what the reader's rules let them do shows: a reader without update sees the profile, not a form to save.
  const may = {
    update: mayDo(access, 'vendor', 'update'), findUsers: mayDo(access, 'user', 'list'), userPage: mayDo(access, 'user', 'read'),
    products: mayDo(access, 'product', 'list'), addProduct: mayDo(access, 'product', 'create'), history: mayDo(access, 'event', 'read'),
  };
  // The business details (SPEC §5 Israeli id) for whoever may change the artist: the back office's own reference.
  const business = may.update ? await businessDetails(environment.api, params.vendorId ?? '').catch(() => null) : null;
  return { vendorId: params.vendorId ?? '', vendor, owner, ...choices, revision, may, business };
}

type EditData = Awaited<ReturnType<typeof adminVendorEditLoader>>;

export function AdminVendorEditPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const data = useLoaderData<typeof adminVendorEditLoader>();
  const { vendor, vendorId, may } = data;
  const name = tr(vendor.card.name, locale) || t('adminCatalog.vendors.unnamed');

  const typed = useActionAnswer<ProfileAnswer>(PROFILE)?.draft;

  return (
    <AdminLayout title={name}
      actions={<LocalLink to={vendorPath(vendor.card, locale)} className="button" data-testid="vendor-view-page">{t('adminCatalog.vendors.viewPage')}</LocalLink>}>
      <p><LocalLink to={LIST_PATH}>{t('adminCatalog.vendors.backToList')}</LocalLink></p>
      <VendorDoneNotice />
      <div className="admin-panels">
        <StatusPanel key={`status-${data.revision ?? 'loaded'}`} data={data} />
        {/* Anew after a write: the search and its results go. */}
        <OwnerPanel key={`owner-${data.revision ?? 'loaded'}`} data={data} />
        {data.business ? (
          <section className="card admin-panel" aria-labelledby="vendor-business-heading" data-testid="vendor-business">
            <h2 id="vendor-business-heading">{t('businessDetails.title')}</h2>
            {data.business.israeliId
              ? <p><bdi>{data.business.legalName}</bdi><br /><span dir="ltr">{data.business.israeliId}</span></p>
              : <p className="muted">{t('adminCatalog.vendors.noBusinessDetails')}</p>}
          </section>
        ) : null}
        <section className="card admin-panel" aria-labelledby="vendor-products-heading">
          <h2 id="vendor-products-heading">{t('adminCatalog.vendors.productsTitle')}</h2>
          <p>{t('adminCatalog.vendors.products', { count: vendor.products.length })}</p>
          <p className="admin-panel-actions">
            {may.products ? <LocalLink to={`/admin/product?vendorId=${encodeURIComponent(vendorId)}`} className="button" data-testid="vendor-products-link">{t('adminCatalog.vendors.productsList')}</LocalLink> : null}
            {vendor.archived || !may.addProduct ? null : (
              <LocalLink to={`/admin/product/new?vendorId=${encodeURIComponent(vendorId)}`} className="button" data-testid="vendor-add-product">+ {t('adminCatalog.products.add')}</LocalLink>
            )}
          </p>
        </section>
      </div>

      <h2 className="admin-section-title">{t('adminCatalog.vendors.profileTitle')}</h2>
      {vendor.archived ? <p className="notice" data-testid="vendor-archived-notice">{t('adminCatalog.vendors.archivedNoEdit')}</p>
        : !may.update ? <p className="notice" data-testid="vendor-read-only">{t('adminCatalog.readOnly')}</p> : null}
      {/* A disabled fieldset makes every control of an archived vendor's form (or one the reader may not change) read-only. */}
      <fieldset className="admin-plain-fieldset" disabled={vendor.archived || !may.update}>
        <legend className="visually-hidden">{t('adminCatalog.vendors.profileTitle')}</legend>
        <VendorForm key={data.revision ?? 'loaded'} voice="admin" initial={typed ?? vendor.profile} categories={data.categories} languages={data.languages} places={data.places}
          intent={PROFILE} readOnly={!may.update} />
      </fieldset>

      {may.history ? (
        <div className="admin-history">
          <EventHistory key={`${vendorStream(vendorId)}:${data.revision ?? 'loaded'}`} streamId={vendorStream(vendorId)} />
        </div>
      ) : null}
    </AdminLayout>
  );
}

/**
 * Live or archived (with the reason); archive asks twice, the second time with an optional reason.
 */
function StatusPanel(props: { data: EditData }) {
  const { t } = useTranslation();
  const { vendor, may } = props.data;
  const archiveFailure = useActionFailure(ARCHIVE);
  const unarchiveFailure = useActionFailure(UNARCHIVE);
  const failure = archiveFailure ?? unarchiveFailure;
  const busy = useSubmitting(UNARCHIVE);

  return (
    <section className="card admin-panel" aria-labelledby="vendor-status-heading" data-testid="vendor-status">
      <h2 id="vendor-status-heading">{t('adminCatalog.vendors.statusTitle')}</h2>
      {vendor.archived ? (
        <>
          <p><span className="status status-archived" data-testid="vendor-status-badge">{t('adminCatalog.vendors.archived')}</span></p>
          {vendor.archivedReason ? <p dir="auto">{t('adminCatalog.vendors.archivedBecause', { reason: vendor.archivedReason })}</p> : null}
          {may.update ? (
            <>
              <p className="muted">{t('adminCatalog.vendors.archivedHelp')}</p>
              <Form method="post" preventScrollReset>
                <input type="hidden" name={INTENT_FIELD} value={UNARCHIVE} />
                <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="vendor-unarchive">
                  {busy ? t('adminCatalog.vendors.unarchiving') : t('adminCatalog.vendors.unarchive')}
                </button>
              </Form>
            </>
          ) : null}
        </>
      ) : (
        <>
          <p><span className="status status-live" data-testid="vendor-status-badge">{t('adminCatalog.vendors.live')}</span></p>
          {may.update ? <p className="muted">{t('adminCatalog.vendors.liveHelp')}</p> : null}
          {/* The reason is asked with the question, inside its form, so it is posted without JavaScript too. */}
          {may.update ? <ConfirmPostButton label={t('adminCatalog.vendors.archive')} question={t('adminCatalog.vendors.archiveQuestion')} confirmLabel={t('adminCatalog.vendors.archiveConfirm')}
            cancelLabel={t('adminCatalog.keep')} busyLabel={t('adminCatalog.vendors.archiving')} intent={ARCHIVE} testId="vendor-archive">
            <label className="field confirm-field">
              <span>{t('adminCatalog.vendors.archiveReason')}</span>
              <input name="reason" maxLength={500} dir="auto" data-testid="vendor-archive-reason" />
            </label>
          </ConfirmPostButton> : null}
        </>
      )}
      <FormError error={revivedError(failure)} />
    </section>
  );
}

/** The owner (a link to their user page), and giving the artist to another user found by e-mail or name. */
function OwnerPanel(props: { data: EditData }) {
  const { t } = useTranslation();
  const { vendor, vendorId, owner, may } = props.data;
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<AdminUser[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const ownerFailure = useActionFailure(OWNER);
  const navigation = useNavigation();
  // The user being made the owner while their post runs.
  const assigning = navigation.state !== 'idle' && navigation.formData && intentKind(String(navigation.formData.get(INTENT_FIELD) ?? '')) === OWNER
    ? String(navigation.formData.get('ownerUserId')) : null;

  async function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!query.trim()) return;
    setSearching(true);
    setError(null);
    try {
      setFound((await adminUserList(environmentOf(undefined).api, { text: query.trim(), start: 0, limit: 8 })).items);
    } catch (caught) {
      setError(caught);
    } finally {
      setSearching(false);
    }
  }

  const refusal = revivedError(ownerFailure) ?? error;
  const ownerConflict = isApiError(refusal) && refusal.problem.code === 'user.has-vendor';
  return (
    <section className="card admin-panel" aria-labelledby="vendor-owner-heading" data-testid="vendor-owner">
      <h2 id="vendor-owner-heading">{t('adminCatalog.vendors.ownerTitle')}</h2>
      {vendor.ownerUserId ? (
        <p data-testid="vendor-owner-name">
          {may.userPage ? (
            <LocalLink to={`/admin/user/${encodeURIComponent(vendor.ownerUserId)}`}>
              <bdi>{owner ? owner.fullName || owner.email : vendor.ownerUserId}</bdi>
            </LocalLink>
          ) : <span className="muted">{t('adminCatalog.vendors.hasOwner')}</span>}
          {owner ? <><br /><bdi className="muted" dir="ltr">{owner.email}</bdi></> : null}
        </p>
      ) : <p className="muted" data-testid="vendor-owner-name">{t('adminCatalog.vendors.noOwner')}</p>}
      {!may.update || !may.findUsers ? null : vendor.archived ? <p className="muted">{t('adminCatalog.vendors.ownerArchived')}</p> : (
        <form className="admin-owner-search" onSubmit={search} role="search" aria-label={t('adminCatalog.vendors.ownerSearchLabel')}>
          <label className="field">
            <span>{vendor.ownerUserId ? t('adminCatalog.vendors.changeOwner') : t('adminCatalog.vendors.setOwner')}</span>
            <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} maxLength={200} placeholder={t('adminCatalog.vendors.ownerPlaceholder')}
              data-testid="owner-search" />
          </label>
          <button type="submit" className="button" disabled={searching || !query.trim()} aria-busy={searching} data-testid="owner-search-submit">
            {searching ? t('adminCatalog.searching') : t('adminCatalog.find')}
          </button>
        </form>
      )}
      {found !== null ? (
        found.length === 0 ? <p className="empty" role="status">{t('adminCatalog.vendors.ownerNoMatch', { text: query.trim() })}</p> : (
          <ul className="admin-owner-results" aria-label={t('adminCatalog.vendors.ownerResults')} data-testid="owner-results">
            {found.map((user) => {
              const holdsThis = user.vendorId === vendorId;
              const holdsOther = user.vendorId !== null && !holdsThis;
              return (
                <li key={user.id} className="admin-owner-result">
                  <span className="admin-owner-who"><bdi>{user.fullName}</bdi> <bdi className="muted" dir="ltr">{user.email}</bdi></span>
                  {holdsThis ? <span className="muted">{t('adminCatalog.vendors.isOwner')}</span>
                    : holdsOther ? <span className="muted">{t('adminCatalog.vendors.ownsAnother')}</span>
                    : (
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name={INTENT_FIELD} value={`${OWNER}:${user.id}`} />
                        <input type="hidden" name="ownerUserId" value={user.id} />
                        <input type="hidden" name="ownerName" value={user.fullName || user.email} />
                        <button type="submit" className="button button-small" disabled={assigning !== null} aria-busy={assigning === user.id}
                          aria-label={t('adminCatalog.vendors.makeOwnerNamed', { name: user.fullName || user.email })} data-testid="owner-assign">
                          {assigning === user.id ? t('adminCatalog.saving') : t('adminCatalog.vendors.makeOwner')}
                        </button>
                      </Form>
                    )}
                </li>
              );
            })}
          </ul>
        )
      ) : null}
      {ownerConflict ? <p className="form-error" role="alert">{t('adminCatalog.vendors.ownsAnother')}</p> : <FormError error={refusal} />}
    </section>
  );
}

export const adminVendorRoutes: RouteObject[] = [
  { path: 'admin/vendor', loader: adminVendorListLoader, Component: AdminVendorListPage },
  { path: 'admin/vendor/new', loader: adminVendorNewLoader, action: adminVendorNewAction, Component: AdminVendorNewPage },
  { path: 'admin/vendor/:vendorId', loader: adminVendorEditLoader, action: adminVendorEditAction, Component: AdminVendorEditPage },
];
