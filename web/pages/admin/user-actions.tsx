import { Form, Link, useLoaderData, useLocation, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireSuperAdmin } from '../../app/guards.ts';
import { formatDate } from '../../app/format.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { isApiError } from '../../api/api-error.ts';
import { adminUser, adminUserList, userActions, type AdminUser, type UserActionPage } from '../../api/admin-catalog.ts';
import { ActorName } from '../../components/event-history.tsx';
import { FormError } from '../../components/form-errors.tsx';
import { FilterField, FilterSelect } from '../../components/filter-fields.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { adminPathOfStream, streamLabel } from './stream-paths.ts';

// admin user action (SPEC §2; superUsers only, SPEC §6): the audit of what people did — every write a
// signed-in user made, newest first: who, what, when, on which entity — filtered by user (found by
// e-mail or name), kind of entity, event type and Israel days. Older actions a page at a time.

/** Kinds of entity people act on (stream categories, DESIGN §4), in the order an admin looks for them. */
const CATEGORIES = ['order', 'contract', 'conversation', 'review', 'favorites', 'calendar', 'vendor', 'product', 'user', 'article', 'category', 'tag', 'media', 'acl', 'config', 'language'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const EVENT_TYPE = /^[A-Za-z]{1,100}$/;

export async function userActionsLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireSuperAdmin(environment, request);
  const params = new URL(request.url).searchParams;
  const value = (name: string, pattern?: RegExp) => {
    const found = (params.get(name) ?? '').trim();
    return found && (!pattern || pattern.test(found)) ? found : '';
  };
  const who = value('who').slice(0, 200);
  const category = (CATEGORIES as readonly string[]).includes(value('category')) ? value('category') : '';
  const filters = { category, type: value('type', EVENT_TYPE), from: value('from', DAY), to: value('to', DAY) };
  const before = /^\d{1,15}$/.test(params.get('before') ?? '') ? Number(params.get('before')) : undefined;

  // The user: named by id (from their page), or found by e-mail or name; several matches are offered.
  let userId = value('userId');
  let candidates: AdminUser[] = [];
  if (!userId && who) {
    candidates = (await adminUserList(environment.api, { text: who, start: 0, limit: 6 })).items;
    if (candidates.length === 1) userId = candidates[0]!.id;
  }
  const user = userId ? await adminUser(environment.api, userId).catch(() => null) : null;
  const searching = Boolean(who) && !userId;

  let page: UserActionPage | null = null;
  let failure: unknown = null;
  if (!searching) {
    try {
      page = await userActions(environment.api, { userId: userId || undefined, ...withoutBlanks(filters), before });
    } catch (error) {
      // A range ending before it starts (422) is the admin's to fix; other failures are the page's.
      if (!isApiError(error) || error.status !== 422) throw error;
      failure = error;
    }
  }
  return { who, userId, user, candidates: searching ? candidates : [], filters, before: before ?? null, page, failure };
}

const withoutBlanks = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));

