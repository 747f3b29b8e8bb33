import { useEffect } from 'react';
import { Form, redirect, useLoaderData, useRevalidator, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { orNotFound } from '../../app/loader-kit.ts';
import { localeOfRequest } from '../../app/loader-kit.ts';
import { localizedPath } from '../../app/locale-path.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { formatDate } from '../../app/format.ts';
import { refused, revivedError, textOf, useActionFailure, useSubmitting } from '../../app/form-action.ts';
import { israelInstant } from '../../../domain/shared/israel-time.ts';
import { FieldError, fieldErrorsOf } from '../../components/field-error.tsx';
import { FormError } from '../../components/form-errors.tsx';
import { formatFileSize } from './file-size.ts';
import { AdminLayout } from './admin-layout.tsx';
import { requireAdminRight } from './admin-access.tsx';

// The analysts' export (SPEC §1: analysts replay streams): what `npm run replay -- --format` writes,
// started from the back office — stream categories, one stream, a range of Israel days, NDJSON or
// CSV — as a job of the command API (command-api/export-jobs.ts), whose progress this page follows
// (every second while scripts run; a refresh link without them) until its file can be downloaded.
const PATH = '/admin/export';
/** The categories an analyst asks for most (a stream id's part before its first `-`); others can be typed. */
const CATEGORIES = ['order', 'vendor', 'product', 'user', 'review', 'conversation', 'contract', 'calendar', 'favorites', 'userAddresses', 'tracking', 'media'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface ExportStatus {
  id: string; state: 'running' | 'done' | 'failed'; failure: 'too-large' | 'too-long' | 'error' | null; format: 'ndjson' | 'csv'; description: string;
  scanned: number; exported: number; bytes: number; fraction: number; startedAt: string; finishedAt: string | null; downloadUrl: string | null;
}

export async function exportLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireAdminRight(environment, request, 'event', 'list');
  const jobId = new URL(request.url).searchParams.get('job')?.trim().slice(0, 100) ?? '';
  const job = jobId ? await orNotFound(environment.api.get<ExportStatus>(`admin/exports/${encodeURIComponent(jobId)}`, { fresh: true })) : null;
  return { job };
}

/** Starts the export of the posted filter, then follows it (?job=). Days are Israel days, both included. */
export async function exportAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await requireAdminRight(environment, request, 'event', 'list');
  const form = await request.formData();
  const typed = textOf(form, 'otherCategories').split(/[\s,]+/).filter(Boolean);
  const categories = [...new Set([...form.getAll('categories').map(String), ...typed])];
  const from = textOf(form, 'from');
  const to = textOf(form, 'to');
  const stream = textOf(form, 'stream');
  try {
    const job = await environment.api.post<ExportStatus>('admin/exports', {
      format: form.get('format') === 'csv' ? 'csv' : 'ndjson',
      categories,
      ...(stream ? { stream } : {}),
      ...(DAY.test(from) ? { from: israelInstant(from, 0).toISOString() } : {}),
      ...(DAY.test(to) ? { to: new Date(israelInstant(to, 0).getTime() + 86_400_000 - 1).toISOString() } : {}),
    }, { silent: true });
    return redirect(`${localizedPath(localeOfRequest(request), PATH)}?job=${encodeURIComponent(job.id)}`, 303);
  } catch (error) {
    return refused(error);
  }
}

