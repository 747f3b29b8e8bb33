import { useEffect } from 'react';
import { Form, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireUser } from '../../app/guards.ts';
import { useFavorites } from '../../app/favorites.tsx';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { tr } from '../../app/format.ts';
import { vendorPath } from '../../app/vendor-path.ts';
import { untilViewShows } from '../../app/until-views-show.ts';
import { INTENT_FIELD, refused, textOf, useActionFailure, useSubmitting } from '../../app/form-action.ts';
import { intentKind } from '../../app/intent-action.ts';
import { favoriteProductIds, favoriteVendors, productsByIds, vendorsByIds } from '../../api/queries.ts';
import type { ProductSummary, VendorCard as VendorCardData } from '../../api/view-models.ts';
import { VendorCard } from '../../components/vendor-card.tsx';
import { Price } from '../../components/price.tsx';
import { Translated } from '../../components/translated.tsx';
import { DashboardLayout } from './dashboard-layout.tsx';
import { ActionName } from '../../components/action-name.tsx';
import { IsolatedText } from '../../components/isolated-text.tsx';

// user-dashboard-my-vendors: the favorite artists (the favorites of SPEC §4, shared with the hearts
// everywhere through the favorites provider) and the saved services (favorite products), each with
// a way to remove it.
export async function myVendorsLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const products = await productsByIds(environment.api, await favoriteProductIds(environment.api));
  const vendorIds = [...new Set(products.map((product) => product.vendorId))];
  const productVendors = vendorIds.length ? await vendorsByIds(environment.api, vendorIds, await environment.categories()) : [];
  return { products, productVendors };
}

// Removing is the page's route action, so it also works without JavaScript: each
// button is a one-button form whose intent names what it removes (`vendor:<id>`, `product:<id>`).
const VENDOR_INTENT = 'vendor';
const PRODUCT_INTENT = 'product';
type RemovedAnswer = { intent: string; removed: { kind: string; id: string } };

/** Removes a favorite artist or a saved service, then waits until the views no longer list it (the page's reload shows the list without it). */
export async function myVendorsAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const intent = textOf(await request.formData(), INTENT_FIELD);
  const kind = intentKind(intent);
  const id = intent.slice(kind.length + 1);
  if ((kind !== VENDOR_INTENT && kind !== PRODUCT_INTENT) || !id) throw new Response(null, { status: 400, statusText: 'Unknown form' });
  const { api } = environment;
  const path = kind === VENDOR_INTENT ? `artists/vendor/${encodeURIComponent(id)}/favored/by-user` : `store/product/${encodeURIComponent(id)}/favored/by-user`;
  try {
    await api.delete(path, undefined, { silent: true });
  } catch (error) {
    return refused(error, intent);
  }
  await untilViewShows(api, async () => kind === VENDOR_INTENT
    ? !(await favoriteVendors(api, environment.categories)).ids.includes(id)
    : !(await favoriteProductIds(api, { fresh: true })).includes(id));
  return { intent, removed: { kind, id } } satisfies RemovedAnswer;
}

function RemoveButton(props: { intent: string; subject: string; testId: string }) {
  const { t } = useTranslation();
  const busy = useSubmitting(props.intent);
  const failed = useActionFailure(props.intent);
  return (
    <Form method="post" preventScrollReset className="account-actions">
      <input type="hidden" name={INTENT_FIELD} value={props.intent} />
      <button type="submit" className="button button-remove" disabled={busy} aria-busy={busy} data-testid={props.testId}>
        <ActionName text={busy ? t('myVendors.removing') : t('myVendors.remove')} subject={props.subject} />
      </button>
      {failed ? <p className="field-error" role="alert">{t('myVendors.removeFailed')}</p> : null}
    </Form>
  );
}