export function UserActionsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const { who, userId, user, candidates, filters, before, page, failure } = useLoaderData<typeof userActionsLoader>();
  /** The current address with some parameters changed (null drops one); paging starts over unless given. */
  const withParams = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    params.delete('before');
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) params.delete(name); else params.set(name, value);
    }
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ''}`;
  };
  const userName = user ? user.fullName || user.email : userId;

  return (
    <AdminLayout title={t('admin.items.userAction')}>
      <p className="muted">{t('adminCatalog.userActions.lead')}</p>
      <Form method="get" className="admin-filters" role="search" aria-label={t('adminCatalog.userActions.filterLabel')} data-testid="user-action-filters">
        {userId ? (
          <div className="field admin-filter-grow">
            <span>{t('adminCatalog.userActions.user')}</span>
            <p className="admin-chosen-user" data-testid="user-action-user">
              <input type="hidden" name="userId" value={userId} />
              <LocalLink to={`/admin/user/${encodeURIComponent(userId)}`}><bdi>{userName}</bdi></LocalLink>
              {' '}<Link to={withParams({ userId: null, who: null })} className="link-quiet-dark" data-testid="user-action-everyone">{t('adminCatalog.userActions.everyone')}</Link>
            </p>
          </div>
        ) : (
          <FilterField label={t('adminCatalog.userActions.user')} grow>
            <input type="search" name="who" defaultValue={who} maxLength={200} placeholder={t('adminCatalog.userActions.userPlaceholder')} data-testid="user-action-who" />
          </FilterField>
        )}
        <FilterSelect label={t('adminCatalog.userActions.category')} name="category" value={filters.category} testId="user-action-category"
          options={[{ value: '', label: t('adminCatalog.userActions.anyCategory') }, ...CATEGORIES.map((category) => ({ value: category, label: t(`adminHistory.categories.${category}`, { defaultValue: category }) }))]} />
        <FilterField label={t('adminCatalog.userActions.type')}>
          <input name="type" defaultValue={filters.type} maxLength={100} pattern="[A-Za-z]+" dir="ltr" placeholder="OrderPlaced" aria-describedby="user-action-type-hint"
            data-testid="user-action-type" />
          <small id="user-action-type-hint" className="visually-hidden">{t('adminCatalog.userActions.typeHint')}</small>
        </FilterField>
        <FilterField label={t('adminCatalog.userActions.from')}>
          <input type="date" name="from" defaultValue={filters.from} data-testid="user-action-from" />
        </FilterField>
        <FilterField label={t('adminCatalog.userActions.to')}>
          <input type="date" name="to" defaultValue={filters.to} data-testid="user-action-to" />
        </FilterField>
        <button type="submit" className="button button-primary" data-testid="user-action-submit">{t('adminCatalog.filter')}</button>
      </Form>

      {candidates.length > 0 ? (
        <section className="card admin-panel" aria-labelledby="user-action-candidates" data-testid="user-action-candidates">
          <h2 id="user-action-candidates">{t('adminCatalog.userActions.severalUsers', { text: who })}</h2>
          <ul className="admin-owner-results">
            {candidates.map((candidate) => (
              <li key={candidate.id} className="admin-owner-result">
                <span className="admin-owner-who"><bdi>{candidate.fullName}</bdi> <bdi className="muted" dir="ltr">{candidate.email}</bdi></span>
                <Link to={withParams({ userId: candidate.id, who: null })} className="button button-small">{t('adminCatalog.userActions.choose')}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {who && !userId && candidates.length === 0 ? <p className="empty" role="status">{t('adminCatalog.userActions.noUser', { text: who })}</p> : null}
      <FormError error={failure} />

      {page ? (
        <>
          {before !== null ? <p><Link to={withParams({})} data-testid="user-action-newest">{t('adminCatalog.userActions.newest')}</Link></p> : null}
          {page.items.length === 0 ? (
            <p className="empty" data-testid="user-actions-empty">{page.before === null ? t('adminCatalog.userActions.empty') : t('adminCatalog.userActions.noneYet', { count: page.scanned })}</p>
          ) : (
            <ol className="admin-activity user-actions" aria-label={t('adminCatalog.userActions.listLabel')} data-testid="user-actions">
              {page.items.map((action) => (
                <li key={action.id} className="admin-activity-item" data-testid="user-action" data-type={action.type}>
                  <time dateTime={action.at} className="muted">{formatDate(action.at, locale, { dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23' })}</time>
                  {action.actor.userId
                    ? <LocalLink to={`/admin/user/${encodeURIComponent(action.actor.userId)}`} className="user-action-actor"><ActorName actor={action.actor} /></LocalLink>
                    : <ActorName actor={action.actor} />}
                  <code className="admin-activity-type">{action.type}</code>
                  <LocalLink to={adminPathOfStream(action.streamId)} className="admin-activity-entity"><bdi>{streamLabel(t, action.streamId)}</bdi></LocalLink>
                </li>
              ))}
            </ol>
          )}
          {page.before !== null ? (
            <p className="admin-more">
              <Link to={withParams({ before: String(page.before) })} className="button" data-testid="user-action-older">{t('adminCatalog.userActions.older')}</Link>
            </p>
          ) : page.items.length > 0 ? <p className="muted">{t('adminCatalog.userActions.end')}</p> : null}
        </>
      ) : null}
    </AdminLayout>
  );
}

export const userActionRoutes: RouteObject[] = [
  { path: 'admin/user-action', loader: userActionsLoader, Component: UserActionsPage },
];
