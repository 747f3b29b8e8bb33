import { useId, useState } from 'react';
import { data, Form, type ActionFunctionArgs } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { noInactiveRegistration } from '../../app/guards.ts';
import { INTENT_FIELD, refused, textOf, useActionAnswer, useActionFailure, useSubmitting } from '../../app/form-action.ts';
import { untilViewsShow } from '../../app/until-views-show.ts';
import type { ApiClient } from '../../api/client.ts';
import { ConfirmPostButton } from '../../components/confirm-button.tsx';
import { FieldError, fieldErrorsOf } from '../../components/field-error.tsx';
import { FormError } from '../../components/form-errors.tsx';

// Calendar sync on the busy-times screen (docs/calendar-sync.md): the vendor's private feed link to copy
// into Google or Apple Calendar (with how), a new link that revokes the old one, and the calendars its busy
// times are imported from: an .ics file uploaded, or an iCalendar address read again on a schedule. Every
// form posts to the busy-windows route's action, also without JavaScript.
export const FEED_INTENT = 'calendar-feed';
export const IMPORT_FILE_INTENT = 'calendar-file';
export const IMPORT_URL_INTENT = 'calendar-url';
export const REMOVE_SOURCE_INTENT = 'calendar-source-remove';
/** The API's upload limit for an .ics text (command-api/routes/calendar-sync-routes.ts). */
const MAX_ICS_CHARS = 95_000;

export interface CalendarSyncSource {
  sourceId: string; kind: 'url' | 'file'; name: string; url: string | null; problem: string | null; checked: boolean; windows: number;
}
export interface CalendarSyncData {
  /** The feed's full address, null before one is made. */
  feedUrl: string | null;
  sources: CalendarSyncSource[];
}

type SyncAnswer = { intent: string; done?: 'feed' | 'imported' | 'removed'; count?: number; invalid?: { file?: string; url?: string }; values?: Record<string, string> };

async function readSync(api: ApiClient, fresh = false): Promise<{ feedPath: string | null; sources: CalendarSyncSource[] }> {
  return api.get('vendor/calendar-sync', { fresh });
}

/** The screen's calendar sync data; null when the read fails (the rest of the screen still shows). */
export async function calendarSyncOf(api: ApiClient, origin: string): Promise<CalendarSyncData | null> {
  try {
    const sync = await readSync(api);
    return { feedUrl: sync.feedPath ? `${origin}${sync.feedPath}` : null, sources: sync.sources };
  } catch {
    return null;
  }
}

/** Waits (bounded) until the sync view shows what a write did, then drops the GET cache. */
async function syncCaughtUp(api: ApiClient, shows: (sync: { feedPath: string | null; sources: CalendarSyncSource[] }) => boolean): Promise<void> {
  await untilViewsShow(() => readSync(api, true), shows);
  api.clearCache();
}

export async function calendarFeedAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await noInactiveRegistration(environment, request);
  try {
    const issued = await environment.api.post<{ feedPath: string }>('vendor/calendar-sync/feed', {}, { silent: true });
    await syncCaughtUp(environment.api, (sync) => sync.feedPath === issued.feedPath);
  } catch (error) {
    return refused(error, FEED_INTENT);
  }
  return { intent: FEED_INTENT, done: 'feed' } satisfies SyncAnswer;
}

export async function calendarImportFileAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await noInactiveRegistration(environment, request);
  const form = await request.formData();
  const file = form.get('file');
  if (!file || typeof file === 'string' || !file.name) return data<SyncAnswer>({ intent: IMPORT_FILE_INTENT, invalid: { file: 'busyWindows.sync.errors.fileRequired' } }, { status: 422 });
  const ics = await file.text();
  if (ics.length > MAX_ICS_CHARS) return data<SyncAnswer>({ intent: IMPORT_FILE_INTENT, invalid: { file: 'busyWindows.sync.errors.fileTooLarge' } }, { status: 422 });
  return importAndWait(environment.api, IMPORT_FILE_INTENT, 'vendor/calendar-sync/import', { fileName: file.name.slice(-100), ics });
}

export async function calendarImportUrlAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await noInactiveRegistration(environment, request);
  const form = await request.formData();
  const url = textOf(form, 'url').trim();
  const values = { url, name: textOf(form, 'name') };
  if (!url) return data<SyncAnswer>({ intent: IMPORT_URL_INTENT, invalid: { url: 'busyWindows.sync.errors.urlRequired' }, values }, { status: 422 });
  return importAndWait(environment.api, IMPORT_URL_INTENT, 'vendor/calendar-sync/sources', { url, ...(values.name.trim() ? { name: values.name.trim() } : {}) }, values);
}

