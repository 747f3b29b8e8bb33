import { data, Form, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireSuperAdmin } from '../../app/guards.ts';
import { refused, revivedError, useActionFailure } from '../../app/form-action.ts';
import { localeOfRequest, notFound, orNotFound, pageNumberOf } from '../../app/loader-kit.ts';
import { formatDate, formatPrice, tr } from '../../app/format.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { useRootData } from '../../app/root-data.ts';
import {
  ADMIN_CONTENT_PAGE_SIZE, adminContentEntity, adminContentList, isContentType, type ContentEntity, type ContentType,
} from '../../api/admin-content.ts';
import type { ApiClient } from '../../api/client.ts';
import type { Text } from '../../api/view-models.ts';
import { ApiError } from '../../api/api-error.ts';
import { AdminEntityForm, ENTITY_SAVE, refusedFields } from '../../components/admin-entity-form.tsx';
import { AdminEmpty, AdminTable } from '../../components/admin-table.tsx';
import { fieldErrorsOf } from '../../components/field-error.tsx';
import { ConfirmPostButton } from '../../components/confirm-button.tsx';
import { EventHistory } from '../../components/event-history.tsx';
import { FormError } from '../../components/form-errors.tsx';
import { FilterField, FilterSelect } from '../../components/filter-fields.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { adminForm, doneRedirect, invalidForm } from './admin-action.ts';
import { DoneNotice, useDone } from './done-notice.tsx';
import { ENTITY_TYPES, entityTitle, fieldsOf, postedValuesOf, problemsOf, valuesOf, type ColumnSpec, type ReferenceKind, type ReferenceOption, type References } from './entity-types.ts';

// admin-entity-entityType (superUsers, SPEC §6 "the Entities group"): the list, create and edit of
// brand, category, tag, article and service contract templates — one generic list and one generic
// form driven by each type's description (entity-types.ts); the phone number dispenses under the same
// address have their own screen (phone-dispenses.tsx). After a write the screen waits until the views
// have it (minRevision), so the list it returns to already shows it.
const listPath = (type: string) => `/admin/entity/${type}`;

/** The reference lists a type's form and list need, in tree order for tags. */
async function referencesOf(api: ApiClient, kinds: ReferenceKind[]): Promise<References> {
  const references: References = {};
  await Promise.all(kinds.map(async (kind) => {
    const page = await adminContentList(api, kind === 'tags' ? 'tag' : 'category', { limit: 999 });
    references[kind] = kind === 'tags' ? tagTree(page.items) : page.items.map((item) => ({ id: item.id, label: textOf(item.fields.name) }));
  }));
  return references;
}

const textOf = (value: unknown): Text => (typeof value === 'object' && value !== null ? (value as Text) : {});

/** Tags depth first (roots, then each one's children by order), each with its level in the tree. */
export function tagTree(tags: ContentEntity[]): ReferenceOption[] {
  const ids = new Set(tags.map((tag) => tag.id));
  const children = new Map<string | null, ContentEntity[]>();
  for (const tag of tags) {
    const parent = typeof tag.fields.parentId === 'string' && ids.has(tag.fields.parentId) ? tag.fields.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), tag]);
  }
  const ordered: ReferenceOption[] = [];
  const visit = (parent: string | null, depth: number) => {
    const siblings = (children.get(parent) ?? []).sort((a, b) => Number(a.fields.order ?? 0) - Number(b.fields.order ?? 0) || a.id.localeCompare(b.id));
    for (const tag of siblings) {
      ordered.push({ id: tag.id, label: textOf(tag.fields.name), level: depth });
      if (depth < 20) visit(tag.id, depth + 1);
    }
  };
  visit(null, 0);
  return ordered;
}

/** The tag and everything under it: none of them can become its parent. */
function selfAndDescendants(tree: ReferenceOption[], tagId: string): Set<string> {
  const start = tree.findIndex((option) => option.id === tagId);
  if (start < 0) return new Set([tagId]);
  const excluded = new Set([tagId]);
  for (let i = start + 1; i < tree.length && (tree[i]!.level ?? 0) > (tree[start]!.level ?? 0); i++) excluded.add(tree[i]!.id);
  return excluded;
}

