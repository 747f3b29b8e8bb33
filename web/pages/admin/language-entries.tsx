import { useEffect, useId, useState, type FormEvent } from 'react';
import { Form, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { localeOfRequest } from '../../app/loader-kit.ts';
import { tr } from '../../app/format.ts';
import { INTENT_FIELD, refused, revivedError, textOf, useActionAnswer, useActionFailure, useSubmitting } from '../../app/form-action.ts';
import { actionByIntent } from '../../app/intent-action.ts';
import { useLocale } from '../../app/links.tsx';
import { ApiError } from '../../api/api-error.ts';
import { adminLanguage, adminLanguages, type LanguageRow } from '../../api/admin-content.ts';
import type { ApiClient } from '../../api/client.ts';
import type { Text } from '../../api/view-models.ts';
import { focusFirstError } from '../../components/admin-entity-form.tsx';
import { ConfirmPostButton } from '../../components/confirm-button.tsx';
import { FieldError, fieldErrorsOf } from '../../components/field-error.tsx';
import { FormError } from '../../components/form-errors.tsx';
import { TranslatableField } from '../../components/translatable-field.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { requireAdminRight } from './admin-access.tsx';
import { adminForm, doneRedirect, invalidForm } from './admin-action.ts';
import { DoneNotice, useDone } from './done-notice.tsx';
import { useScriptsRun } from './scripts-run.ts';

// admin-language (SPEC §6 languageEntry: update at all): the languages an artist can list (SPEC §3
// languages), each with its code, its name in Hebrew and English and whether artists may choose it.
// Each entry is edited in place; a new one is added with its code. Disabling keeps the entry (artists
// who list it keep it); deleting removes it after asking. Every form posts to the page's action
// (`add`, `save:<code>`, `delete:<code>`), also without JavaScript.
const PATH = '/admin/language';
const CODE = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;
const NAME_MAX = 100;
const ADD = 'add';
const SAVE = 'save';
const DELETE = 'delete';
const NEW_NAME = 'language-name';
const nameFieldOf = (code: string) => `language-${code}`;

export async function languagesLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireAdminRight(environment, request, 'languageEntry', 'list');
  return { languages: await adminLanguages(environment.api) };
}

/** Writes an entry and waits until the views have it. */
async function saveLanguage(api: ApiClient, code: string, name: Text, enabled: boolean): Promise<void> {
  const written = await api.request<{ revision: number }>('PUT', `admin/languages/${encodeURIComponent(code)}`, { body: { name, enabled }, silent: true });
  if (written.revision >= 0) await adminLanguage(api, code, written.revision).catch(() => undefined);
  api.clearCache();
}

const trimmed = (text: Text): Text => ({ ...(text.he?.trim() ? { he: text.he.trim() } : {}), ...(text.en?.trim() ? { en: text.en.trim() } : {}) });

type NameProblem = 'required' | 'tooLong';
type CodeProblem = 'invalid' | 'taken';
interface LanguageProblems { code?: CodeProblem; name?: NameProblem }
interface LanguageValues { code: string; name: Text; enabled: boolean }
/** A refused language form's answer: the problems (the page words them) and what was typed. */
interface LanguageAnswer { intent: string; problems?: LanguageProblems; values?: LanguageValues }

const nameProblem = (name: Text): NameProblem | null =>
  !name.he?.trim() && !name.en?.trim() ? 'required' : (name.he?.trim().length ?? 0) > NAME_MAX || (name.en?.trim().length ?? 0) > NAME_MAX ? 'tooLong' : null;

function problemsOf(values: LanguageValues, existing: string[] | null): LanguageProblems {
  const found: LanguageProblems = {};
  if (existing) {
    if (!CODE.test(values.code)) found.code = 'invalid';
    else if (existing.includes(values.code)) found.code = 'taken';
  }
  const problem = nameProblem(values.name);
  if (problem) found.name = problem;
  return found;
}

const postedName = (form: FormData, field: string): Text => ({ he: String(form.get(`${field}.he`) ?? ''), en: String(form.get(`${field}.en`) ?? '') });

