import { data, Form, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { orNotFound, pageNumberOf } from '../../app/loader-kit.ts';
import { tr } from '../../app/format.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { INTENT_FIELD, refused, revivedError, textOf, useActionFailure, useSubmitting } from '../../app/form-action.ts';
import { localeOfRequest } from '../../app/loader-kit.ts';
import { untilViewsShow } from '../../app/until-views-show.ts';
import { isApiError } from '../../api/api-error.ts';
import type { ApiClient } from '../../api/client.ts';
import { ADMIN_PAGE_SIZE, adminProduct, adminProductList } from '../../api/admin-catalog.ts';
import { vendorChoices, type VendorChoice } from '../../api/admin-overview.ts';
import type { ProductSummary } from '../../api/view-models.ts';
import { ConfirmPostButton } from '../../components/confirm-button.tsx';
import { EventHistory } from '../../components/event-history.tsx';
import { FormError } from '../../components/form-errors.tsx';
import { AdminCardList } from '../../components/admin-card-list.tsx';
import { AdminEmpty } from '../../components/admin-table.tsx';
import { FilterSelect } from '../../components/filter-fields.tsx';
import { Price } from '../../components/price.tsx';
import { ProductForm, type ProductFormRefusal } from '../../components/product-form.tsx';
import { checkProduct, detailsOf, emptyProductValues, PRODUCT_TYPES, productValuesOfForm, valuesOfDraft } from '../../components/product-form-values.ts';
import { AdminLayout } from './admin-layout.tsx';
import { mayDo, requireAdminRight } from './admin-access.tsx';
import { adminForm, doneRedirect } from './admin-action.ts';
import { DoneNotice, useDone } from './done-notice.tsx';
import { revisionParam } from './write-revision.ts';
import type { Locale } from '../../../domain/shared/translatable.ts';
import { productStream } from '../../../domain/product/decider.ts';

// admin-product (SPEC §2 "product create/edit"): every vendor's products, filtered by vendor and
// type, a page at a time; a new product for a chosen vendor; editing one with the SPEC §3 product
// form shared with the artist's screens; removing (asked twice); the product stream's history with
// time travel at the bottom. Writes go through the same routes as the artist's, naming the vendor;
// the forms post to the pages' route actions (also without JavaScript), which redirect with `?done=`.
interface WriteResult { id: string; revision: number }
type ProductType = ProductSummary['type'];

const LIST_PATH = '/admin/product';
const editPath = (productId: string) => `${LIST_PATH}/${encodeURIComponent(productId)}`;
const isProductType = (value: string | null): value is ProductType => PRODUCT_TYPES.includes(value as ProductType);
const vendorName = (vendors: VendorChoice[], vendorId: string, locale: Locale) => tr(vendors.find((vendor) => vendor.id === vendorId)?.name, locale);

export async function adminProductListLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const access = await requireAdminRight(environment, request, 'product', 'list');
  const url = new URL(request.url);
  const vendorId = url.searchParams.get('vendorId') || undefined;
  const typeParam = url.searchParams.get('type');
  const type = isProductType(typeParam) ? typeParam : undefined;
  const archivedParam = url.searchParams.get('archived');
  const archived = archivedParam === 'include' || archivedParam === 'only' ? archivedParam : undefined;
  const page = pageNumberOf(url);
  // The artist filter and names list the artists: only when the rules give that list.
  const [list, vendors] = await Promise.all([
    adminProductList(environment.api, { vendorId, type, archived, start: (page - 1) * ADMIN_PAGE_SIZE }),
    mayDo(access, 'vendor', 'list') ? vendorChoices(environment.api) : null,
  ]);
  const may = { create: mayDo(access, 'product', 'create'), remove: mayDo(access, 'product', 'delete'), vendorPage: mayDo(access, 'vendor', 'read') };
  return { list, vendors, vendorId: vendorId ?? '', type: type ?? '', archived: archived ?? '', page, may };
}