function FavoriteVendors() {
  const { t } = useTranslation();
  const locale = useLocale();
  const favorites = useFavorites();
  const answer = useActionData() as RemovedAnswer | undefined;
  const removedVendor = answer?.removed?.kind === VENDOR_INTENT ? answer.removed.id : null;
  // The hearts and the header count read the favorites provider (the root's data, loaded once per
  // page): after a removal here it reads the list again.
  const { reload } = favorites;
  useEffect(() => {
    if (removedVendor) void reload();
  }, [answer, removedVendor, reload]);
  const vendors = favorites.vendors.filter((vendor) => favorites.ids.includes(vendor.vendorId) && vendor.vendorId !== removedVendor);
  return (
    <section className="account-section" aria-labelledby="favorite-vendors-title" data-testid="favorite-vendors">
      <div className="account-section-head">
        <h2 id="favorite-vendors-title">{t('myVendors.vendorsTitle')}</h2>
        {vendors.length ? <span className="muted">{t('myVendors.count', { count: vendors.length })}</span> : null}
      </div>
      {vendors.length === 0 ? (
        <div className="account-empty card" data-testid="no-favorite-vendors">
          <p>{t('myVendors.noVendors')}</p>
          <LocalLink to="/search" className="button">{t('myVendors.findArtists')}</LocalLink>
        </div>
      ) : (
        <ul className="favorite-vendors">
          {vendors.map((vendor) => (
            <li key={vendor.vendorId} className="favorite-vendor" data-testid="favorite-vendor" data-vendor-id={vendor.vendorId}>
              <VendorCard vendor={vendor} />
              <RemoveButton intent={`${VENDOR_INTENT}:${vendor.vendorId}`} subject={tr(vendor.name, locale)} testId="remove-favorite-vendor" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SavedProducts(props: { products: ProductSummary[]; vendors: VendorCardData[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const vendorsById = new Map(props.vendors.map((vendor) => [vendor.vendorId, vendor]));
  const products = props.products;

  return (
    <section className="account-section" aria-labelledby="saved-products-title" data-testid="saved-products">
      <div className="account-section-head">
        <h2 id="saved-products-title">{t('myVendors.productsTitle')}</h2>
        {products.length ? <span className="muted">{t('myVendors.count', { count: products.length })}</span> : null}
      </div>
      {products.length === 0 ? (
        <div className="account-empty card" data-testid="no-saved-products">
          <p>{t('myVendors.noProducts')}</p>
          <LocalLink to="/store" className="button">{t('myVendors.browseStore')}</LocalLink>
        </div>
      ) : (
        <ul className="favorite-products">
          {products.map((product) => {
            const name = tr(product.name, locale);
            const vendor = vendorsById.get(product.vendorId);
            return (
              <li key={product.productId} className="card favorite-product" data-testid="saved-product" data-product-id={product.productId}>
                <div className="favorite-product-main">
                  <h3><LocalLink to={`/store/product/${encodeURIComponent(product.productId)}`}><Translated value={product.name} /></LocalLink></h3>
                  <p className="muted">
                    {t(`product.type.${product.type}`)}
                    {vendor ? <> · <LocalLink to={vendorPath(vendor, locale)}><IsolatedText i18nKey="myVendors.byVendor" values={{ name: tr(vendor.name, locale) }} /></LocalLink></> : null}
                  </p>
                </div>
                <div className="favorite-product-side">
                  <Price money={product.price} />
                  <RemoveButton intent={`${PRODUCT_INTENT}:${product.productId}`} subject={name} testId="remove-saved-product" />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function MyVendorsPage() {
  const { t } = useTranslation();
  const { products, productVendors } = useLoaderData<typeof myVendorsLoader>();
  return (
    <DashboardLayout title={t('dashboard.items.my-vendors')}>
      <FavoriteVendors />
      <SavedProducts products={products} vendors={productVendors} />
    </DashboardLayout>
  );
}

export const myVendorsRoutes: RouteObject[] = [
  { path: 'user/dashboard/my-vendors', loader: myVendorsLoader, action: myVendorsAction, Component: MyVendorsPage },
];