/** Adds or saves an entry: checks it as the page does, writes, and back to the list saying what was done. */
async function writeLanguage(args: ActionFunctionArgs, adding: boolean) {
  const { environment, form, intent } = await adminForm(args);
  const code = adding ? textOf(form, 'code') : intent.slice(SAVE.length + 1);
  const values: LanguageValues = { code, name: postedName(form, adding ? NEW_NAME : nameFieldOf(code)), enabled: form.get('enabled') !== null };
  const existing = adding ? (await adminLanguages(environment.api)).map((language) => language.code) : null;
  const found = problemsOf(values, existing);
  if (Object.keys(found).length) return invalidForm(intent, found, values);
  try {
    await saveLanguage(environment.api, code, trimmed(values.name), values.enabled);
  } catch (error) {
    const fields = error instanceof ApiError && error.status === 422 ? fieldErrorsOf(error) : {};
    const refusedProblems: LanguageProblems = { ...(fields.code ? { code: 'invalid' as const } : {}), ...(fields.name || fields['name.he'] || fields['name.en'] ? { name: 'tooLong' as const } : {}) };
    if (Object.keys(refusedProblems).length) return invalidForm(intent, refusedProblems, values);
    return refused(error, intent);
  }
  return doneRedirect(args.request, PATH, adding ? 'added' : 'saved', { name: tr(trimmed(values.name), localeOfRequest(args.request)) || code });
}

/** Deletes an entry (`delete:<code>`), once the views no longer hold it back to the list. */
async function deleteLanguage(args: ActionFunctionArgs) {
  const { environment, form, intent } = await adminForm(args);
  const code = intent.slice(DELETE.length + 1);
  const api = environment.api;
  try {
    const written = await api.delete<{ revision: number }>(`admin/languages/${encodeURIComponent(code)}`, undefined, { silent: true });
    await adminLanguage(api, code, written.revision).catch(() => undefined);
    api.clearCache();
  } catch (error) {
    return refused(error, intent);
  }
  return doneRedirect(args.request, PATH, 'deleted', { name: textOf(form, 'label') || code });
}

export const languagesAction = actionByIntent({ [ADD]: (args) => writeLanguage(args, true), [SAVE]: (args) => writeLanguage(args, false), [DELETE]: deleteLanguage });

/** A form's problems: the page's own check once it ran, else what the action answered; the answer's values to start from. */
function useLanguageForm(intent: string) {
  const answer = useActionAnswer<LanguageAnswer>(intent);
  const [checked, setChecked] = useState<LanguageProblems | null>(null);
  useEffect(() => { setChecked(null); }, [answer]);
  return { answer, problems: checked ?? answer?.problems ?? {}, setChecked };
}

export function LanguagesPage() {
  const { t } = useTranslation();
  const { languages } = useLoaderData<typeof languagesLoader>();
  const done = useDone();
  const notice = done && ['added', 'saved', 'deleted'].includes(done.what) ? t(`adminContent.languages.${done.what}`, { name: done.details.name ?? '' }) : null;
  return (
    <AdminLayout title={t('admin.items.language')}>
      <p className="muted">{t('adminContent.languages.intro')}</p>
      <DoneNotice message={notice} testId="language-notice" />
      <NewLanguage existing={languages.map((language) => language.code)} />
      <h2>{t('adminContent.languages.listTitle', { count: languages.length })}</h2>
      {languages.length === 0 ? <p className="empty">{t('adminContent.languages.empty')}</p> : (
        <ul className="language-list" data-testid="language-list">
          {languages.map((language) => <LanguageItem key={`${language.code}-${language.updatedAt}`} language={language} />)}
        </ul>
      )}
    </AdminLayout>
  );
}

function NewLanguage(props: { existing: string[] }) {
  const { t } = useTranslation();
  const id = useId();
  const { answer, problems, setChecked } = useLanguageForm(ADD);
  const failure = useActionFailure(ADD);
  const busy = useSubmitting(ADD);
  const [code, setCode] = useState(answer?.values?.code ?? '');
  const [name, setName] = useState<Text>(answer?.values?.name ?? {});
  const [enabled, setEnabled] = useState(answer?.values?.enabled ?? true);
  useEffect(() => {
    if (!answer?.values) return;
    setCode(answer.values.code);
    setName(answer.values.name);
    setEnabled(answer.values.enabled);
  }, [answer]);
  const codeMessage = problems.code ? t(problems.code === 'taken' ? 'adminContent.languages.codeTaken' : 'adminContent.languages.codeInvalid') : null;
  const nameMessage = problems.name ? t(`adminContent.form.errors.${problems.name}`, { max: NAME_MAX }) : null;

  /** With scripts the page checks first; the action checks again. */
  function check(event: FormEvent<HTMLFormElement>) {
    const found = problemsOf({ code: code.trim(), name, enabled }, props.existing);
    setChecked(found);
    if (Object.keys(found).length) {
      event.preventDefault();
      focusFirstError(event.currentTarget);
    }
  }

  return (
    <Form method="post" preventScrollReset className="card form language-new" onSubmit={check} noValidate aria-labelledby={`${id}-title`} data-testid="language-new">
      <input type="hidden" name={INTENT_FIELD} value={ADD} />
      <h2 id={`${id}-title`}>{t('adminContent.languages.addTitle')}</h2>
      <FormError error={revivedError(failure)} />
      <div className="field language-code">
        <label htmlFor={`${id}-code`}>{t('adminContent.languages.code')}</label>
        <small id={`${id}-code-hint`}>{t('adminContent.languages.codeHint')}</small>
        <input id={`${id}-code`} name="code" dir="ltr" value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" spellCheck={false} aria-required="true"
          aria-invalid={codeMessage ? true : undefined} aria-describedby={[`${id}-code-hint`, codeMessage ? `${id}-code-error` : ''].filter(Boolean).join(' ')} data-testid="language-code" />
        <FieldError id={`${id}-code-error`} message={codeMessage} />
      </div>
      <TranslatableField name={NEW_NAME} label={t('adminContent.languages.name')} value={name} onChange={setName} required maxLength={NAME_MAX} error={nameMessage} />
      <label className="check-field">
        <input type="checkbox" name="enabled" value="yes" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} /> <span>{t('adminContent.languages.enabled')}</span>
      </label>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="language-add">
          {busy ? t('adminContent.form.creating') : t('adminContent.languages.add')}
        </button>
      </div>
    </Form>
  );
}