export function AdminProductListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { list, vendors, vendorId, type, archived, page, may } = useLoaderData<typeof adminProductListLoader>();
  const failure = useActionFailure(REMOVE);
  const notice = useProductNotice();
  const filtered = vendorId !== '' || type !== '' || archived !== '';
  const newPath = vendorId ? `${LIST_PATH}/new?vendorId=${encodeURIComponent(vendorId)}` : `${LIST_PATH}/new`;

  return (
    <AdminLayout title={t('admin.items.product')}
      actions={may.create ? <LocalLink to={newPath} className="button button-primary" data-testid="product-new">+ {t('adminCatalog.products.add')}</LocalLink> : null}>
      <DoneNotice message={notice} testId="product-notice" toast />
      <Form method="get" className="admin-filters" aria-label={t('adminCatalog.products.filterLabel')} data-testid="product-filters">
        {vendors === null ? (vendorId ? <input type="hidden" name="vendorId" value={vendorId} /> : null) : (
          <FilterSelect label={t('adminCatalog.products.vendor')} name="vendorId" value={vendorId} grow testId="product-filter-vendor"
            options={[{ value: '', label: t('adminCatalog.products.anyVendor') }, ...vendors.map((vendor) => ({
              value: vendor.id, label: `${tr(vendor.name, locale)}${vendor.archived ? ` (${t('adminCatalog.vendors.archived')})` : ''}`,
            }))]} />
        )}
        <FilterSelect label={t('adminCatalog.products.type')} name="type" value={type} testId="product-filter-type"
          options={[{ value: '', label: t('adminCatalog.products.anyType') }, ...PRODUCT_TYPES.map((value) => ({ value, label: t(`product.type.${value}`) }))]} />
        <FilterSelect label={t('adminCatalog.products.archivedFilter')} name="archived" value={archived} testId="product-filter-archived"
          options={[
            { value: '', label: t('adminCatalog.products.liveOnly') }, { value: 'include', label: t('adminCatalog.products.includeArchived') },
            { value: 'only', label: t('adminCatalog.products.archivedOnly') },
          ]} />
        <button type="submit" className="button button-primary" data-testid="product-filter-submit">{t('adminCatalog.filter')}</button>
      </Form>
      <p className="result-count muted" role="status">{t('adminCatalog.products.count', { count: list.total })}</p>
      <FormError error={revivedError(failure)} />
      <AdminCardList rows={list.items} rowKey={(product) => product.productId} label={t('admin.items.product')} testId="admin-products" paging={{ page, pageSize: ADMIN_PAGE_SIZE, total: list.total }}
        rowProps={(product) => ({ 'data-testid': 'admin-product', 'data-product-id': product.productId })}
        empty={<AdminEmpty filtered={filtered} message={t('adminCatalog.products.empty')} noMatch={t('adminCatalog.products.noMatch')} testId="products-empty" />}
        card={(product) => {
          const name = tr(product.name, locale) || t('adminCatalog.products.untitled');
          return {
            figure: product.introImage ? <img className="admin-row-image" src={product.introImage} alt="" loading="lazy" /> : null,
            title: <LocalLink to={editPath(product.productId)} dir="auto" data-testid="product-edit">{name}</LocalLink>,
            meta: (
              <>
                <span className={`type-badge is-${product.type}`}>{t(`product.type.${product.type}`)}</span>
                {product.archived ? <span className="status status-archived" data-testid="product-archived-badge">{t('adminCatalog.products.archived')}</span> : null}
                {product.featured ? <span className="featured-badge">★ {t('products.featured')}</span> : null}
                {product.type === 'timedService' ? <span className="muted">{t('products.duration', { minutes: product.serviceDuration })}</span> : null}
                {vendors && may.vendorPage ? <LocalLink to={`/admin/vendor/${encodeURIComponent(product.vendorId)}`} dir="auto">{vendorName(vendors, product.vendorId, locale) || t('adminCatalog.vendors.unnamed')}</LocalLink> : null}
              </>
            ),
            intro: tr(product.introText, locale),
            actions: (
              <>
                <Price money={product.price} className="price" />
                <LocalLink to={editPath(product.productId)} className="button" aria-label={t('adminCatalog.editNamed', { name })}>{t('adminCatalog.edit')}</LocalLink>
                <LocalLink to={`/store/product/${encodeURIComponent(product.productId)}`} className="link-quiet-dark">{t('adminCatalog.products.view')}</LocalLink>
                {may.remove ? <ConfirmPostButton label={t('adminCatalog.remove')} ariaLabel={t('adminCatalog.removeNamed', { name })} question={t('adminCatalog.products.removeQuestion')}
                  confirmLabel={t('adminCatalog.removeConfirm')} cancelLabel={t('adminCatalog.keep')} busyLabel={t('adminCatalog.removing')}
                  intent={`${REMOVE}:${product.productId}`} fields={{ productId: product.productId, name }} testId="product-remove" /> : null}
              </>
            ),
          };
        }} />
    </AdminLayout>
  );
}

