import { NavLink } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ReactNode } from 'react';
import { PageMeta } from '../../app/page-meta.tsx';
import { useLocalizedPath } from '../../app/links.tsx';
import { useRootData } from '../../app/root-data.ts';
import { visibleAdminNav } from './admin-nav.ts';
import { useAdminAccess } from './admin-access.tsx';

// The admin back office frame: the side nav of SPEC §2/§6 and the screen's content.
export function AdminLayout(props: { title: string; children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useRootData();
  const access = useAdminAccess();
  const localize = useLocalizedPath();
  const groups = user ? visibleAdminNav(user, access) : [];
  return (
    <div className="page admin" data-testid="admin">
      <PageMeta title={`${props.title} · ${t('admin.title')}`} />
      <nav className="admin-nav" aria-label={t('admin.nav')} data-testid="admin-nav">
        {groups.map((group) => (
          <div key={group.id} className="admin-nav-group">
            <h2 className="admin-nav-heading">{t(`admin.groups.${group.id}`)}</h2>
            {group.items.map((item) => (
              <NavLink key={item.id} to={localize(item.path)} end={item.path === '/admin'} data-testid={`admin-nav-${item.id}`}>{t(`admin.items.${item.id}`)}</NavLink>
            ))}
          </div>
        ))}
      </nav>
      <div className="admin-content">
        <div className="admin-heading">
          <h1>{props.title}</h1>
          {props.actions}
        </div>
        {props.children}
      </div>
    </div>
  );
}
