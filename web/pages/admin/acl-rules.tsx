import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Form, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { orNotFound } from '../../app/loader-kit.ts';
import { INTENT_FIELD, refused, revivedError, textOf, useActionAnswer, useActionFailure, useSubmitting } from '../../app/form-action.ts';
import { LocalLink } from '../../app/links.tsx';
import { ApiError } from '../../api/api-error.ts';
import { ACL_ACTIONS, ACL_LEVELS, ACL_ROLES, adminAclRule, adminAclRules, type AclAction, type AclLevel, type AclRole, type AclRuleRow } from '../../api/admin-content.ts';
import { focusFirstError } from '../../components/admin-entity-form.tsx';
import { ConfirmPostButton } from '../../components/confirm-button.tsx';
import { FieldError, fieldErrorsOf } from '../../components/field-error.tsx';
import { FormError } from '../../components/form-errors.tsx';
import { FilterField } from '../../components/filter-fields.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { requireAdminRight } from './admin-access.tsx';
import { ADMIN_NAV } from './admin-nav.ts';
import { adminForm, doneRedirect, invalidForm } from './admin-action.ts';
import { DoneNotice, useDone } from './done-notice.tsx';
import { useScriptsRun } from './scripts-run.ts';
import { AdminEmpty, AdminTable } from '../../components/admin-table.tsx';

// admin-acl (SPEC §6 feACL: update at all): the access rules — asset, action, level, who they grant
// (a role or a group) and whether they are public (served to every browser by /api/acl/public to shape
// menus) — listed by asset, created, edited and deleted (after asking).
const LIST_PATH = '/admin/acl';

/** Assets the product names (the admin nav's rules and the SPEC §6 entities), offered while typing. */
const KNOWN_ASSETS = [...new Set([...ADMIN_NAV.flatMap((group) => group.items.flatMap((item) => (item.rule ? [item.rule.asset] : []))), 'brand', 'chatMessage', 'media'])].sort();

export async function aclListLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireAdminRight(environment, request, 'feACL', 'list');
  const asset = new URL(request.url).searchParams.get('asset')?.trim().slice(0, 100) ?? '';
  return { rules: (await adminAclRules(environment.api, asset)).items, asset };
}

export async function aclNewLoader({ context, request }: LoaderFunctionArgs) {
  await requireAdminRight(environmentOf(context), request, 'feACL', 'create');
  return { rule: null };
}