const REMOVE = 'remove';
const ARCHIVE = 'archive';
const UNARCHIVE = 'unarchive';

/** The notice of a product's write, from the `done` of the address (a toast when scripts run). */
function useProductNotice(): string | null {
  const { t } = useTranslation();
  const done = useDone();
  return done && ['created', 'saved', 'removed', 'archivedDone', 'unarchivedDone'].includes(done.what) ? t(`adminCatalog.products.${done.what}`, { name: done.details.name ?? '' }) : null;
}

/** Removes the product (its vendor read from the product), then waits (bounded) until the views no longer show it. */
async function removeProduct(api: ApiClient, productId: string): Promise<Pick<ProductSummary, 'vendorId'>> {
  const product = await adminProduct(api, productId);
  await api.delete(`vendor/products/${encodeURIComponent(productId)}`, undefined, { query: { vendorId: product.vendorId }, silent: true });
  await untilViewsShow(
    () => adminProduct(api, productId).then(() => false, (error: unknown) => isApiError(error) && error.status === 404),
    (gone) => gone,
  );
  api.clearCache();
  return product;
}

/** The list's action: removes the product of the row, then the same list (filters, page) without it. */
export async function adminProductListAction(args: ActionFunctionArgs) {
  const { environment, form } = await adminForm(args);
  try {
    await removeProduct(environment.api, textOf(form, 'productId'));
  } catch (error) {
    return refused(error, REMOVE);
  }
  return doneRedirect(args.request, `${LIST_PATH}${new URL(args.request.url).search}`, 'removed', { name: textOf(form, 'name') });
}

/**
 * A product form's post checked like the page checks it: the details, or the 422 answer the form
 * shows (the page words the messages in its language; here only whether a required field is missing).
 */
function postedDetails(form: FormData) {
  const values = productValuesOfForm(form);
  const missing = Object.keys(checkProduct(values, (key) => key)).length > 0;
  return { values, details: detailsOf(values), invalid: missing ? data<ProductFormRefusal>({ intent: '', values, invalid: true }, { status: 422 }) : null };
}

/** The new product's action: writes it for the vendor of the address, then its edit page once the views hold it. */
export async function adminProductNewAction(args: ActionFunctionArgs) {
  const { environment, form } = await adminForm(args);
  const vendorId = new URL(args.request.url).searchParams.get('vendorId') ?? '';
  const { values, details, invalid } = postedDetails(form);
  if (invalid) return invalid;
  try {
    const written = await environment.api.post<WriteResult>('vendor/products', { vendorId, details }, { silent: true });
    await adminProduct(environment.api, written.id, written.revision).catch(() => undefined);
    environment.api.clearCache();
    return doneRedirect(args.request, `${editPath(written.id)}?rev=${written.revision}`, 'created', { name: tr(details.name, localeOfRequest(args.request)) });
  } catch (error) {
    return refused(error, '', values);
  }
}

/** The edit page's action: saves the product (the form posts no intent) or removes it (`remove`). */
export async function adminProductEditAction(args: ActionFunctionArgs) {
  const { environment, form, intent } = await adminForm(args);
  const productId = args.params.productId ?? '';
  const api = environment.api;
  if (intent === ARCHIVE || intent === UNARCHIVE) {
    try {
      const written = intent === ARCHIVE
        ? await api.post<WriteResult>(`admin/products/${encodeURIComponent(productId)}/archive`, { reason: textOf(form, 'reason') }, { silent: true })
        : await api.post<WriteResult>(`admin/products/${encodeURIComponent(productId)}/unarchive`, undefined, { silent: true });
      await adminProduct(api, productId, written.revision).catch(() => undefined);
      api.clearCache();
      return doneRedirect(args.request, `${editPath(productId)}?rev=${written.revision}`, intent === ARCHIVE ? 'archivedDone' : 'unarchivedDone', { name: textOf(form, 'name') });
    } catch (error) {
      return refused(error, intent);
    }
  }
  if (intent === REMOVE) {
    try {
      const { vendorId } = await removeProduct(api, productId);
      return doneRedirect(args.request, `${LIST_PATH}?vendorId=${encodeURIComponent(vendorId)}`, 'removed', { name: textOf(form, 'name') });
    } catch (error) {
      return refused(error, REMOVE);
    }
  }
  const { values, details, invalid } = postedDetails(form);
  if (invalid) return invalid;
  try {
    const { vendorId } = await adminProduct(api, productId);
    const written = await api.request<WriteResult>('PUT', `vendor/products/${encodeURIComponent(productId)}`, { body: { vendorId, details }, silent: true });
    api.clearCache();
    return doneRedirect(args.request, `${editPath(productId)}?rev=${written.revision}`, 'saved', { name: tr(details.name, localeOfRequest(args.request)) });
  } catch (error) {
    return refused(error, '', values);
  }
}

