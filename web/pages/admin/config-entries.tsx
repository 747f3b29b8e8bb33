import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Form, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { configValueProblem, KNOWN_CONFIG_ENTRIES, normalizedConfigValue } from '../../../domain/config-entry/config-value.ts';
import { environmentOf } from '../../app/environment.ts';
import { notFound, orNotFound } from '../../app/loader-kit.ts';
import { formatDate } from '../../app/format.ts';
import { INTENT_FIELD, refused, revivedError, textOf, useActionAnswer, useActionFailure, useSubmitting } from '../../app/form-action.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { ApiError } from '../../api/api-error.ts';
import { adminConfigEntries, adminConfigEntry, CONFIG_VALUE_TYPES, type ConfigEntryRow, type ConfigValueType } from '../../api/admin-content.ts';
import { focusFirstError } from '../../components/admin-entity-form.tsx';
import { ConfirmPostButton } from '../../components/confirm-button.tsx';
import { FieldError, fieldErrorsOf } from '../../components/field-error.tsx';
import { FormError } from '../../components/form-errors.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { requireAdminRight } from './admin-access.tsx';
import { adminForm, doneRedirect, invalidForm } from './admin-action.ts';
import { DoneNotice, useDone } from './done-notice.tsx';
import { AdminEmpty, AdminTable } from '../../components/admin-table.tsx';

// admin-config (SPEC §6 configEntry: update at all): the configuration entries by key, and one
// entry's editor by entryKey (`/admin/config/:entryKey`, `/admin/config/new`). A value is typed —
// text, number, yes/no or JSON — and checked with the same rule the API applies
// (domain/config-entry/config-value.ts); entries the product reads (the support WhatsApp number, the
// site name) keep their type and explain themselves.
const LIST_PATH = '/admin/config';
const KEY = /^[A-Za-z0-9_.-]{1,100}$/;
const PUBLIC_PREFIXES = ['site.', 'support.', 'public.'];
const isPublicKey = (key: string) => PUBLIC_PREFIXES.some((prefix) => key.startsWith(prefix));
/** Translation key part of a config key (i18next nests on dots). */
const knownKeyOf = (key: string) => key.replace(/\./g, '_');

export async function configListLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireAdminRight(environment, request, 'configEntry', 'list');
  return { entries: await adminConfigEntries(environment.api) };
}

export async function configEntryLoader({ context, request, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireAdminRight(environment, request, 'configEntry', 'read');
  const key = params.entryKey ?? '';
  if (!KEY.test(key)) return notFound();
  return { entry: await orNotFound(adminConfigEntry(environment.api, key)) };
}

export async function configNewLoader({ context, request }: LoaderFunctionArgs) {
  await requireAdminRight(environmentOf(context), request, 'configEntry', 'create');
  return { entry: null };
}

/** A value as the list shows it: yes/no in words, long text cut. */
function ValuePreview(props: { entry: ConfigEntryRow }) {
  const { t } = useTranslation();
  const { value, valueType } = props.entry;
  if (valueType === 'boolean') return <>{value === 'true' ? t('adminContent.config.yes') : t('adminContent.config.no')}</>;
  const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
  return <code className="config-value" dir={valueType === 'string' ? 'auto' : 'ltr'}>{shown || t('adminContent.config.emptyValue')}</code>;
}

export function ConfigListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const done = useDone();
  const notice = done && ['saved', 'created', 'deleted'].includes(done.what) ? t(`adminContent.config.${done.what}`, { key: done.details.key ?? '' }) : null;
  const { entries } = useLoaderData<typeof configListLoader>();
  return (
    <AdminLayout title={t('admin.items.config')} actions={<LocalLink to={`${LIST_PATH}/new`} className="button button-primary" data-testid="config-new">+ {t('adminContent.config.new')}</LocalLink>}>
      <p className="muted">{t('adminContent.config.intro')}</p>
      <DoneNotice message={notice} testId="config-notice" />
      <AdminTable rows={entries} rowKey={(entry) => entry.key} rowProps={(entry) => ({ 'data-testid': 'config-row', 'data-key': entry.key })} testId="config-list"
        empty={<AdminEmpty message={t('adminContent.config.empty')} />}
        columns={[
          { id: 'key', header: t('adminContent.config.key'), cell: (entry) => (
            <>
              <LocalLink to={`${LIST_PATH}/${encodeURIComponent(entry.key)}`} dir="ltr" data-testid="config-edit">{entry.key}</LocalLink>
              {isPublicKey(entry.key) ? <> <span className="status">{t('adminContent.config.public')}</span></> : null}
            </>
          ) },
          { id: 'type', header: t('adminContent.config.type'), cell: (entry) => t(`adminContent.config.types.${entry.valueType}`) },
          { id: 'value', header: t('adminContent.config.value'), cell: (entry) => <ValuePreview entry={entry} /> },
          { id: 'updated', header: t('adminContent.list.updated'), cell: (entry) => (entry.updatedAt ? formatDate(entry.updatedAt, locale, { dateStyle: 'medium' }) : '') },
        ]} />
    </AdminLayout>
  );
}