export async function aclEditLoader({ context, request, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireAdminRight(environment, request, 'feACL', 'read');
  return { rule: await orNotFound(adminAclRule(environment.api, params.ruleId ?? '')) };
}

/** Who a rule grants, in words: a role, or the members of a group. */
function Grantee(props: { rule: Pick<AclRuleRow, 'role' | 'group'> }) {
  const { t } = useTranslation();
  if (props.rule.role) return <>{t(`adminContent.acl.roles.${props.rule.role}`)}</>;
  if (props.rule.group) return <>{t('adminContent.acl.groupNamed', { group: props.rule.group })}</>;
  return <span className="muted">{t('adminContent.acl.nobody')}</span>;
}

const SAVE = 'save';
const DELETE = 'delete';

/** The list's action: deletes the rule named by `ruleId`, then shows the list without it. */
export async function aclListAction(args: ActionFunctionArgs) {
  const { environment, form } = await adminForm(args);
  const ruleId = textOf(form, 'ruleId');
  const api = environment.api;
  try {
    const { revision } = await api.delete<{ revision: number }>(`admin/acl/${encodeURIComponent(ruleId)}`, undefined, { silent: true });
    // Answers 404 once the views have the deletion.
    await adminAclRule(api, ruleId, revision).catch(() => undefined);
  } catch (error) {
    return refused(error, DELETE);
  }
  api.clearCache();
  const search = new URL(args.request.url).search;
  return doneRedirect(args.request, `${LIST_PATH}${search}`, 'deleted', { asset: textOf(form, 'asset'), action: textOf(form, 'action') });
}

/** The notice of a rule's write, from the `done` of the address. */
function useAclNotice(): string | null {
  const { t } = useTranslation();
  const done = useDone();
  if (!done || !['saved', 'created', 'deleted'].includes(done.what)) return null;
  const action = (ACL_ACTIONS as readonly string[]).includes(done.details.action ?? '') ? t(`adminContent.acl.actions.${done.details.action}`) : '';
  return t(`adminContent.acl.${done.what}`, { asset: done.details.asset ?? '', action });
}

export function AclListPage() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const notice = useAclNotice();
  const { rules, asset } = useLoaderData<typeof aclListLoader>();
  const failure = useActionFailure(DELETE);

  return (
    <AdminLayout title={t('admin.items.acl')} actions={<LocalLink to={`${LIST_PATH}/new`} className="button button-primary" data-testid="acl-new">+ {t('adminContent.acl.new')}</LocalLink>}>
      <p className="muted">{t('adminContent.acl.intro')}</p>
      <DoneNotice message={notice} testId="acl-notice" />
      <FormError error={revivedError(failure)} />
      <Form method="get" className="admin-filters" role="search" aria-label={t('adminContent.list.searchLabel')}>
        <FilterField label={t('adminContent.acl.asset')}>
          <input name="asset" type="search" defaultValue={asset} dir="ltr" data-testid="acl-filter" />
        </FilterField>
        <button type="submit" className="button" disabled={navigation.state === 'loading'} data-testid="acl-filter-apply">{t('adminContent.list.apply')}</button>
        {asset ? <LocalLink to={LIST_PATH} className="link-quiet-dark">{t('adminContent.list.clear')}</LocalLink> : null}
      </Form>
      <p className="muted" role="status">{t('adminContent.acl.count', { count: rules.length })}</p>
      <AdminTable rows={rules} rowKey={(rule) => rule.ruleId} rowProps={(rule) => ({ 'data-testid': 'acl-row', 'data-rule-id': rule.ruleId })} testId="acl-list"
        empty={<AdminEmpty filtered={Boolean(asset)} message={t('adminContent.acl.empty')} testId="acl-empty" />}
        columns={[
          { id: 'asset', header: t('adminContent.acl.asset'), cell: (rule) => <code dir="ltr">{rule.asset}</code> },
          { id: 'action', header: t('adminContent.acl.action'), cell: (rule) => t(`adminContent.acl.actions.${rule.action}`) },
          { id: 'level', header: t('adminContent.acl.level'), cell: (rule) => t(`adminContent.acl.levels.${rule.level}`) },
          { id: 'grantee', header: t('adminContent.acl.grantee'), cell: (rule) => <Grantee rule={rule} /> },
          { id: 'public', header: t('adminContent.acl.public'), cell: (rule) => (rule.public ? <span className="status">{t('adminContent.acl.isPublic')}</span> : t('adminContent.acl.notPublic')) },
          { id: 'actions', header: t('adminContent.list.actions'), hiddenHeader: true, className: 'content-table-actions', cell: (rule) => (
            <>
              <LocalLink to={`${LIST_PATH}/${encodeURIComponent(rule.ruleId)}`} className="button button-compact" data-testid="acl-edit"
                aria-label={t('adminContent.acl.editNamed', { asset: rule.asset, action: t(`adminContent.acl.actions.${rule.action}`) })}>{t('adminContent.form.edit')}</LocalLink>
              <ConfirmPostButton label={t('adminContent.form.delete')} ariaLabel={t('adminContent.acl.deleteNamed', { asset: rule.asset, action: t(`adminContent.acl.actions.${rule.action}`) })}
                question={t('adminContent.acl.deleteQuestion')} confirmLabel={t('adminContent.form.deleteConfirm')} cancelLabel={t('adminContent.form.keep')}
                busyLabel={t('adminContent.form.deleting')} testId="acl-delete"
                intent={`${DELETE}:${rule.ruleId}`} fields={{ ruleId: rule.ruleId, asset: rule.asset, action: rule.action }} />
            </>
          ) },
        ]} />
    </AdminLayout>
  );
}

interface RuleValues { asset: string; action: AclAction; level: AclLevel; grantee: 'role' | 'group'; role: AclRole; group: string; public: boolean }

const valuesOfRule = (rule: AclRuleRow | null): RuleValues => ({
  asset: rule?.asset ?? '', action: rule?.action ?? 'read', level: rule?.level ?? 'all', grantee: rule?.group && !rule.role ? 'group' : 'role',
  role: rule?.role ?? 'admin', group: rule?.group ?? '', public: rule?.public ?? false,
});

type RuleField = 'asset' | 'group';
const ASSET = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;

function problemsOfRule(values: RuleValues): Partial<Record<RuleField, string>> {
  const problems: Partial<Record<RuleField, string>> = {};
  if (!values.asset.trim()) problems.asset = 'required';
  else if (!ASSET.test(values.asset.trim())) problems.asset = 'asset';
  if (values.grantee === 'group' && !values.group.trim()) problems.group = 'required';
  else if (values.group.length > 100) problems.group = 'tooLong';
  return problems;
}

