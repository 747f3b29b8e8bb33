import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireAdmin } from '../../app/guards.ts';
import { localeOfRequest } from '../../app/loader-kit.ts';
import { localizedPath } from '../../app/locale-path.ts';
import { FieldError } from '../../components/field-error.tsx';
import { Pager } from '../../components/pager.tsx';
import { Price } from '../../components/price.tsx';
import { Stars } from '../../components/stars.tsx';
import { ORDER_STATUSES } from '../../api/admin-overview.ts';
import { AdminLayout } from './admin-layout.tsx';

// SPEC §2 styleguide (admins): the storefront's parts as they are — the theme's colours (SPEC §9
// purple), type, buttons, form fields with a hint and an error, notices, statuses, prices, stars,
// cards, paging and the SPEC §9 breakpoints — in the page's language and direction, built from the
// same stylesheet and components the pages use, so it cannot drift from them.
const COLOURS = ['--purple-950', '--purple-800', '--purple-700', '--purple-600', '--purple-500', '--purple-100', '--purple-50', '--ink', '--muted', '--line', '--bg', '--success', '--error'];
const BREAKPOINTS = [['min', 200], ['2xs', 300], ['xs', 400], ['s', 500], ['m', 767], ['l', 1024], ['xl', 1300]] as const;

export async function styleguideLoader({ context, request }: LoaderFunctionArgs) {
  const user = await requireAdmin(environmentOf(context), request);
  // Admins only (an operator is staff too, but this is the designers' and developers' page).
  if (!user.isAdmin) throw redirect(localizedPath(localeOfRequest(request), '/error/unauthorized'));
  return null;
}

export function StyleguidePage() {
  const { t } = useTranslation();
  return (
    <AdminLayout title={t('admin.items.styleguide')}>
      <div className="styleguide" data-testid="styleguide">
        <p className="muted">{t('adminTools.styleguide.lead')}</p>
        <section className="card" aria-labelledby="sg-colours">
          <h2 id="sg-colours">{t('adminTools.styleguide.colours')}</h2>
          <ul className="styleguide-swatches">
            {COLOURS.map((name) => (
              <li key={name} data-testid="swatch"><span className="styleguide-swatch" style={{ background: `var(${name})` }} aria-hidden="true" /><code dir="ltr">{name}</code></li>
            ))}
          </ul>
        </section>
        <section className="card" aria-labelledby="sg-type">
          <h2 id="sg-type">{t('adminTools.styleguide.type')}</h2>
          <p className="styleguide-h1">{t('adminTools.styleguide.sample')}</p>
          <h3>{t('adminTools.styleguide.sample')}</h3>
          <p>{t('adminTools.styleguide.paragraph')}</p>
          <p className="muted">{t('adminTools.styleguide.muted')}</p>
          <p><a href="#sg-type">{t('adminTools.styleguide.link')}</a></p>
        </section>
        <section className="card" aria-labelledby="sg-buttons">
          <h2 id="sg-buttons">{t('adminTools.styleguide.buttons')}</h2>
          <p className="styleguide-row">
            <button type="button" className="button button-primary">{t('adminTools.styleguide.primary')}</button>
            <button type="button" className="button">{t('adminTools.styleguide.secondary')}</button>
            <button type="button" className="button button-small">{t('adminTools.styleguide.small')}</button>
            <button type="button" className="button button-danger">{t('adminTools.styleguide.danger')}</button>
            <button type="button" className="button button-remove">{t('adminTools.styleguide.remove')}</button>
            <button type="button" className="button button-primary" disabled>{t('adminTools.styleguide.disabled')}</button>
            <button type="button" className="link-button">{t('adminTools.styleguide.linkButton')}</button>
          </p>
        </section>
        <section className="card" aria-labelledby="sg-forms">
          <h2 id="sg-forms">{t('adminTools.styleguide.forms')}</h2>
          <form className="form" onSubmit={(event) => event.preventDefault()}>
            <label className="field"><span>{t('adminTools.styleguide.field')}</span><input defaultValue={t('adminTools.styleguide.value')} /><small>{t('adminTools.styleguide.hint')}</small></label>
            <label className="field">
              <span>{t('adminTools.styleguide.invalidField')}</span>
              <input aria-invalid aria-describedby="sg-error" defaultValue="12" />
              <FieldError id="sg-error" message={t('adminTools.styleguide.error')} />
            </label>
            <label className="field"><span>{t('adminTools.styleguide.choice')}</span><select defaultValue="b"><option value="a">A</option><option value="b">B</option></select></label>
            <label className="admin-check"><input type="checkbox" defaultChecked /> <span>{t('adminTools.styleguide.check')}</span></label>
          </form>
        </section>
        <section className="card" aria-labelledby="sg-feedback">
          <h2 id="sg-feedback">{t('adminTools.styleguide.feedback')}</h2>
          <p className="notice">{t('adminTools.styleguide.notice')}</p>
          <p className="notice notice-success">{t('core.genericSuccess')}</p>
          <p className="form-error">{t('core.genericError500')}</p>
          <p className="styleguide-row">
            {ORDER_STATUSES.map((status) => <span key={status} className={`status status-${status}`}>{t(`order.statuses.${status}`)}</span>)}
            <span className="status status-live">{t('adminCatalog.vendors.live')}</span>
            <span className="status status-archived">{t('adminCatalog.vendors.archived')}</span>
          </p>
          <p className="styleguide-row"><Price money={{ amountMinor: 125000, currency: 'ILS' }} className="price price-large" /> <Stars rating={4} /></p>
          <Pager page={2} pageSize={10} total={45} />
        </section>
        <section className="card" aria-labelledby="sg-breakpoints">
          <h2 id="sg-breakpoints">{t('adminTools.styleguide.breakpoints')}</h2>
          <dl className="facts">
            {BREAKPOINTS.map(([name, width]) => <div key={name}><dt dir="ltr">{name}</dt><dd dir="ltr">{width} px</dd></div>)}
            <div><dt>{t('adminTools.styleguide.mobile')}</dt><dd dir="ltr">≤ 981 px</dd></div>
          </dl>
        </section>
      </div>
    </AdminLayout>
  );
}

export const styleguideRoutes: RouteObject[] = [{ path: 'admin/styleguide', loader: styleguideLoader, Component: StyleguidePage }];
