import { useState } from 'react';
import { Form, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { isSuperUser, SUPER_USERS_GROUP } from '../../app/guards.ts';
import { orNotFound, pageNumberOf } from '../../app/loader-kit.ts';
import { formatDate, formatPrice, tr } from '../../app/format.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { useRootData } from '../../app/root-data.ts';
import { INTENT_FIELD, refused, revivedError, useActionFailure, useSubmitting } from '../../app/form-action.ts';
import {
  ADMIN_PAGE_SIZE, adminUser, adminUserList, adminVendor, ordersOfCustomer, PRIVILEGED_ROLES, USER_ROLE_FILTERS, type AdminUser, type PrivilegedRole,
  type UserRoleFilter,
} from '../../api/admin-catalog.ts';
import { EventHistory } from '../../components/event-history.tsx';
import { FormError } from '../../components/form-errors.tsx';
import { AdminCardList } from '../../components/admin-card-list.tsx';
import { AdminEmpty } from '../../components/admin-table.tsx';
import { FilterField, FilterSelect } from '../../components/filter-fields.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { requireAdminRight } from './admin-access.tsx';
import { adminForm, doneRedirect } from './admin-action.ts';
import { DoneNotice, useDone } from './done-notice.tsx';
import { revisionParam } from './write-revision.ts';
import { userActionRoutes } from './user-actions.tsx';
import { userStream } from '../../../domain/user/decider.ts';
import { formatPhoneNumber } from '../../../domain/shared/phone-parsing.ts';

// admin-user (SPEC §2): users found by e-mail or name, filtered by role and activation, a page at a
// time; a user's page with their contact details, activation state, roles and groups (changed by
// super users only, as the API allows: PUT /api/admin/users/:userId/roles), the artist they own,
// the orders they placed and their account's history with time travel. User actions (superUsers)
// are in user-actions.tsx.
interface WriteResult { id: string; revision: number }

const LIST_PATH = '/admin/user';
export const userPath = (userId: string) => `${LIST_PATH}/${encodeURIComponent(userId)}`;
const isRoleFilter = (value: string | null): value is UserRoleFilter => USER_ROLE_FILTERS.includes(value as UserRoleFilter);

export async function adminUserListLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireAdminRight(environment, request, 'user', 'list');
  const url = new URL(request.url);
  const text = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const roleParam = url.searchParams.get('role');
  const role = isRoleFilter(roleParam) ? roleParam : undefined;
  const activeParam = url.searchParams.get('active');
  const active = activeParam === 'true' ? true : activeParam === 'false' ? false : undefined;
  const page = pageNumberOf(url);
  const list = await adminUserList(environment.api, { text, role, active, start: (page - 1) * ADMIN_PAGE_SIZE });
  return { list, text, role: role ?? '', active: activeParam === 'true' || activeParam === 'false' ? activeParam : '', page };
}

export function AdminUserListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { list, text, role, active, page } = useLoaderData<typeof adminUserListLoader>();
  const filtered = text !== '' || role !== '' || active !== '';
  return (
    <AdminLayout title={t('admin.items.user')}>
      <Form method="get" className="admin-filters" role="search" aria-label={t('adminCatalog.users.searchLabel')} data-testid="user-filters">
        <FilterField label={t('adminCatalog.users.search')} grow>
          <input type="search" name="q" defaultValue={text} maxLength={200} placeholder={t('adminCatalog.users.searchPlaceholder')} data-testid="user-search" />
        </FilterField>
        <FilterSelect label={t('adminCatalog.users.role')} name="role" value={role} testId="user-filter-role"
          options={[{ value: '', label: t('adminCatalog.users.anyRole') }, ...USER_ROLE_FILTERS.map((value) => ({ value, label: t(`adminCatalog.users.roles.${value}`) }))]} />
        <FilterSelect label={t('adminCatalog.users.activation')} name="active" value={active} testId="user-filter-active"
          options={[{ value: '', label: t('adminCatalog.users.anyActivation') }, { value: 'true', label: t('adminCatalog.users.active') }, { value: 'false', label: t('adminCatalog.users.inactive') }]} />
        <button type="submit" className="button button-primary" data-testid="user-search-submit">{t('adminCatalog.filter')}</button>
      </Form>
      <p className="result-count muted" role="status">{t('adminCatalog.users.count', { count: list.total })}</p>
      <AdminCardList rows={list.items} rowKey={(user) => user.id} label={t('admin.items.user')} testId="admin-users" paging={{ page, pageSize: ADMIN_PAGE_SIZE, total: list.total }}
        rowProps={(user) => ({ 'data-testid': 'admin-user', 'data-user-id': user.id })}
        empty={<AdminEmpty filtered={filtered} message={t('adminCatalog.users.empty')} noMatch={t('adminCatalog.users.noMatch')} testId="users-empty" />}
        card={(user) => ({
          title: <LocalLink to={userPath(user.id)} data-testid="user-open"><bdi>{user.fullName || user.email}</bdi></LocalLink>,
          meta: <><bdi dir="ltr" className="admin-email">{user.email}</bdi><UserBadges user={user} /></>,
          intro: t('adminCatalog.users.registered', { date: formatDate(user.registeredAt, locale, { dateStyle: 'medium' }) }),
          actions: <LocalLink to={userPath(user.id)} className="button" aria-label={t('adminCatalog.users.openNamed', { name: user.fullName || user.email })}>{t('adminCatalog.users.open')}</LocalLink>,
        })} />
    </AdminLayout>
  );
}