/** The rule's form as posted. */
function ruleValuesOf(form: FormData): RuleValues {
  const pick = <T extends string>(choices: readonly T[], value: string, fallback: T): T => (choices.includes(value as T) ? value as T : fallback);
  return {
    asset: String(form.get('asset') ?? ''), action: pick(ACL_ACTIONS, textOf(form, 'action'), 'read'), level: pick(ACL_LEVELS, textOf(form, 'level'), 'all'),
    grantee: textOf(form, 'grantee') === 'group' ? 'group' : 'role', role: pick(ACL_ROLES, textOf(form, 'role'), 'admin'),
    group: String(form.get('group') ?? ''), public: form.get('public') === 'true',
  };
}

type RuleProblems = Partial<Record<RuleField, string>>;
/** What the rule's form answers when it is refused: the fields in error (message keys) and what was typed. */
interface RuleAnswer { intent: string; problems?: RuleProblems; values?: RuleValues }

/** Creates the rule or saves it, then back to the list that shows it. */
export async function aclRuleAction(args: ActionFunctionArgs) {
  const { environment, form } = await adminForm(args);
  const ruleId = args.params.ruleId ?? null;
  const values = ruleValuesOf(form);
  const found = problemsOfRule(values);
  if (Object.keys(found).length) return invalidForm(SAVE, found, values);
  const body = {
    rule: {
      asset: values.asset.trim(), action: values.action, level: values.level, public: values.public,
      ...(values.grantee === 'role' ? { role: values.role } : { group: values.group.trim() }),
    },
  };
  const api = environment.api;
  try {
    const written = ruleId
      ? await api.request<{ id: string; revision: number }>('PUT', `admin/acl/${encodeURIComponent(ruleId)}`, { body, silent: true })
      : await api.post<{ id: string; revision: number }>('admin/acl', body, { silent: true });
    await adminAclRule(api, written.id, written.revision).catch(() => undefined);
  } catch (error) {
    const refusedFields = error instanceof ApiError && error.status === 422 ? fieldErrorsOf(error, 'rule') : {};
    const fields: RuleProblems = { ...(refusedFields.asset ? { asset: 'asset' } : {}), ...(refusedFields.group ? { group: 'tooLong' } : {}) };
    if (Object.keys(fields).length) return invalidForm(SAVE, fields, values);
    return refused(error, SAVE);
  }
  api.clearCache();
  return doneRedirect(args.request, LIST_PATH, ruleId ? 'saved' : 'created', { asset: body.rule.asset, action: values.action });
}

