import { useTranslation } from '../../i18n/use-translation.ts';
import type { ReactNode } from 'react';
import { PageMeta } from '../../app/page-meta.tsx';
import { LocalNavLink } from '../../app/links.tsx';
import { useRootData } from '../../app/root-data.ts';

// SPEC §2: a user with a vendor profile sees the vendor menu, others the personal menu. Each item
// is a path under /user/dashboard (notifications live at /notifications); help closes both menus.
export const PERSONAL_MENU = ['profile', 'my-vendors', 'orders', 'payments', 'reviews', 'notifications', 'conversations', 'quotes', 'contracts', 'help'] as const;
export const VENDOR_MENU = ['vendor/busy-windows', 'vendor/profile', 'vendor/orders', 'vendor/events', 'vendor/products', 'vendor/reviews', 'vendor/quotes', 'vendor/insights', 'vendor/receipts', 'notifications', 'conversations', 'quotes', 'contracts', 'help'] as const;
export type DashboardItem = (typeof PERSONAL_MENU)[number] | (typeof VENDOR_MENU)[number];

export const dashboardPath = (item: DashboardItem): string => (item === 'notifications' ? '/notifications' : `/user/dashboard/${item}`);

export function DashboardLayout(props: { title: string; children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useRootData();
  const menu = user?.Vendor?.id ? VENDOR_MENU : PERSONAL_MENU;
  return (
    <div className="page dashboard">
      <PageMeta title={props.title} />
      <nav className="dashboard-menu" aria-label={t('dashboard.menu')} data-testid={user?.Vendor?.id ? 'vendor-menu' : 'personal-menu'}>
        {user?.Vendor?.id ? <LocalNavLink to="/user/dashboard/profile">{t('dashboard.items.profile')}</LocalNavLink> : null}
        {menu.map((item) => (
          <LocalNavLink key={item} to={dashboardPath(item)}>{t(`dashboard.items.${item}`)}</LocalNavLink>
        ))}
      </nav>
      <div className="dashboard-content">
        <div className="dashboard-heading">
          <h1>{props.title}</h1>
          {props.actions}
        </div>
        {props.children}
      </div>
    </div>
  );
}