export async function adminProductNewLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireAdminRight(environment, request, 'product', 'create');
  const vendors = await vendorChoices(environment.api);
  const chosen = vendors.find((vendor) => vendor.id === new URL(request.url).searchParams.get('vendorId'));
  return { vendors, vendor: chosen ?? null };
}

export function AdminProductNewPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { vendors, vendor } = useLoaderData<typeof adminProductNewLoader>();
  const open = vendors.filter((option) => !option.archived);

  return (
    <AdminLayout title={t('adminCatalog.products.newTitle')}>
      <p><LocalLink to={LIST_PATH}>{t('adminCatalog.products.backToList')}</LocalLink></p>
      {/* The vendor is chosen first (a GET form, so the choice is in the address), then the form. */}
      <Form method="get" className="admin-filters" aria-label={t('adminCatalog.products.chooseVendor')} data-testid="product-choose-vendor">
        <label className="field admin-filter-grow">
          <span>{t('adminCatalog.products.vendor')} <span className="required-mark" aria-hidden="true">*</span></span>
          <select name="vendorId" defaultValue={vendor?.id ?? ''} required data-testid="product-vendor">
            <option value="" disabled>{t('adminCatalog.products.chooseVendorOption')}</option>
            {open.map((option) => <option key={option.id} value={option.id}>{tr(option.name, locale)}</option>)}
          </select>
        </label>
        <button type="submit" className="button" data-testid="product-vendor-submit">{vendor ? t('adminCatalog.products.changeVendor') : t('adminCatalog.products.continue')}</button>
      </Form>
      {vendor === null ? <p className="empty" data-testid="product-vendor-needed">{t('adminCatalog.products.vendorNeeded')}</p>
        : vendor.archived ? <p className="notice">{t('adminCatalog.products.vendorArchived')}</p>
        : (
          <>
            <h2 className="admin-section-title" dir="auto">{t('adminCatalog.products.forVendor', { name: tr(vendor.name, locale) })}</h2>
            <ProductForm key={vendor.id} mode="create" initial={emptyProductValues()} cancelTo={LIST_PATH} />
          </>
        )}
    </AdminLayout>
  );
}