function Progress(props: { job: ExportStatus }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { job } = props;
  const revalidator = useRevalidator();
  // While the job runs, its progress is read again every second.
  useEffect(() => {
    if (job.state !== 'running') return;
    const timer = setTimeout(() => { if (revalidator.state === 'idle') void revalidator.revalidate(); }, 1000);
    return () => clearTimeout(timer);
  }, [job, revalidator]);
  const percent = Math.round(job.fraction * 100);
  return (
    <section className="card export-job" aria-labelledby="export-job-title" data-testid="export-job" data-state={job.state}>
      <h2 id="export-job-title">{t('adminTools.export.job')}</h2>
      <p className="muted">{job.description} · {job.format.toUpperCase()} · {formatDate(job.startedAt, locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' })}</p>
      {job.state === 'running' ? (
        <>
          <progress max={100} value={percent} aria-label={t('adminTools.export.progress')} data-testid="export-progress" />
          <p role="status">{t('adminTools.export.running', { percent, exported: job.exported, scanned: job.scanned })}</p>
          <noscript><p><LocalLink to={`${PATH}?job=${encodeURIComponent(job.id)}`}>{t('adminTools.export.refresh')}</LocalLink></p></noscript>
        </>
      ) : job.state === 'done' ? (
        <>
          <p role="status" data-testid="export-done">{t('adminTools.export.done', { exported: job.exported, scanned: job.scanned, size: formatFileSize(job.bytes, locale) })}</p>
          <p><a className="button button-primary" href={job.downloadUrl ?? '#'} download data-testid="export-download">{t('adminTools.export.download')}</a></p>
          <p className="muted">{t('adminTools.export.kept')}</p>
        </>
      ) : (
        <p className="form-error" role="alert" data-testid="export-failed">{t(`adminTools.export.failures.${job.failure ?? 'error'}`)}</p>
      )}
    </section>
  );
}

export function ExportPage() {
  const { t } = useTranslation();
  const { job } = useLoaderData<typeof exportLoader>();
  const failure = useActionFailure();
  const busy = useSubmitting();
  const errors = fieldErrorsOf(failure);
  return (
    <AdminLayout title={t('admin.items.export')}>
      <p className="muted">{t('adminTools.export.lead')}</p>
      {job ? <Progress job={job} /> : null}
      <Form method="post" className="form card account-form" data-testid="export-form">
        <fieldset className="field">
          <legend>{t('adminTools.export.categories')}</legend>
          <div className="checks">
            {CATEGORIES.map((category) => <label key={category}><input type="checkbox" name="categories" value={category} /> <code dir="ltr">{category}</code></label>)}
          </div>
          <small>{t('adminTools.export.categoriesHint')}</small>
        </fieldset>
        <label className="field">
          <span>{t('adminTools.export.otherCategories')}</span>
          <input name="otherCategories" dir="ltr" placeholder="phoneNumberDispense, acl" data-testid="export-other-categories" />
          <FieldError id="export-categories-error" message={errors.categories ?? Object.entries(errors).find(([field]) => field.startsWith('categories.'))?.[1] ?? null} />
        </label>
        <label className="field">
          <span>{t('adminTools.export.stream')}</span>
          <input name="stream" dir="ltr" placeholder="order-…" data-testid="export-stream" aria-invalid={errors.stream ? true : undefined} aria-describedby={errors.stream ? 'export-stream-error' : undefined} />
          <FieldError id="export-stream-error" message={errors.stream ? t('adminTools.export.streamError') : null} />
        </label>
        <div className="address-pair">
          <label className="field"><span>{t('adminTools.export.from')}</span><input type="date" name="from" data-testid="export-from" /></label>
          <label className="field">
            <span>{t('adminTools.export.to')}</span>
            <input type="date" name="to" data-testid="export-to" aria-invalid={errors.to ? true : undefined} aria-describedby={errors.to ? 'export-to-error' : undefined} />
            <FieldError id="export-to-error" message={errors.to ? t('adminTools.export.rangeBackwards') : null} />
          </label>
        </div>
        <fieldset className="field">
          <legend>{t('adminTools.export.format')}</legend>
          <div className="checks">
            <label><input type="radio" name="format" value="ndjson" defaultChecked data-testid="export-format-ndjson" /> {t('adminTools.export.ndjson')}</label>
            <label><input type="radio" name="format" value="csv" data-testid="export-format-csv" /> {t('adminTools.export.csv')}</label>
          </div>
        </fieldset>
        <FormError error={revivedError(failure && failure.status !== 422 ? failure : null)} overrides={{ 429: 'adminTools.export.tooMany' }} />
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="export-start">{busy ? t('adminTools.export.starting') : t('adminTools.export.start')}</button>
      </Form>
    </AdminLayout>
  );
}

export const exportRoutes: RouteObject[] = [{ path: 'admin/export', loader: exportLoader, action: exportAction, Component: ExportPage }];