async function importAndWait(api: ApiClient, intent: string, path: string, body: Record<string, string>, values?: Record<string, string>) {
  let written: { id: string };
  try {
    written = await api.post<{ id: string }>(path, body, { silent: true });
  } catch (error) {
    return refused(error, intent, values);
  }
  const sync = await untilViewsShow(() => readSync(api, true), (fresh) => fresh.sources.some((source) => source.sourceId === written.id && source.checked));
  api.clearCache();
  const source = sync?.sources.find((item) => item.sourceId === written.id);
  return { intent, done: 'imported', count: source?.windows ?? 0 } satisfies SyncAnswer;
}

export async function calendarRemoveSourceAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await noInactiveRegistration(environment, request);
  const form = await request.formData();
  const sourceId = textOf(form, 'sourceId');
  const intent = `${REMOVE_SOURCE_INTENT}:${sourceId}`;
  try {
    await environment.api.delete(`vendor/calendar-sync/sources/${encodeURIComponent(sourceId)}`, undefined, { silent: true });
  } catch (error) {
    return refused(error, intent);
  }
  await syncCaughtUp(environment.api, (sync) => !sync.sources.some((source) => source.sourceId === sourceId));
  return { intent, done: 'removed' } satisfies SyncAnswer;
}

export function CalendarSyncPanel({ sync }: { sync: CalendarSyncData | null }) {
  const { t } = useTranslation();
  const id = useId();
  if (!sync) return <section className="card calendar-sync"><p className="muted">{t('busyWindows.sync.loadFailed')}</p></section>;
  return (
    <section className="card calendar-sync" aria-labelledby={`${id}-title`} data-testid="calendar-sync">
      <h2 id={`${id}-title`}>{t('busyWindows.sync.title')}</h2>
      <FeedLink feedUrl={sync.feedUrl} />
      <ImportForms sources={sync.sources} />
    </section>
  );
}