function LanguageItem(props: { language: LanguageRow }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { language } = props;
  const saveIntent = `${SAVE}:${language.code}`;
  const deleteIntent = `${DELETE}:${language.code}`;
  const { answer, problems, setChecked } = useLanguageForm(saveIntent);
  const saveFailure = useActionFailure(saveIntent);
  const deleteFailure = useActionFailure(deleteIntent);
  const busy = useSubmitting(saveIntent);
  const [name, setName] = useState<Text>(answer?.values?.name ?? language.name);
  const [enabled, setEnabled] = useState(answer?.values?.enabled ?? language.enabled);
  const changed = JSON.stringify(trimmed(name)) !== JSON.stringify(trimmed(language.name)) || enabled !== language.enabled;
  const label = tr(language.name, locale) || language.code;
  const nameMessage = problems.name ? t(`adminContent.form.errors.${problems.name}`, { max: NAME_MAX }) : null;
  const scriptsRun = useScriptsRun();

  /** With scripts the page checks first; the action checks again. */
  function check(event: FormEvent<HTMLFormElement>) {
    const found = problemsOf({ code: language.code, name, enabled }, null);
    setChecked(found);
    if (Object.keys(found).length) {
      event.preventDefault();
      focusFirstError(event.currentTarget);
    }
  }

  return (
    <li className="card language-item" data-testid="language-item" data-code={language.code}>
      <Form method="post" preventScrollReset onSubmit={check} noValidate className="language-form" aria-label={t('adminContent.languages.editNamed', { name: label })}>
        <input type="hidden" name={INTENT_FIELD} value={saveIntent} />
        <p className="language-head">
          <code dir="ltr">{language.code}</code>
          <span className={`status${language.enabled ? ' status-approved' : ''}`}>{language.enabled ? t('adminContent.languages.isEnabled') : t('adminContent.languages.isDisabled')}</span>
        </p>
        <FormError error={revivedError(saveFailure ?? deleteFailure)} />
        <TranslatableField name={nameFieldOf(language.code)} label={t('adminContent.languages.name')} value={name} onChange={setName} required maxLength={NAME_MAX} error={nameMessage} />
        <div className="language-actions">
          <label className="check-field">
            <input type="checkbox" name="enabled" value="yes" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} data-testid="language-enabled" />
            <span>{t('adminContent.languages.enabled')}</span>
          </label>
          {/* Without scripts "changed" cannot follow the typing: the button stays enabled then (a save without a change is harmless). */}
          <button type="submit" className="button button-primary" disabled={busy || (scriptsRun && !answer && !changed)} aria-busy={busy} data-testid="language-save">
            {busy ? t('adminContent.form.saving') : t('adminContent.form.save')}
          </button>
        </div>
      </Form>
      {/* Outside the edit form: a form cannot hold another. */}
      <ConfirmPostButton label={t('adminContent.form.delete')} ariaLabel={t('adminContent.languages.deleteNamed', { name: label })} question={t('adminContent.languages.deleteQuestion')}
        confirmLabel={t('adminContent.form.deleteConfirm')} cancelLabel={t('adminContent.form.keep')} busyLabel={t('adminContent.form.deleting')}
        intent={deleteIntent} fields={{ label }} testId="language-delete" />
    </li>
  );
}

export const languageRoutes: RouteObject[] = [{ path: 'admin/language', loader: languagesLoader, action: languagesAction, Component: LanguagesPage }];