/** Activation, privileged roles, the superUsers group and artist ownership, as small labels. */
function UserBadges(props: { user: AdminUser }) {
  const { t } = useTranslation();
  const { user } = props;
  return (
    <>
      <span className={`status ${user.active ? 'status-live' : 'status-waiting'}`}>{user.active ? t('adminCatalog.users.active') : t('adminCatalog.users.inactive')}</span>
      {user.roles.map((role) => <span key={role} className="status status-role">{t(`adminCatalog.users.roles.${role}`)}</span>)}
      {user.groups.includes(SUPER_USERS_GROUP) ? <span className="status status-role">{t('adminCatalog.users.superUsers')}</span> : null}
      {user.vendorId ? <span className="status">{t('adminCatalog.users.roles.vendor')}</span> : null}
    </>
  );
}

export async function adminUserLoader({ context, request, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireAdminRight(environment, request, 'user', 'read');
  const revision = revisionParam(request);
  const userId = params.userId ?? '';
  const [user, orders] = await Promise.all([
    orNotFound(adminUser(environment.api, userId, revision ?? undefined)),
    ordersOfCustomer(environment.api, userId),
  ]);
  const vendor = user.vendorId
    ? await adminVendor(environment.api, user.vendorId, await environment.categories()).then((found) => ({ name: found.card.name, archived: found.archived }), () => null)
    : null;
  return { user, orders, vendor, revision };
}

export function AdminUserPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user: me } = useRootData();
  const { user, orders, vendor, revision } = useLoaderData<typeof adminUserLoader>();
  const superUser = isSuperUser(me);
  return (
    <AdminLayout title={user.fullName || user.email}>
      <p><LocalLink to={LIST_PATH}>{t('adminCatalog.users.backToList')}</LocalLink></p>
      <div className="admin-panels">
        <section className="card admin-panel" aria-labelledby="user-facts-heading" data-testid="user-facts">
          <h2 id="user-facts-heading">{t('adminCatalog.users.account')}</h2>
          <dl className="facts">
            <dt>{t('adminCatalog.users.email')}</dt><dd><bdi dir="ltr">{user.email}</bdi></dd>
            <dt>{t('adminCatalog.users.phone')}</dt><dd>{user.phone ? <bdi dir="ltr">{formatPhoneNumber(user.phone)}</bdi> : <span className="muted">{t('adminCatalog.users.noPhone')}</span>}</dd>
            <dt>{t('adminCatalog.users.language')}</dt><dd>{t(`adminCatalog.users.locales.${user.locale}`)}</dd>
            <dt>{t('adminCatalog.users.activation')}</dt>
            <dd data-testid="user-activation">
              <span className={`status ${user.active ? 'status-live' : 'status-waiting'}`}>{user.active ? t('adminCatalog.users.active') : t('adminCatalog.users.inactive')}</span>
              {user.active ? null : <small className="muted admin-help">{t('adminCatalog.users.inactiveHelp')}</small>}
            </dd>
            <dt>{t('adminCatalog.users.registeredAt')}</dt><dd>{formatDate(user.registeredAt, locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' })}</dd>
          </dl>
          {superUser ? (
            <p><LocalLink to={`/admin/user-action?userId=${encodeURIComponent(user.id)}`} data-testid="user-actions-link">{t('adminCatalog.users.actionsOf')}</LocalLink></p>
          ) : null}
        </section>

        <section className="card admin-panel" aria-labelledby="user-vendor-heading">
          <h2 id="user-vendor-heading">{t('adminCatalog.users.vendorTitle')}</h2>
          {user.vendorId ? (
            <p data-testid="user-vendor">
              <LocalLink to={`/admin/vendor/${encodeURIComponent(user.vendorId)}`} dir="auto">{vendor ? tr(vendor.name, locale) : user.vendorId}</LocalLink>
              {vendor?.archived ? <> <span className="status status-archived">{t('adminCatalog.vendors.archived')}</span></> : null}
            </p>
          ) : <p className="muted" data-testid="user-vendor">{t('adminCatalog.users.noVendor')}</p>}
        </section>

        <RolesPanel key={revision ?? 'loaded'} user={user} editable={superUser} self={me?.uuid === user.id} />
      </div>

      <section className="admin-user-orders" aria-labelledby="user-orders-heading" data-testid="user-orders">
        <h2 id="user-orders-heading" className="admin-section-title">{t('adminCatalog.users.ordersTitle', { count: orders.total })}</h2>
        {orders.items.length === 0 ? <p className="empty">{t('adminCatalog.users.noOrders')}</p> : (
          <ul className="admin-list">
            {orders.items.map((order) => (
              <li key={order.orderId} className="card admin-row admin-order-row">
                <div className="admin-row-main">
                  <p className="admin-row-title"><LocalLink to={`/admin/order/${encodeURIComponent(order.orderId)}`} dir="auto">{tr(order.product.name, locale)}</LocalLink></p>
                  <p className="admin-row-meta">
                    <span className={`status status-${order.status}`}>{t(`order.statuses.${order.status}`)}</span>
                    <bdi>{tr(order.vendorName, locale)}</bdi>
                    <span className="muted">{t('adminCatalog.users.placed', { date: formatDate(order.placedAt, locale, { dateStyle: 'medium' }) })}</span>
                  </p>
                </div>
                <div className="admin-row-actions"><span className="price">{formatPrice(order.total, locale)}</span></div>
              </li>
            ))}
          </ul>
        )}
        {orders.total > orders.items.length ? <p className="muted">{t('adminCatalog.users.moreOrders', { count: orders.total - orders.items.length })}</p> : null}
      </section>

      <div className="admin-history">
        <EventHistory key={`${userStream(user.id)}:${revision ?? 'loaded'}`} streamId={userStream(user.id)} />
      </div>
    </AdminLayout>
  );
}

const ROLES = 'roles';

/**
 * The user page's action: sets the privileged roles (the checked `role` boxes) and the groups (super
 * users, and the others one per line); the API refuses anyone but a super user. Back to the page with
 * the new revision, whose loader waits until the views hold it.
 */
export async function adminUserAction(args: ActionFunctionArgs) {
  const { environment, form } = await adminForm(args);
  const userId = args.params.userId ?? '';
  const posted = new Set(form.getAll('role').map(String));
  const others = String(form.get('otherGroups') ?? '').split('\n').map((group) => group.trim()).filter(Boolean);
  const groups = [...new Set([...(form.get('superUsers') ? [SUPER_USERS_GROUP] : []), ...others])];
  try {
    const written = await environment.api.request<WriteResult>('PUT', `admin/users/${encodeURIComponent(userId)}/roles`, {
      body: { roles: PRIVILEGED_ROLES.filter((role) => posted.has(role)), groups }, silent: true,
    });
    environment.api.clearCache();
    return doneRedirect(args.request, `/admin/user/${encodeURIComponent(userId)}?rev=${written.revision}`, 'rolesSaved');
  } catch (error) {
    return refused(error, ROLES);
  }
}

/** Privileged roles and groups: checkboxes for super users (the API refuses anyone else), a read-only list otherwise. */
function RolesPanel(props: { user: AdminUser; editable: boolean; self: boolean }) {
  const { t } = useTranslation();
  const { user } = props;
  const [roles, setRoles] = useState<PrivilegedRole[]>(user.roles);
  const [superUsers, setSuperUsers] = useState(user.groups.includes(SUPER_USERS_GROUP));
  // Other groups are kept as they are, typed one per line.
  const [otherGroups, setOtherGroups] = useState(user.groups.filter((group) => group !== SUPER_USERS_GROUP).join('\n'));
  const busy = useSubmitting(ROLES);
  const failure = useActionFailure(ROLES);
  const done = useDone();

  const toggleRole = (role: PrivilegedRole, on: boolean) => setRoles((current) => (on ? [...current, role] : current.filter((held) => held !== role)));

  if (!props.editable) {
    return (
      <section className="card admin-panel" aria-labelledby="user-roles-heading" data-testid="user-roles">
        <h2 id="user-roles-heading">{t('adminCatalog.users.rolesTitle')}</h2>
        <p className="admin-row-meta">
          {user.roles.length === 0 && user.groups.length === 0 ? <span className="muted">{t('adminCatalog.users.noRoles')}</span> : null}
          {user.roles.map((role) => <span key={role} className="status status-role">{t(`adminCatalog.users.roles.${role}`)}</span>)}
          {user.groups.map((group) => <span key={group} className="status status-role"><bdi>{group === SUPER_USERS_GROUP ? t('adminCatalog.users.superUsers') : group}</bdi></span>)}
        </p>
        <p className="muted">{t('adminCatalog.users.rolesSuperOnly')}</p>
      </section>
    );
  }

  return (
    <section className="card admin-panel" aria-labelledby="user-roles-heading" data-testid="user-roles">
      <h2 id="user-roles-heading">{t('adminCatalog.users.rolesTitle')}</h2>
      <DoneNotice message={done?.what === 'rolesSaved' ? t('adminCatalog.users.rolesSaved') : null} testId="roles-notice" toast />
      <Form method="post" preventScrollReset className="form admin-roles-form" aria-busy={busy}>
        <input type="hidden" name={INTENT_FIELD} value={ROLES} />
        <fieldset className="field">
          <legend>{t('adminCatalog.users.rolesLegend')}</legend>
          <div className="checks admin-checks-column">
            {PRIVILEGED_ROLES.map((role) => (
              <label key={role}>
                <input type="checkbox" name="role" value={role} checked={roles.includes(role)} onChange={(event) => toggleRole(role, event.target.checked)} data-testid={`role-${role}`} />
                <span>{t(`adminCatalog.users.roles.${role}`)}</span>
              </label>
            ))}
          </div>
          <small className="muted">{t('adminCatalog.users.rolesHelp')}</small>
        </fieldset>
        <fieldset className="field">
          <legend>{t('adminCatalog.users.groupsLegend')}</legend>
          <div className="checks">
            <label>
              <input type="checkbox" name="superUsers" value="yes" checked={superUsers} onChange={(event) => setSuperUsers(event.target.checked)} data-testid="group-superUsers" />
              <span>{t('adminCatalog.users.superUsers')}</span>
            </label>
          </div>
          <label className="field">
            <span>{t('adminCatalog.users.otherGroups')}</span>
            <textarea name="otherGroups" rows={2} value={otherGroups} onChange={(event) => setOtherGroups(event.target.value)} dir="ltr" aria-describedby="other-groups-hint" data-testid="other-groups" />
            <small id="other-groups-hint">{t('adminCatalog.users.otherGroupsHint')}</small>
          </label>
        </fieldset>
        {props.self ? <p className="notice">{t('adminCatalog.users.selfRolesNote')}</p> : null}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy} data-testid="roles-save">{busy ? t('adminCatalog.saving') : t('adminCatalog.users.saveRoles')}</button>
        </div>
        <FormError error={revivedError(failure)} />
      </Form>
    </section>
  );
}

export const adminUserRoutes: RouteObject[] = [
  { path: 'admin/user', loader: adminUserListLoader, Component: AdminUserListPage },
  { path: 'admin/user/:userId', loader: adminUserLoader, action: adminUserAction, Component: AdminUserPage },
  ...userActionRoutes,
];