function FeedLink({ feedUrl }: { feedUrl: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const failure = useActionFailure(FEED_INTENT);
  const made = useActionAnswer<SyncAnswer>(FEED_INTENT)?.done === 'feed';
  const busy = useSubmitting(FEED_INTENT);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(feedUrl!);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  const webcal = feedUrl?.replace(/^https?:\/\//, 'webcal://');
  return (
    <div className="calendar-feed">
      <h3 id={`${id}-feed`}>{t('busyWindows.sync.feedTitle')}</h3>
      <p className="muted">{t('busyWindows.sync.feedIntro')}</p>
      <FormError error={failure} />
      {feedUrl ? (
        <>
          <label className="field">
            <span>{t('busyWindows.sync.feedLabel')}</span>
            <span className="copy-field">
              <input type="text" readOnly value={feedUrl} dir="ltr" onFocus={(event) => event.currentTarget.select()} data-testid="feed-url" />
              <button type="button" className="button button-small-quiet" onClick={() => void copy()} data-testid="feed-copy">{t('busyWindows.sync.copy')}</button>
            </span>
          </label>
          <p className="muted" role="status" data-testid="feed-copied">
            {copied === 'yes' ? t('busyWindows.sync.copied') : copied === 'no' ? t('busyWindows.sync.copyFailed') : made ? t('busyWindows.sync.feedMade') : ''}
          </p>
          <p className="notice">{t('busyWindows.sync.feedSecret')}</p>
          <details className="calendar-howto" data-testid="feed-howto">
            <summary>{t('busyWindows.sync.howTitle')}</summary>
            <h4>Google Calendar</h4>
            <ol>
              <li>{t('busyWindows.sync.google1')}</li>
              <li>{t('busyWindows.sync.google2')}</li>
              <li>{t('busyWindows.sync.google3')}</li>
            </ol>
            <h4>Apple Calendar (iPhone, Mac)</h4>
            <ol>
              <li>{t('busyWindows.sync.apple1')}</li>
              <li>{t('busyWindows.sync.apple2')}</li>
            </ol>
            <p><a href={webcal} data-testid="feed-webcal">{t('busyWindows.sync.appleOpen')}</a></p>
            <p className="muted">{t('busyWindows.sync.refreshNote')}</p>
          </details>
          <ConfirmPostButton label={t('busyWindows.sync.replace')} question={t('busyWindows.sync.replaceQuestion')} confirmLabel={t('busyWindows.sync.replaceConfirm')}
            cancelLabel={t('busyWindows.keep')} busyLabel={t('busyWindows.saving')} intent={FEED_INTENT} fields={{}} testId="feed-replace" />
        </>
      ) : (
        <Form method="post" preventScrollReset>
          <input type="hidden" name={INTENT_FIELD} value={FEED_INTENT} />
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="feed-create">
            {busy ? t('busyWindows.saving') : t('busyWindows.sync.create')}
          </button>
        </Form>
      )}
    </div>
  );
}

function ImportForms({ sources }: { sources: CalendarSyncSource[] }) {
  const { t } = useTranslation();
  const id = useId();
  const fileAnswer = useActionAnswer<SyncAnswer>(IMPORT_FILE_INTENT);
  const urlAnswer = useActionAnswer<SyncAnswer>(IMPORT_URL_INTENT);
  const fileFailure = useActionFailure(IMPORT_FILE_INTENT);
  const urlFailure = useActionFailure(IMPORT_URL_INTENT);
  const fileBusy = useSubmitting(IMPORT_FILE_INTENT);
  const urlBusy = useSubmitting(IMPORT_URL_INTENT);
  const imported = fileAnswer?.done === 'imported' ? fileAnswer : urlAnswer?.done === 'imported' ? urlAnswer : null;
  const fileError = fileAnswer?.invalid?.file ? t(fileAnswer.invalid.file) : fileFailure?.status === 422 ? (fieldErrorsOf(fileFailure).ics ?? fileFailure.problem.detail) : undefined;
  const urlError = urlAnswer?.invalid?.url ? t(urlAnswer.invalid.url) : urlFailure?.status === 422 ? (fieldErrorsOf(urlFailure).url ?? urlFailure.problem.detail) : undefined;
  const typed = urlAnswer?.done ? {} : urlAnswer?.values ?? {};
  return (
    <div className="calendar-import">
      <h3>{t('busyWindows.sync.importTitle')}</h3>
      <p className="muted">{t('busyWindows.sync.importIntro')}</p>
      {imported ? <p className="notice notice-success" role="status" data-testid="import-notice">{t('busyWindows.sync.imported', { count: imported.count ?? 0 })}</p> : null}
      <Form method="post" encType="multipart/form-data" className="form" preventScrollReset data-testid="import-file-form">
        <input type="hidden" name={INTENT_FIELD} value={IMPORT_FILE_INTENT} />
        <label className="field">
          <span>{t('busyWindows.sync.fileLabel')}</span>
          <input type="file" name="file" accept=".ics,text/calendar" required aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${id}-file-error` : undefined} data-testid="import-file" />
          <FieldError id={`${id}-file-error`} message={fileError} />
        </label>
        <FormError error={fileFailure && fileFailure.status !== 422 ? fileFailure : null} />
        <button type="submit" className="button" disabled={fileBusy} aria-busy={fileBusy} data-testid="import-file-submit">
          {fileBusy ? t('busyWindows.saving') : t('busyWindows.sync.importFile')}
        </button>
      </Form>
      <Form method="post" className="form" noValidate preventScrollReset data-testid="import-url-form">
        <input type="hidden" name={INTENT_FIELD} value={IMPORT_URL_INTENT} />
        <label className="field">
          <span>{t('busyWindows.sync.urlLabel')}</span>
          <input type="url" name="url" dir="ltr" defaultValue={typed.url ?? ''} placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
            aria-invalid={urlError ? true : undefined} aria-describedby={[`${id}-url-hint`, urlError ? `${id}-url-error` : ''].filter(Boolean).join(' ')} data-testid="import-url" />
          <small id={`${id}-url-hint`}>{t('busyWindows.sync.urlHint')}</small>
          <FieldError id={`${id}-url-error`} message={urlError} />
        </label>
        <label className="field">
          <span>{t('busyWindows.sync.nameLabel')}</span>
          <input type="text" name="name" maxLength={100} defaultValue={typed.name ?? ''} data-testid="import-name" />
        </label>
        <FormError error={urlFailure && urlFailure.status !== 422 ? urlFailure : null} />
        <button type="submit" className="button" disabled={urlBusy} aria-busy={urlBusy} data-testid="import-url-submit">
          {urlBusy ? t('busyWindows.saving') : t('busyWindows.sync.importUrl')}
        </button>
      </Form>
      {sources.length ? (
        <ul className="entry-list" data-testid="calendar-sources">
          {sources.map((source) => (
            <li key={source.sourceId} className="entry-row" data-testid="calendar-source">
              <span className="entry-text">
                <span className="entry-when">{source.name}</span>
                <span className="entry-label">
                  {source.kind === 'url' ? t('busyWindows.sync.sourceUrl', { count: source.windows }) : t('busyWindows.sync.sourceFile', { count: source.windows })}
                </span>
                {source.problem ? <span className="form-error" data-testid="source-problem">{t('busyWindows.sync.sourceProblem', { problem: source.problem })}</span> : null}
              </span>
              <ConfirmPostButton label={t('busyWindows.remove')} ariaLabel={source.name} question={t('busyWindows.sync.removeQuestion')}
                confirmLabel={t('busyWindows.removeConfirm')} cancelLabel={t('busyWindows.keep')} busyLabel={t('busyWindows.removing')}
                intent={`${REMOVE_SOURCE_INTENT}:${source.sourceId}`} fields={{ sourceId: source.sourceId }} testId="remove-source" />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