export function AclRulePage() {
  const { t } = useTranslation();
  const id = useId();
  const scripted = useScriptsRun();
  const { rule } = useLoaderData<typeof aclEditLoader | typeof aclNewLoader>();
  const answer = useActionAnswer<RuleAnswer>(SAVE);
  const failure = useActionFailure(SAVE);
  const busy = useSubmitting(SAVE);
  const [values, setValues] = useState<RuleValues>(() => answer?.values ?? valuesOfRule(rule));
  // The page's own check before posting; else what the action answered.
  const [checked, setChecked] = useState<RuleProblems | null>(null);
  const problems: RuleProblems = checked ?? answer?.problems ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => { if (answer?.problems && formRef.current) focusFirstError(formRef.current); }, [answer]);
  const set = <K extends keyof RuleValues>(key: K, value: RuleValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const message = (field: RuleField) => (problems[field] ? t(`adminContent.form.errors.${problems[field]}`, { max: 100 }) : null);

  /** With scripts the page checks first; the action checks again (without scripts it is the only check). */
  function check(event: FormEvent<HTMLFormElement>) {
    const found = problemsOfRule(values);
    setChecked(Object.keys(found).length ? found : null);
    if (Object.keys(found).length) {
      event.preventDefault();
      focusFirstError(event.currentTarget);
    }
  }

  const invalid = (field: RuleField) => ({ 'aria-invalid': problems[field] ? true : undefined, 'aria-describedby': [`${id}-${field}-hint`, problems[field] ? `${id}-${field}-error` : ''].filter(Boolean).join(' ') });
  return (
    <AdminLayout title={rule ? t('adminContent.acl.editTitle') : t('adminContent.acl.new')}>
      <p><LocalLink to={LIST_PATH}>{t('adminContent.acl.back')}</LocalLink></p>
      <Form method="post" ref={formRef} className="form admin-settings-form" onSubmit={check} noValidate data-testid="acl-form">
        <input type="hidden" name={INTENT_FIELD} value={SAVE} />
        {Object.keys(problems).length ? <p className="form-error" role="alert">{t('adminContent.form.fixErrors')}</p> : null}
        <FormError error={revivedError(failure)} />
        <div className="field">
          <label htmlFor={`${id}-asset`}>{t('adminContent.acl.asset')}</label>
          <small id={`${id}-asset-hint`}>{t('adminContent.acl.assetHint')}</small>
          <input id={`${id}-asset`} name="asset" dir="ltr" list={`${id}-assets`} value={values.asset} onChange={(event) => set('asset', event.target.value)} autoComplete="off"
            aria-required="true" {...invalid('asset')} data-testid="acl-asset" />
          <datalist id={`${id}-assets`}>{KNOWN_ASSETS.map((asset) => <option key={asset} value={asset} />)}</datalist>
          <FieldError id={`${id}-asset-error`} message={message('asset')} />
        </div>
        <div className="settings-pair">
          <div className="field">
            <label htmlFor={`${id}-action`}>{t('adminContent.acl.action')}</label>
            <select id={`${id}-action`} name="action" value={values.action} onChange={(event) => set('action', event.target.value as AclAction)} data-testid="acl-action">
              {ACL_ACTIONS.map((action) => <option key={action} value={action}>{t(`adminContent.acl.actions.${action}`)}</option>)}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-level`}>{t('adminContent.acl.level')}</label>
            <select id={`${id}-level`} name="level" value={values.level} onChange={(event) => set('level', event.target.value as AclLevel)} aria-describedby={`${id}-level-hint`} data-testid="acl-level">
              {ACL_LEVELS.map((level) => <option key={level} value={level}>{t(`adminContent.acl.levels.${level}`)}</option>)}
            </select>
            <small id={`${id}-level-hint`}>{t('adminContent.acl.levelHint')}</small>
          </div>
        </div>
        <fieldset className="field">
          <legend>{t('adminContent.acl.grantee')}</legend>
          <div className="checks">
            <label><input type="radio" name="grantee" value="role" checked={values.grantee === 'role'} onChange={() => set('grantee', 'role')} data-testid="acl-grantee-role" /> {t('adminContent.acl.byRole')}</label>
            <label><input type="radio" name="grantee" value="group" checked={values.grantee === 'group'} onChange={() => set('grantee', 'group')} data-testid="acl-grantee-group" /> {t('adminContent.acl.byGroup')}</label>
          </div>
          {/* Without scripts the choice cannot show one field or the other: both are there and the choice above decides. */}
          {values.grantee === 'role' || !scripted ? (
            <div className="field">
              <label htmlFor={`${id}-role`}>{t('adminContent.acl.role')}</label>
              <select id={`${id}-role`} name="role" value={values.role} onChange={(event) => set('role', event.target.value as AclRole)} data-testid="acl-role">
                {ACL_ROLES.map((role) => <option key={role} value={role}>{t(`adminContent.acl.roles.${role}`)}</option>)}
              </select>
            </div>
          ) : null}
          {values.grantee === 'group' || !scripted ? (
            <div className="field">
              <label htmlFor={`${id}-group`}>{t('adminContent.acl.group')}</label>
              <small id={`${id}-group-hint`}>{t('adminContent.acl.groupHint')}</small>
              <input id={`${id}-group`} name="group" dir="ltr" list={`${id}-groups`} value={values.group} onChange={(event) => set('group', event.target.value)} aria-required="true" {...invalid('group')}
                data-testid="acl-group" />
              <datalist id={`${id}-groups`}><option value="superUsers" /></datalist>
              <FieldError id={`${id}-group-error`} message={message('group')} />
            </div>
          ) : null}
        </fieldset>
        <label className="check-field">
          <input type="checkbox" name="public" value="true" checked={values.public} onChange={(event) => set('public', event.target.checked)} aria-describedby={`${id}-public-hint`} data-testid="acl-public" />
          <span>{t('adminContent.acl.makePublic')}</span>
        </label>
        <small className="muted" id={`${id}-public-hint`}>{t('adminContent.acl.publicHint')}</small>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="acl-save">
            {rule ? (busy ? t('adminContent.form.saving') : t('adminContent.form.save')) : (busy ? t('adminContent.form.creating') : t('adminContent.form.create'))}
          </button>
          <LocalLink to={LIST_PATH} className="button">{t('adminContent.form.cancel')}</LocalLink>
        </div>
      </Form>
    </AdminLayout>
  );
}

export const aclRoutes: RouteObject[] = [
  { path: 'admin/acl', loader: aclListLoader, action: aclListAction, Component: AclListPage },
  { path: 'admin/acl/new', loader: aclNewLoader, action: aclRuleAction, Component: AclRulePage },
  { path: 'admin/acl/:ruleId', loader: aclEditLoader, action: aclRuleAction, Component: AclRulePage },
];