interface EntryValues { key: string; valueType: ConfigValueType; value: string }
type EntryField = 'key' | 'value';
type EntryProblems = Partial<Record<EntryField, true>>;
/** What the entry's form answers when it is refused: the fields in error and what was typed. */
interface EntryAnswer { intent: string; problems?: EntryProblems; values?: EntryValues }

const SAVE = 'save';
const DELETE = 'delete';

function problemsOfEntry(values: EntryValues, creating: boolean): EntryProblems {
  const found: EntryProblems = {};
  if (creating && !KEY.test(values.key)) found.key = true;
  // Read as the API reads it (the WhatsApp number typed as dialled), then checked.
  if (configValueProblem(values.key, values.valueType, normalizedConfigValue(values.key, values.value)) !== null) found.value = true;
  return found;
}

/** The entry's form as posted: a key the product reads keeps its own type (its select is disabled, so not posted). */
function entryValuesOf(form: FormData, key: string): EntryValues {
  const posted = textOf(form, 'valueType') as ConfigValueType;
  const valueType = KNOWN_CONFIG_ENTRIES[key]?.valueType ?? (CONFIG_VALUE_TYPES.includes(posted) ? posted : 'string');
  return { key, valueType, value: String(form.get('value') ?? '') };
}

/** Saves (creates) the entry or deletes it (`intent`), then back to the list that shows it. */
export async function configEntryAction(args: ActionFunctionArgs) {
  const { environment, form, intent } = await adminForm(args);
  const existing = args.params.entryKey ?? null;
  const key = existing ?? textOf(form, 'key');
  const api = environment.api;
  if (intent === DELETE && existing) {
    try {
      const written = await api.delete<{ revision: number }>(`admin/config/${encodeURIComponent(existing)}`, undefined, { silent: true });
      await adminConfigEntry(api, existing, written.revision).catch(() => undefined);
    } catch (error) {
      return refused(error, DELETE);
    }
    api.clearCache();
    return doneRedirect(args.request, LIST_PATH, 'deleted', { key: existing });
  }
  const values = entryValuesOf(form, key);
  const found = problemsOfEntry(values, existing === null);
  if (Object.keys(found).length) return invalidForm(SAVE, found, values);
  try {
    const written = await api.request<{ revision: number }>('PUT', `admin/config/${encodeURIComponent(key)}`, { body: { value: values.value, valueType: values.valueType }, silent: true });
    await adminConfigEntry(api, key, written.revision).catch(() => undefined);
  } catch (error) {
    const refusedFields = error instanceof ApiError && error.status === 422 ? fieldErrorsOf(error) : {};
    const fields: EntryProblems = { ...(refusedFields.key ? { key: true } : {}), ...(refusedFields.value || refusedFields.valueType ? { value: true } : {}) };
    if (Object.keys(fields).length) return invalidForm(SAVE, fields, values);
    return refused(error, SAVE, { ...values });
  }
  api.clearCache();
  return doneRedirect(args.request, LIST_PATH, existing ? 'saved' : 'created', { key });
}

