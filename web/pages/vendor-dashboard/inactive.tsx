import { redirect, useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireVendor } from '../../app/guards.ts';
import { localeOfRequest } from '../../app/loader-kit.ts';
import { localizedPath } from '../../app/locale-path.ts';
import { LocalLink } from '../../app/links.tsx';
import { useRootData } from '../../app/root-data.ts';
import { displayPhone } from '../../app/phone-number.ts';
import { DashboardLayout } from '../dashboard/dashboard-layout.tsx';

// Where the no-inactive-registration guard (web/app/guards.ts) sends an artist whose registration is
// not live: their artist page was archived by the back office. It says so, with the reason given,
// what still works (orders, reviews, conversations) and how to reach support. A live artist is sent on
// to their profile.
export async function inactiveRegistrationLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const user = await requireVendor(environment, request);
  const vendor = await environment.api.get<{ archived?: unknown; archivedReason?: unknown }>(`ecommerce/vendor/${encodeURIComponent(user.vendorId)}`, { fresh: true });
  if (vendor.archived !== true) throw redirect(localizedPath(localeOfRequest(request), '/user/dashboard/vendor/profile'));
  return { reason: typeof vendor.archivedReason === 'string' && vendor.archivedReason.trim() ? vendor.archivedReason : null };
}

export function InactiveRegistrationPage() {
  const { t } = useTranslation();
  const { reason } = useLoaderData<typeof inactiveRegistrationLoader>();
  const { supportWhatsapp } = useRootData();
  return (
    <DashboardLayout title={t('inactiveRegistration.title')}>
      <section className="card account-form" data-testid="inactive-registration">
        <p>{t('inactiveRegistration.text')}</p>
        {reason ? <p data-testid="inactive-reason">{t('inactiveRegistration.reason')} <bdi>{reason}</bdi></p> : null}
        <p>{t('inactiveRegistration.stillOpen')}</p>
        <p className="auth-links">
          <LocalLink to="/user/dashboard/vendor/orders" className="button">{t('dashboard.items.vendor/orders')}</LocalLink>
          <LocalLink to="/user/dashboard/vendor/reviews" className="button">{t('dashboard.items.vendor/reviews')}</LocalLink>
          <LocalLink to="/user/dashboard/help" className="button button-primary">{t('inactiveRegistration.support')}</LocalLink>
        </p>
        {supportWhatsapp ? <p className="muted">{t('inactiveRegistration.whatsapp')} <span dir="ltr">{displayPhone(supportWhatsapp)}</span></p> : null}
      </section>
    </DashboardLayout>
  );
}

export const inactiveRegistrationRoutes: RouteObject[] = [
  { path: 'user/dashboard/vendor/inactive', loader: inactiveRegistrationLoader, Component: InactiveRegistrationPage },
];
