import { data, redirect, useLoaderData, useLocation, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { noInactiveRegistration } from '../../app/guards.ts';
import { localeOfRequest, notFound, orNotFound } from '../../app/loader-kit.ts';
import { localizedPath } from '../../app/locale-path.ts';
import { tr } from '../../app/format.ts';
import { refused, textOf, useActionAnswer, useActionFailure, INTENT_FIELD } from '../../app/form-action.ts';
import { intentKind } from '../../app/intent-action.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import type { ApiClient } from '../../api/client.ts';
import { untilViewShows } from '../../app/until-views-show.ts';
import { ApiError } from '../../api/api-error.ts';
import { productDraft, vendorProducts } from '../../api/queries.ts';
import type { ProductDraft, ProductSummary } from '../../api/view-models.ts';
import { ConfirmPostButton } from '../../components/confirm-button.tsx';
import { FormError } from '../../components/form-errors.tsx';
import { Price } from '../../components/price.tsx';
import { DashboardLayout } from '../dashboard/dashboard-layout.tsx';
import { ProductForm, type ProductFormRefusal } from '../../components/product-form.tsx';
import { checkProduct, detailsOf, emptyProductValues, productValuesOfForm, valuesOfDraft } from '../../components/product-form-values.ts';
import { ActionName } from '../../components/action-name.tsx';

// user-dashboard-vendor-products: the vendor's products of the three types (list), a new one
// (`…/products/new`) and editing one (`…/products/:productId`); removing asks first. The form and
// the removal post to the routes' actions (also without JavaScript), which wait until the views show
// the write, so the list the vendor returns to (`?saved=<id>` names the saved product) is up to date.
const LIST_PATH = '/user/dashboard/vendor/products';
type Details = ReturnType<typeof detailsOf>;

export async function productsLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const { vendorId } = await noInactiveRegistration(environment, request);
  const products = await vendorProducts(environment.api, vendorId);
  return { products: [...products].sort((a, b) => Number(b.featured) - Number(a.featured)) };
}

export async function productEditLoader({ context, request, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const { vendorId } = await noInactiveRegistration(environment, request);
  const draft = await orNotFound(productDraft(environment.api, params.productId ?? ''));
  // Another vendor's product is not there for this vendor, like a missing one.
  if (draft.vendorId !== vendorId) return notFound();
  return { draft };
}

export async function productNewLoader({ context, request }: LoaderFunctionArgs) {
  await noInactiveRegistration(environmentOf(context), request);
  return null;
}

/** Waits until the products view shows what a write did (bounded), then drops the GET cache. */
async function productsCaughtUp(api: ApiClient, productId: string, shows: (draft: ProductDraft | null) => boolean): Promise<void> {
  await untilViewShows(api, async () => shows(await productDraft(api, productId, { fresh: true }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  })));
  api.clearCache();
}

/** The view holds what was sent (the fields a list and a storefront show). */
const holds = (details: Details) => (draft: ProductDraft | null): boolean =>
  draft !== null && (draft.name.he ?? '') === (details.name.he ?? '') && (draft.name.en ?? '') === (details.name.en ?? '')
  && draft.price.amountMinor === details.price.amountMinor && draft.type === details.type
  && (draft.introText.he ?? '') === (details.introText.he ?? '') && (draft.introText.en ?? '') === (details.introText.en ?? '')
  && draft.featured === details.featured && draft.serviceDuration === details.serviceDuration
  && sameTerms(draft.paymentTerms, details.paymentTerms);

/** The view's terms are the ones sent (it adds what they come to on the price). */
function sameTerms(held: ProductDraft['paymentTerms'], sent: Details['paymentTerms']): boolean {
  if (!held) return false;
  const { deposit, balanceDueDays, cancellationPolicy, maxInstalments } = held;
  return JSON.stringify({ deposit, balanceDueDays, cancellationPolicy, maxInstalments }) === JSON.stringify(sent);
}

const REMOVE_INTENT = 'remove';
type RemoveAnswer = { intent: string; removed?: string };

/** The list's action: removes a product (the confirm button's post), then waits until the view drops it. */
export async function productRemoveAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await noInactiveRegistration(environment, request);
  const form = await request.formData();
  const intent = textOf(form, INTENT_FIELD);
  const productId = textOf(form, 'productId');
  if (intentKind(intent) !== REMOVE_INTENT || !productId) throw new Response(null, { status: 400 });
  try {
    await environment.api.delete(`vendor/products/${encodeURIComponent(productId)}`, undefined, { silent: true });
  } catch (error) {
    return refused(error, REMOVE_INTENT);
  }
  await productsCaughtUp(environment.api, productId, (draft) => draft === null);
  return { intent: REMOVE_INTENT, removed: textOf(form, 'name') } satisfies RemoveAnswer;
}