export function ConfigEntryPage() {
  const { t } = useTranslation();
  const id = useId();
  const { entry } = useLoaderData<typeof configEntryLoader | typeof configNewLoader>();
  const answer = useActionAnswer<EntryAnswer>(SAVE);
  const failure = useActionFailure(SAVE);
  const deleteFailure = useActionFailure(DELETE);
  const busy = useSubmitting(SAVE);
  const [values, setValues] = useState<EntryValues>(() => answer?.values ?? { key: entry?.key ?? '', valueType: entry?.valueType ?? 'string', value: entry?.value ?? '' });
  // The page's own check before posting; else what the action answered.
  const [checked, setChecked] = useState<EntryProblems | null>(null);
  const problems: EntryProblems = checked ?? answer?.problems ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => { if (answer?.problems && formRef.current) focusFirstError(formRef.current); }, [answer]);
  const key = values.key.trim();
  const known = KNOWN_CONFIG_ENTRIES[key];
  const knownHint = known ? t(`adminContent.config.known.${knownKeyOf(key)}`, { defaultValue: '' }) : '';
  const set = <K extends keyof EntryValues>(name: K, value: EntryValues[K]) => setValues((current) => {
    const next = { ...current, [name]: value };
    // A key the product reads has its own type; a yes/no starts as "no".
    const fixed = KNOWN_CONFIG_ENTRIES[next.key.trim()];
    if (fixed) next.valueType = fixed.valueType;
    if (name === 'valueType' && value === 'boolean' && next.value !== 'true') next.value = 'false';
    return next;
  });

  /** The message for a value the rule refuses, in the page's language. */
  const valueMessage = (): string => (known && t(`adminContent.config.errors.${knownKeyOf(key)}`, { defaultValue: '' })) || t(`adminContent.config.errors.${values.valueType}`);
  const messageOf = (field: EntryField): string | null => (problems[field] ? (field === 'key' ? t('adminContent.config.errors.key') : valueMessage()) : null);

  /** With scripts the page checks first; the action checks again (without scripts it is the only check). */
  function check(event: FormEvent<HTMLFormElement>) {
    const found = problemsOfEntry({ ...values, key }, !entry);
    setChecked(Object.keys(found).length ? found : null);
    if (Object.keys(found).length) {
      event.preventDefault();
      focusFirstError(event.currentTarget);
    }
  }

  const invalid = (field: EntryField, hint: boolean) => ({
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby': [hint ? `${id}-${field}-hint` : '', problems[field] ? `${id}-${field}-error` : ''].filter(Boolean).join(' ') || undefined,
  });
  const valueHint = knownHint || t(`adminContent.config.typeHints.${values.valueType}`);
  return (
    <AdminLayout title={entry ? t('adminContent.config.editTitle', { key: entry.key }) : t('adminContent.config.new')}>
      <p><LocalLink to={LIST_PATH}>{t('adminContent.config.back')}</LocalLink></p>
      <Form method="post" ref={formRef} className="form admin-settings-form" onSubmit={check} noValidate data-testid="config-form">
        <input type="hidden" name={INTENT_FIELD} value={SAVE} />
        {Object.keys(problems).length ? <p className="form-error" role="alert">{t('adminContent.form.fixErrors')}</p> : null}
        <FormError error={revivedError(failure)} />
        <div className="field">
          <label htmlFor={`${id}-key`}>{t('adminContent.config.key')}</label>
          <small id={`${id}-key-hint`}>{t('adminContent.config.keyHint')}</small>
          <input id={`${id}-key`} name="key" dir="ltr" value={values.key} readOnly={Boolean(entry)} onChange={(event) => set('key', event.target.value)} autoComplete="off" spellCheck={false}
            aria-required="true" {...invalid('key', true)} data-testid="config-key" />
          <FieldError id={`${id}-key-error`} message={messageOf('key')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>{t('adminContent.config.type')}</label>
          <select id={`${id}-type`} name="valueType" value={values.valueType} disabled={Boolean(known)} onChange={(event) => set('valueType', event.target.value as ConfigValueType)} data-testid="config-type">
            {CONFIG_VALUE_TYPES.map((type) => <option key={type} value={type}>{t(`adminContent.config.types.${type}`)}</option>)}
          </select>
          {known ? <small>{t('adminContent.config.fixedType')}</small> : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-value`}>{t('adminContent.config.value')}</label>
          <small id={`${id}-value-hint`}>{valueHint}</small>
          {values.valueType === 'boolean' ? (
            <select id={`${id}-value`} name="value" value={values.value === 'true' ? 'true' : 'false'} onChange={(event) => set('value', event.target.value)} {...invalid('value', true)} data-testid="config-value">
              <option value="true">{t('adminContent.config.yes')}</option>
              <option value="false">{t('adminContent.config.no')}</option>
            </select>
          ) : values.valueType === 'json' || (values.valueType === 'string' && !known) ? (
            <textarea id={`${id}-value`} name="value" rows={values.valueType === 'json' ? 10 : 3} dir={values.valueType === 'json' ? 'ltr' : 'auto'} value={values.value}
              className={values.valueType === 'json' ? 'code-input' : undefined} spellCheck={values.valueType !== 'json'}
              onChange={(event) => set('value', event.target.value)} {...invalid('value', true)} data-testid="config-value" />
          ) : (
            <input id={`${id}-value`} name="value" dir={values.valueType === 'number' || known ? 'ltr' : 'auto'} inputMode={values.valueType === 'number' ? 'decimal' : undefined} value={values.value}
              onChange={(event) => set('value', event.target.value)} {...invalid('value', true)} data-testid="config-value" />
          )}
          <FieldError id={`${id}-value-error`} message={messageOf('value')} />
        </div>
        {isPublicKey(key) ? <p className="notice">{t('adminContent.config.publicNotice')}</p> : null}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="config-save">
            {entry ? (busy ? t('adminContent.form.saving') : t('adminContent.form.save')) : (busy ? t('adminContent.form.creating') : t('adminContent.form.create'))}
          </button>
          <LocalLink to={LIST_PATH} className="button">{t('adminContent.form.cancel')}</LocalLink>
        </div>
      </Form>
      {entry ? (
        <section className="card danger-zone" aria-labelledby={`${id}-delete-title`}>
          <h2 id={`${id}-delete-title`}>{t('adminContent.config.deleteTitle')}</h2>
          <p className="muted">{known ? t('adminContent.config.deleteKnownHint') : t('adminContent.form.deleteHint')}</p>
          <FormError error={revivedError(deleteFailure)} />
          <ConfirmPostButton label={t('adminContent.form.delete')} question={t('adminContent.config.deleteQuestion', { key: entry.key })} confirmLabel={t('adminContent.form.deleteConfirm')}
            cancelLabel={t('adminContent.form.keep')} busyLabel={t('adminContent.form.deleting')} testId="config-delete" intent={DELETE} />
        </section>
      ) : null}
    </AdminLayout>
  );
}

export const configRoutes: RouteObject[] = [
  { path: 'admin/config', loader: configListLoader, Component: ConfigListPage },
  { path: 'admin/config/new', loader: configNewLoader, action: configEntryAction, Component: ConfigEntryPage },
  { path: 'admin/config/:entryKey', loader: configEntryLoader, action: configEntryAction, Component: ConfigEntryPage },
];
