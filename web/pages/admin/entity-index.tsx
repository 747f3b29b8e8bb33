import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireSuperAdmin } from '../../app/guards.ts';
import { LocalLink } from '../../app/links.tsx';
import { adminContentList, phoneNumberDispenses, type ContentType } from '../../api/admin-content.ts';
import { AdminCardList } from '../../components/admin-card-list.tsx';
import { AdminLayout } from './admin-layout.tsx';

// admin-entity (SPEC §2, the route without a type): the entity types of the back office, each with
// what it is and how many there are, leading to its list (admin-entity-entityType). For the Entities
// group's members, the super users (SPEC §6), like the lists themselves.
const TYPES: (ContentType | 'phoneNumberDispense')[] = ['category', 'tag', 'article', 'serviceContract', 'brand', 'phoneNumberDispense'];

export async function entityIndexLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireSuperAdmin(environment, request);
  const counts = await Promise.all(TYPES.map(async (type) => {
    const page = type === 'phoneNumberDispense'
      ? await phoneNumberDispenses(environment.api, { limit: 1 })
      : await adminContentList(environment.api, type, { limit: 1 });
    return [type, page.total] as const;
  }));
  return { counts: Object.fromEntries(counts) as Record<(typeof TYPES)[number], number> };
}

export function EntityIndexPage() {
  const { t } = useTranslation();
  const { counts } = useLoaderData<typeof entityIndexLoader>();
  return (
    <AdminLayout title={t('adminTools.entities.title')}>
      <p className="muted">{t('adminTools.entities.lead')}</p>
      <AdminCardList rows={TYPES} rowKey={(type) => type} className="tools-cards" testId="entity-types"
        rowProps={(type) => ({ 'data-testid': 'entity-type', 'data-entity-type': type })}
        card={(type) => ({
          title: <LocalLink to={`/admin/entity/${type}`}>{type === 'phoneNumberDispense' ? t('admin.items.phoneNumberDispense') : t(`adminContent.types.${type}.plural`)}</LocalLink>,
          intro: type === 'phoneNumberDispense' ? t('adminTools.entities.phoneNumberDispense') : t(`adminContent.types.${type}.intro`),
          actions: <span className="operator-count" data-testid="entity-type-count">{counts[type]}</span>,
        })} />
    </AdminLayout>
  );
}

export const entityIndexRoutes: RouteObject[] = [{ path: 'admin/entity', loader: entityIndexLoader, Component: EntityIndexPage }];