/** The new and edit pages' action: checks the required fields, writes, waits for the view and goes back to the list. */
export async function productSaveAction({ context, request, params }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await noInactiveRegistration(environment, request);
  const values = productValuesOfForm(await request.formData());
  // The page words the messages (checkProduct again, in its language): here only whether any is missing.
  if (Object.keys(checkProduct(values, (key) => key)).length) return data<ProductFormRefusal>({ intent: '', values, invalid: true }, { status: 422 });
  const details = detailsOf(values);
  const { api } = environment;
  let productId = params.productId ?? '';
  try {
    if (productId) await api.request('PUT', `vendor/products/${encodeURIComponent(productId)}`, { body: { details }, silent: true });
    else productId = (await api.post<{ id: string }>('vendor/products', { details }, { silent: true })).id;
  } catch (error) {
    return refused(error, '', values);
  }
  await productsCaughtUp(api, productId, holds(details));
  return redirect(`${localizedPath(localeOfRequest(request), LIST_PATH)}?saved=${encodeURIComponent(productId)}`);
}

export function ProductsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const { products } = useLoaderData<typeof productsLoader>();
  const removed = useActionAnswer<RemoveAnswer>(REMOVE_INTENT)?.removed;
  const failure = useActionFailure(REMOVE_INTENT);
  // After a save the form's action comes back here with ?saved=<product id>.
  const saved = products.find((product) => product.productId === new URLSearchParams(location.search).get('saved'));
  const notice = removed !== undefined ? t('products.removed', { name: removed })
    : saved ? t('products.saved', { name: tr(saved.name, locale) }) : null;

  return (
    <DashboardLayout title={t('dashboard.items.vendor/products')}
      actions={<LocalLink to={`${LIST_PATH}/new`} className="button button-primary" data-testid="product-new">+ {t('products.add')}</LocalLink>}>
      <p className="muted">{t('products.intro')}</p>
      {notice ? <p className="notice notice-success" role="status" data-testid="products-notice">{notice}</p> : null}
      <FormError error={failure} />
      {products.length === 0 ? <p className="empty" data-testid="products-empty">{t('products.empty')}</p> : (
        <ul className="vendor-product-list" aria-label={t('products.listLabel')} data-testid="vendor-products">
          {products.map((product) => {
            const name = tr(product.name, locale) || t('products.untitled');
            return (
              <li key={product.productId} className="card vendor-product" data-testid="vendor-product" data-product-id={product.productId}>
                <div className="vendor-product-main">
                  <h2 className="vendor-product-name" dir="auto">{name}</h2>
                  <p className="vendor-product-meta">
                    <span className={`type-badge is-${product.type}`}>{t(`product.type.${product.type}`)}</span>
                    {product.featured ? <span className="featured-badge">★ {t('products.featured')}</span> : null}
                    {product.type === 'timedService' ? <span className="muted">{t('products.duration', { minutes: product.serviceDuration })}</span> : null}
                  </p>
                  <p className="vendor-product-intro muted" dir="auto">{tr(product.introText, locale)}</p>
                </div>
                <div className="vendor-product-side">
                  <Price money={product.price} className="price price-large" />
                  <div className="vendor-product-actions">
                    <LocalLink to={`${LIST_PATH}/${product.productId}`} className="button" data-testid="product-edit"><ActionName text={t('products.edit')} subject={name} /></LocalLink>
                    <LocalLink to={`/store/product/${product.productId}`} className="link-quiet-dark">{t('products.view')}</LocalLink>
                    <ConfirmPostButton label={t('products.remove')} ariaLabel={t('products.removeNamed', { name })} question={t('products.removeQuestion')}
                      confirmLabel={t('products.removeConfirm')} cancelLabel={t('products.keep')} busyLabel={t('products.removing')}
                      intent={`${REMOVE_INTENT}:${product.productId}`} fields={{ productId: product.productId, name }} testId="product-remove" />
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </DashboardLayout>
  );
}

function ProductFormPage(props: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const data = useLoaderData<typeof productEditLoader | typeof productNewLoader>();
  const draft = data && 'draft' in data ? data.draft : null;

  const title = props.mode === 'create' ? t('products.newTitle') : t('products.editTitle');
  return (
    <DashboardLayout title={draft ? `${title}: ${tr(draft.name, locale)}` : title}>
      <p><LocalLink to={LIST_PATH}>{t('products.backToList')}</LocalLink></p>
      <ProductForm key={draft?.productId ?? 'new'} mode={props.mode} initial={draft ? valuesOfDraft(draft) : emptyProductValues()} />
    </DashboardLayout>
  );
}

export const NewProductPage = () => <ProductFormPage mode="create" />;
export const EditProductPage = () => <ProductFormPage mode="edit" />;

export const productRoutes: RouteObject[] = [
  { path: 'user/dashboard/vendor/products', loader: productsLoader, action: productRemoveAction, Component: ProductsPage },
  { path: 'user/dashboard/vendor/products/new', loader: productNewLoader, action: productSaveAction, Component: NewProductPage },
  { path: 'user/dashboard/vendor/products/:productId', loader: productEditLoader, action: productSaveAction, Component: EditProductPage },
];