function contentTypeOf(params: LoaderFunctionArgs['params']): ContentType {
  const type = params.entityType;
  if (!isContentType(type)) return notFound();
  return type;
}

export async function entityListLoader({ context, request, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireSuperAdmin(environment, request);
  const url = new URL(request.url);
  const page = pageNumberOf(url);
  const text = url.searchParams.get('text')?.trim().slice(0, 200) ?? '';
  const type = contentTypeOf(params);
  const parentId = type === 'tag' ? url.searchParams.get('parentId')?.trim().slice(0, 100) ?? '' : '';
  const [list, references] = await Promise.all([
    adminContentList(environment.api, type, { text, parentId, start: (page - 1) * ADMIN_CONTENT_PAGE_SIZE }),
    referencesOf(environment.api, ENTITY_TYPES[type].references),
  ]);
  return { kind: 'content' as const, type, list, references, page, text, parentId };
}

export async function entityNewLoader({ context, request, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireSuperAdmin(environment, request);
  const type = contentTypeOf(params);
  return { kind: 'content' as const, type, entity: null, references: await referencesOf(environment.api, ENTITY_TYPES[type].references) };
}

export async function entityEditLoader({ context, request, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireSuperAdmin(environment, request);
  const type = contentTypeOf(params);
  const [entity, references] = await Promise.all([
    orNotFound(adminContentEntity(environment.api, type, params.entityId ?? '')),
    referencesOf(environment.api, ENTITY_TYPES[type].references),
  ]);
  if (references.tags) {
    const excluded = selfAndDescendants(references.tags, entity.id);
    references.tags = references.tags.filter((option) => !excluded.has(option.id));
  }
  return { kind: 'content' as const, type, entity, references };
}

export function EntityPage() {
  const data = useLoaderData<typeof entityEditLoader | typeof entityNewLoader>();
  return <EntityFormPage {...data} />;
}

export function EntityListPage() {
  const data = useLoaderData<typeof entityListLoader>();
  return <ContentList {...data} />;
}

function ContentList(props: Extract<Awaited<ReturnType<typeof entityListLoader>>, { kind: 'content' }>) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigation = useNavigation();
  const done = useDone();
  const notice = done && ['saved', 'created', 'deleted'].includes(done.what) ? t(`adminContent.form.${done.what}`, { name: done.details.name ?? '' }) : null;
  const { type, list, references, text, parentId } = props;
  const spec = ENTITY_TYPES[type];
  const searching = Boolean(text || parentId);
  return (
    <AdminLayout title={t(`adminContent.types.${type}.plural`)}
      actions={<LocalLink to={`${listPath(type)}/new`} className="button button-primary" data-testid="entity-new">+ {t(`adminContent.types.${type}.new`)}</LocalLink>}>
      <p className="muted">{t(`adminContent.types.${type}.intro`)}</p>
      <DoneNotice message={notice} testId="entity-notice" />
      <Form method="get" className="admin-filters" role="search" aria-label={t('adminContent.list.searchLabel')}>
        <FilterField label={t('adminContent.list.search')}>
          <input name="text" type="search" defaultValue={text} data-testid="entity-search" />
        </FilterField>
        {type === 'tag' ? (
          <FilterSelect label={t('adminContent.fields.parentId')} name="parentId" value={parentId}
            options={[{ value: '', label: t('adminContent.list.anyParent') }, ...(references.tags ?? []).map((option) => ({
              value: option.id, label: `${'— '.repeat(option.level ?? 0)}${tr(option.label, locale) || option.id}`,
            }))]} />
        ) : null}
        <button type="submit" className="button" disabled={navigation.state === 'loading'}>{t('adminContent.list.apply')}</button>
        {searching ? <LocalLink to={listPath(type)} className="link-quiet-dark">{t('adminContent.list.clear')}</LocalLink> : null}
      </Form>
      <p className="muted" role="status" data-testid="entity-count">{t('adminContent.list.count', { count: list.total })}</p>
      <AdminTable rows={list.items} rowKey={(entity) => entity.id} testId="entity-list" paging={{ page: props.page, pageSize: ADMIN_CONTENT_PAGE_SIZE, total: list.total }}
        rowProps={(entity) => ({ 'data-testid': 'entity-row', 'data-entity-id': entity.id })}
        empty={<AdminEmpty filtered={searching} message={t(`adminContent.types.${type}.empty`)} testId="entity-empty" />}
        columns={[
          { id: 'title', header: t(`adminContent.fields.${spec.titleField}`), cell: (entity) => (
            <LocalLink to={`${listPath(type)}/${encodeURIComponent(entity.id)}`} dir="auto" data-testid="entity-edit">{entityTitle(type, entity, locale)}</LocalLink>
          ) },
          ...spec.columns.map((column) => ({
            id: column.field, header: t(`adminContent.fields.${column.field}`), cell: (entity: ContentEntity) => <Cell column={column} entity={entity} references={references} />,
          })),
          { id: 'updated', header: t('adminContent.list.updated'), cell: (entity) => (entity.updatedAt ? formatDate(entity.updatedAt, locale, { dateStyle: 'medium' }) : '') },
          { id: 'actions', header: t('adminContent.list.actions'), hiddenHeader: true, className: 'content-table-actions', cell: (entity) => {
            const publicPath = spec.publicPath?.(entity.fields) ?? null;
            return publicPath ? <LocalLink to={publicPath} className="link-quiet-dark">{t('adminContent.list.viewOnSite')}</LocalLink> : null;
          } },
        ]} />
    </AdminLayout>
  );
}

function Cell(props: { column: ColumnSpec; entity: ContentEntity; references: References }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { now } = useRootData();
  const value = props.entity.fields[props.column.field];
  switch (props.column.kind) {
    case 'alias': return <code dir="ltr">{String(value ?? '')}</code>;
    case 'integer': return <span dir="ltr">{typeof value === 'number' ? value : ''}</span>;
    case 'choice': return <>{typeof value === 'string' ? t(`adminContent.choices.${props.column.field}.${value}`) : ''}</>;
    case 'money': {
      const amountMinor = (value as { amountMinor?: unknown } | undefined)?.amountMinor;
      return <span className="price">{typeof amountMinor === 'number' ? formatPrice({ amountMinor, currency: 'ILS' }, locale) : ''}</span>;
    }
    case 'date': {
      if (typeof value !== 'string') return null;
      const scheduled = Date.parse(value) > now;
      return <>{formatDate(value, locale, { dateStyle: 'medium' })}{scheduled ? <> <span className="status" data-testid="entity-scheduled">{t('adminContent.list.scheduled')}</span></> : null}</>;
    }
    case 'reference': {
      if (typeof value !== 'string' || !value) return <span className="muted">{t(`adminContent.form.none.${props.column.references}`)}</span>;
      const option = props.references[props.column.references!]?.find((candidate) => candidate.id === value);
      return <>{option ? tr(option.label, locale) || value : value}</>;
    }
    default: return <>{tr(value as Text, locale)}</>;
  }
}

const ENTITY_DELETE = 'delete';

/** The content lists do not write (their rows open the form); a post to one is refused. */
export function entityListAction(): never {
  throw data(null, { status: 405, statusText: 'Method Not Allowed' });
}

/** The entity page's action: saves (creates) the entity, or deletes it (`intent`), then back to the list that shows it. */
export async function entityAction(args: ActionFunctionArgs) {
  const { environment, form, intent } = await adminForm(args, requireSuperAdmin);
  const type = contentTypeOf(args.params);
  const entityId = args.params.entityId ?? null;
  const locale = localeOfRequest(args.request);
  const api = environment.api;
  if (intent === ENTITY_DELETE && entityId) {
    try {
      const entity = await adminContentEntity(api, type, entityId);
      const { revision } = await api.delete<{ revision: number }>(`admin/entity/${type}/${encodeURIComponent(entityId)}`, undefined, { silent: true });
      // The read answers 404 once the views have the deletion.
      await adminContentEntity(api, type, entityId, revision).catch(() => undefined);
      api.clearCache();
      return doneRedirect(args.request, listPath(type), 'deleted', { name: entityTitle(type, entity, locale) });
    } catch (error) {
      return refused(error, ENTITY_DELETE);
    }
  }
  const values = postedValuesOf(type, form);
  const found = problemsOf(type, values);
  if (Object.keys(found).length) return invalidForm(ENTITY_SAVE, found, values);
  const fields = fieldsOf(type, values);
  try {
    const written = entityId
      ? await api.request<{ id: string; revision: number }>('PUT', `admin/entity/${type}/${encodeURIComponent(entityId)}`, { body: { fields }, silent: true })
      : await api.post<{ id: string; revision: number }>(`admin/entity/${type}`, { fields }, { silent: true });
    // Back to a list that already shows the write.
    await adminContentEntity(api, type, written.id, written.revision).catch(() => undefined);
    api.clearCache();
    const name = entityTitle(type, { id: written.id, createdAt: null, updatedAt: null, fields }, locale);
    return doneRedirect(args.request, listPath(type), entityId ? 'saved' : 'created', { name });
  } catch (error) {
    const refusedProblems = error instanceof ApiError && error.status === 422 ? refusedFields(ENTITY_TYPES[type].fields, fieldErrorsOf(error, 'fields')) : {};
    if (Object.keys(refusedProblems).length) return invalidForm(ENTITY_SAVE, refusedProblems, values);
    return refused(error, ENTITY_SAVE);
  }
}

function EntityFormPage(props: { type: ContentType; entity: ContentEntity | null; references: References }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { now } = useRootData();
  const { type, entity, references } = props;
  const deleteFailure = useActionFailure(ENTITY_DELETE);

  const title = entity ? `${t(`adminContent.types.${type}.edit`)}: ${entityTitle(type, entity, locale)}` : t(`adminContent.types.${type}.new`);
  const publicPath = entity ? ENTITY_TYPES[type].publicPath?.(entity.fields) ?? null : null;
  return (
    <AdminLayout title={title}
      actions={publicPath ? <LocalLink to={publicPath} className="button" data-testid="entity-view-on-site">{t('adminContent.list.viewOnSite')}</LocalLink> : undefined}>
      <p><LocalLink to={listPath(type)}>{t(`adminContent.types.${type}.back`)}</LocalLink></p>
      <AdminEntityForm key={entity?.id ?? 'new'} type={type} mode={entity ? 'edit' : 'create'} initial={valuesOf(type, entity, new Date(now).toISOString())}
        references={references} cancel={<LocalLink to={listPath(type)} className="button">{t('adminContent.form.cancel')}</LocalLink>} />
      {entity ? (
        <section className="card danger-zone" aria-labelledby="entity-delete-title">
          <h2 id="entity-delete-title">{t(`adminContent.types.${type}.deleteTitle`)}</h2>
          <p className="muted">{t('adminContent.form.deleteHint')}</p>
          <FormError error={revivedError(deleteFailure)} />
          <ConfirmPostButton label={t('adminContent.form.delete')} question={t('adminContent.form.deleteQuestion')} confirmLabel={t('adminContent.form.deleteConfirm')}
            cancelLabel={t('adminContent.form.keep')} busyLabel={t('adminContent.form.deleting')} intent={ENTITY_DELETE} testId="entity-delete" />
        </section>
      ) : null}
      {entity ? <EventHistory streamId={`${type}-${entity.id}`} /> : null}
    </AdminLayout>
  );
}

export const adminEntityRoutes: RouteObject[] = [
  { path: 'admin/entity/:entityType', loader: entityListLoader, action: entityListAction, Component: EntityListPage },
  { path: 'admin/entity/:entityType/new', loader: entityNewLoader, action: entityAction, Component: EntityPage },
  { path: 'admin/entity/:entityType/:entityId', loader: entityEditLoader, action: entityAction, Component: EntityPage },
];