export async function adminProductEditLoader({ context, request, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const access = await requireAdminRight(environment, request, 'product', 'read');
  const revision = revisionParam(request);
  const [draft, vendors] = await Promise.all([
    orNotFound(adminProduct(environment.api, params.productId ?? '', revision ?? undefined)),
    mayDo(access, 'vendor', 'list') ? vendorChoices(environment.api) : [],
  ]);
  // Only what the reader's rules let them do shows.
  const may = { update: mayDo(access, 'product', 'update'), remove: mayDo(access, 'product', 'delete'), vendorPage: mayDo(access, 'vendor', 'read'), history: mayDo(access, 'event', 'read') };
  return { draft, vendor: vendors.find((vendor) => vendor.id === draft.vendorId) ?? null, revision, may };
}

export function AdminProductEditPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { draft, vendor, revision, may } = useLoaderData<typeof adminProductEditLoader>();
  const removeFailure = useActionFailure(REMOVE);
  const archiveFailure = useActionFailure(ARCHIVE);
  const unarchiveFailure = useActionFailure(UNARCHIVE);
  const failure = removeFailure ?? archiveFailure ?? unarchiveFailure;
  const notice = useProductNotice();
  const unarchiving = useSubmitting(UNARCHIVE);
  const name = tr(draft.name, locale) || t('adminCatalog.products.untitled');

  return (
    <AdminLayout title={name}
      actions={<LocalLink to={`/store/product/${encodeURIComponent(draft.productId)}`} className="button" data-testid="product-view">{t('adminCatalog.products.view')}</LocalLink>}>
      <p><LocalLink to={`${LIST_PATH}?vendorId=${encodeURIComponent(draft.vendorId)}`}>{t('adminCatalog.products.backToList')}</LocalLink></p>
      <DoneNotice message={notice} testId="product-notice" toast />
      <section className="card admin-panel admin-product-facts" aria-label={t('adminCatalog.products.facts')} data-testid="product-status">
        <p>
          {t('adminCatalog.products.vendor')}:{' '}
          {may.vendorPage ? (
            <LocalLink to={`/admin/vendor/${encodeURIComponent(draft.vendorId)}`} dir="auto" data-testid="product-vendor-link">
              {vendor ? tr(vendor.name, locale) : draft.vendorId}
            </LocalLink>
          ) : <bdi>{vendor ? tr(vendor.name, locale) : draft.vendorId}</bdi>}
          {vendor?.archived ? <> <span className="status status-archived">{t('adminCatalog.vendors.archived')}</span></> : null}
        </p>
        {draft.archived ? (
          <>
            <p><span className="status status-archived" data-testid="product-status-badge">{t('adminCatalog.products.archived')}</span></p>
            {draft.archivedReason ? <p dir="auto">{t('adminCatalog.vendors.archivedBecause', { reason: draft.archivedReason })}</p> : null}
            <p className="muted">{t('adminCatalog.products.archivedHelp')}</p>
          </>
        ) : <p><span className="status status-live" data-testid="product-status-badge">{t('adminCatalog.vendors.live')}</span></p>}
        <div className="admin-panel-actions">
          {may.update && draft.archived ? (
            <Form method="post" preventScrollReset>
              <input type="hidden" name={INTENT_FIELD} value={UNARCHIVE} />
              <input type="hidden" name="name" value={name} />
              <button type="submit" className="button button-primary" disabled={unarchiving} aria-busy={unarchiving} data-testid="product-unarchive">
                {unarchiving ? t('adminCatalog.products.unarchiving') : t('adminCatalog.products.unarchive')}
              </button>
            </Form>
          ) : null}
          {may.update && !draft.archived ? (
            <ConfirmPostButton label={t('adminCatalog.products.archive')} question={t('adminCatalog.products.archiveQuestion')} confirmLabel={t('adminCatalog.products.archiveConfirm')}
              cancelLabel={t('adminCatalog.keep')} busyLabel={t('adminCatalog.products.archiving')} intent={ARCHIVE} fields={{ name }} testId="product-archive">
              <label className="field confirm-field">
                <span>{t('adminCatalog.products.archiveReason')}</span>
                <input name="reason" maxLength={500} dir="auto" data-testid="product-archive-reason" />
              </label>
            </ConfirmPostButton>
          ) : null}
          {may.remove ? (
            <ConfirmPostButton label={t('adminCatalog.products.remove')} question={t('adminCatalog.products.removeQuestion')} confirmLabel={t('adminCatalog.removeConfirm')}
              cancelLabel={t('adminCatalog.keep')} busyLabel={t('adminCatalog.removing')} intent={REMOVE} fields={{ name }} testId="product-remove" />
          ) : null}
        </div>
        <FormError error={revivedError(failure)} />
      </section>
      {draft.archived ? <p className="notice" data-testid="product-archived-notice">{t('adminCatalog.products.archivedNoEdit')}</p>
        : !may.update ? <p className="notice" data-testid="product-read-only">{t('adminCatalog.readOnly')}</p> : null}
      <fieldset className="admin-plain-fieldset" disabled={draft.archived || !may.update}>
        <legend className="visually-hidden">{t('adminCatalog.products.facts')}</legend>
        <ProductForm key={revision ?? 'loaded'} mode="edit" initial={valuesOfDraft(draft)} cancelTo={LIST_PATH} readOnly={draft.archived || !may.update} />
      </fieldset>
      {may.history ? (
        <div className="admin-history">
          <EventHistory key={`${productStream(draft.productId)}:${revision ?? 'loaded'}`} streamId={productStream(draft.productId)} />
        </div>
      ) : null}
    </AdminLayout>
  );
}

export const adminProductRoutes: RouteObject[] = [
  { path: 'admin/product', loader: adminProductListLoader, action: adminProductListAction, Component: AdminProductListPage },
  { path: 'admin/product/new', loader: adminProductNewLoader, action: adminProductNewAction, Component: AdminProductNewPage },
  { path: 'admin/product/:productId', loader: adminProductEditLoader, action: adminProductEditAction, Component: AdminProductEditPage },
];
