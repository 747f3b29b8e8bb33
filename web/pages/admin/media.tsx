import { useId, useRef, useState, type DragEvent } from 'react';
import { Form, useLoaderData, useNavigation, useRevalidator, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { MAX_MEDIA_BYTES } from '../../../domain/media/media-file.ts';
import { ApiError, genericErrorMessageKey } from '../../api/api-error.ts';
import { adminMediaList, isMediaKind, MEDIA_KINDS, type MediaItem } from '../../api/admin-media.ts';
import { environmentOf } from '../../app/environment.ts';
import { formatDate } from '../../app/format.ts';
import { LocalLink } from '../../app/links.tsx';
import { pageNumberOf } from '../../app/loader-kit.ts';
import { languageTag } from '../../app/locale-path.ts';
import { useRootData } from '../../app/root-data.ts';
import { untilViewShows } from '../../app/until-views-show.ts';
import { ConfirmPostButton } from '../../components/confirm-button.tsx';
import { refused, revivedError, textOf, useActionFailure } from '../../app/form-action.ts';
import { FilterField, FilterSelect } from '../../components/filter-fields.tsx';
import { FormError } from '../../components/form-errors.tsx';
import { Pager } from '../../components/pager.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { mayDo, requireAdminRight } from './admin-access.tsx';
import { formatFileSize } from './file-size.ts';
import { adminForm, doneRedirect } from './admin-action.ts';
import { DoneNotice, useDone } from './done-notice.tsx';
import { mediaFileProblem, uploadMediaFile } from './media-upload.ts';

// admin-media (SPEC §2; §6 media: update at all): the media library. Files are checked in the browser
// first (100 MB, accepted types), then uploaded one after the other with a progress bar each; the
// library shows them as a grid with previews, each with its address to copy, a link and delete.
const LIST_PATH = '/admin/media';

/** A file name inside a sentence keeps its own direction (a Latin name in a Hebrew sentence). */
const isolated = (text: string): string => `\u2068${text}\u2069`;
const PAGE_SIZE = 24;

export async function mediaLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const access = await requireAdminRight(environment, request, 'media', 'list');
  const url = new URL(request.url);
  const page = pageNumberOf(url);
  const kindParam = url.searchParams.get('kind');
  const kind = isMediaKind(kindParam) ? kindParam : null;
  const text = (url.searchParams.get('text') ?? '').trim().slice(0, 200);
  const list = await adminMediaList(environment.api, { kind, text, start: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  return { list, page, kind, text, mayUpload: mayDo(access, 'media', 'create'), mayDelete: mayDo(access, 'media', 'delete') };
}

interface QueuedUpload {
  key: string;
  name: string;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  /** 0 to 1. */
  progress: number;
  error: string | null;
}

function MediaUploader(props: { onUploaded: (ids: string[]) => Promise<void> }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [queue, setQueue] = useState<QueuedUpload[]>([]);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [doneCount, setDoneCount] = useState<number | null>(null);
  const max = formatFileSize(MAX_MEDIA_BYTES, locale);

  const update = (key: string, change: Partial<QueuedUpload>) => setQueue((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));

  function messageOf(error: unknown, file: File): string {
    const named = { name: isolated(file.name), size: formatFileSize(file.size, locale), max };
    if (!(error instanceof ApiError)) return t('adminMediaAcl.media.errors.interrupted', named);
    if (error.status === 413) return t('adminMediaAcl.media.errors.tooLarge', named);
    if (error.status === 415) return t('adminMediaAcl.media.errors.badType', named);
    if (error.status === 422 && error.problem.detail === 'The file is empty.') return t('adminMediaAcl.media.errors.empty', named);
    if (error.status === 403 && error.problem.code === 'media.token-invalid') return t('adminMediaAcl.media.errors.tokenExpired', named);
    if (error.status === 0) return t('adminMediaAcl.media.errors.interrupted', named);
    return t('adminMediaAcl.media.errors.failed', { ...named, reason: error.problem.detail ?? t(genericErrorMessageKey(error.status)) });
  }

  async function start(files: File[]) {
    if (files.length === 0 || busy) return;
    setDoneCount(null);
    const stamp = Date.now();
    const entries = files.map((file, index) => {
      const problem = mediaFileProblem(file);
      const named = { name: isolated(file.name), size: formatFileSize(file.size, locale), max };
      const item: QueuedUpload = {
        key: `${stamp}-${index}`, name: file.name, progress: 0,
        status: problem ? 'failed' : 'waiting',
        error: problem ? t(`adminMediaAcl.media.errors.${problem}`, named) : null,
      };
      return { file, item };
    });
    setQueue((items) => [...items.filter((item) => item.status !== 'done'), ...entries.map((entry) => entry.item)]);
    const api = environmentOf(undefined).api;
    const uploaded: string[] = [];
    setBusy(true);
    try {
      for (const { file, item } of entries) {
        if (item.status === 'failed') continue;
        update(item.key, { status: 'uploading' });
        try {
          const media = await uploadMediaFile(api, file, languageTag(locale), (progress) => update(item.key, { progress }));
          uploaded.push(media.id);
          update(item.key, { status: 'done', progress: 1 });
        } catch (error) {
          update(item.key, { status: 'failed', error: messageOf(error, file) });
        }
      }
      if (uploaded.length > 0) {
        await props.onUploaded(uploaded);
        setDoneCount(uploaded.length);
      }
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void start([...event.dataTransfer.files]);
  }

  return (
    <section className="card media-upload" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{t('adminMediaAcl.media.uploadTitle')}</h2>
      <div className={`media-drop${dragging ? ' media-drop-active' : ''}`} data-testid="media-drop"
        onDragOver={(event) => { event.preventDefault(); setDragging(true); }} onDragLeave={() => setDragging(false)} onDrop={onDrop}>
        <label htmlFor={inputId} className="button button-primary">{t('adminMediaAcl.media.choose')}</label>
        <input id={inputId} ref={input} type="file" multiple className="visually-hidden" disabled={busy} data-testid="media-file"
          accept="image/jpeg,image/png,image/gif,image/webp,image/avif,audio/*,video/mp4,video/webm,video/ogg,video/quicktime,application/pdf"
          onChange={(event) => void start([...(event.target.files ?? [])])} />
        <p className="muted">{t('adminMediaAcl.media.dropHint', { max })}</p>
      </div>
      {queue.length > 0 ? (
        <ul className="media-queue" aria-label={t('adminMediaAcl.media.queueLabel')} data-testid="media-queue">
          {queue.map((item) => (
            <li key={item.key} className={`media-queue-item media-queue-${item.status}`} data-testid="media-upload" data-status={item.status}>
              <span className="media-queue-name"><bdi>{item.name}</bdi></span>
              {item.status === 'uploading' || item.status === 'waiting' ? (
                <>
                  <progress max={100} value={Math.round(item.progress * 100)} aria-label={t('adminMediaAcl.media.progressLabel', { name: item.name })} />
                  <span className="muted">{item.status === 'waiting' ? t('adminMediaAcl.media.waiting') : t('adminMediaAcl.media.uploading', { percent: Math.round(item.progress * 100) })}</span>
                </>
              ) : null}
              {item.status === 'done' ? <span className="status status-completed">{t('adminMediaAcl.media.uploaded')}</span> : null}
              {item.status === 'failed' ? <p className="form-error media-queue-error" role="alert" data-testid="media-upload-error">{item.error}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {doneCount !== null ? <p className="notice notice-success" role="status" data-testid="media-uploaded">{t('adminMediaAcl.media.allDone', { count: doneCount })}</p> : null}
      {!busy && queue.some((item) => item.status !== 'uploading') ? (
        <button type="button" className="button button-compact media-queue-clear" onClick={() => { setQueue([]); setDoneCount(null); }}>{t('adminMediaAcl.media.clearDone')}</button>
      ) : null}
    </section>
  );
}

function MediaPreview(props: { item: MediaItem }) {
  const { t } = useTranslation();
  const { item } = props;
  if (item.kind === 'image') return <img src={item.url} alt={item.originalName} loading="lazy" decoding="async" />;
  if (item.kind === 'audio') return <audio src={item.url} controls preload="none" aria-label={item.originalName} />;
  if (item.kind === 'video') return <video src={item.url} controls preload="metadata" aria-label={item.originalName} />;
  return <span className="media-document" aria-hidden="true">{t('adminMediaAcl.media.noPreview')}</span>;
}

/** Puts `text` on the clipboard; false when the browser refuses. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function MediaCard(props: { item: MediaItem; mayDelete: boolean }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const { item } = props;
  const [copyState, setCopyState] = useState<{ ok: boolean; url: string } | null>(null);
  async function copy() {
    const url = new URL(item.url, window.location.origin).href;
    setCopyState({ ok: await copyText(url), url });
  }
  return (
    <li className="card media-card" data-testid="media-item" data-media-id={item.id} data-url={item.url}>
      <div className={`media-preview media-preview-${item.kind}`}><MediaPreview item={item} /></div>
      <div className="media-info">
        <p className="media-name" title={item.originalName}><bdi>{item.originalName}</bdi></p>
        <p className="muted media-meta">
          {t(`adminMediaAcl.media.kinds.${item.kind}`)} · <bdi>{formatFileSize(item.size, locale)}</bdi>
          {item.uploadedAt ? <> · {t('adminMediaAcl.media.uploadedOn', { date: formatDate(item.uploadedAt, locale, { dateStyle: 'medium' }) })}</> : null}
        </p>
        <div className="media-actions">
          <button type="button" className="button button-compact" onClick={copy} aria-label={t('adminMediaAcl.media.copyNamed', { name: item.originalName })} data-testid="media-copy">
            {t('adminMediaAcl.media.copy')}
          </button>
          <a href={item.url} target="_blank" rel="noopener" className="button button-compact" aria-label={t('adminMediaAcl.media.openNamed', { name: item.originalName })}>{t('adminMediaAcl.media.open')}</a>
          {props.mayDelete ? (
            <ConfirmPostButton label={t('adminMediaAcl.media.delete')} ariaLabel={t('adminMediaAcl.media.deleteNamed', { name: item.originalName })}
              question={t('adminMediaAcl.media.deleteQuestion')} confirmLabel={t('adminMediaAcl.media.deleteConfirm')} cancelLabel={t('adminMediaAcl.media.keep')}
              busyLabel={t('adminMediaAcl.media.deleting')} intent={`${DELETE}:${item.id}`} fields={{ mediaId: item.id, name: item.originalName }} testId="media-delete" />
          ) : null}
        </div>
        <p className="media-copied" role="status" data-testid="media-copied">
          {copyState ? (copyState.ok ? t('adminMediaAcl.media.copied') : <>{t('adminMediaAcl.media.copyFailed')} <code dir="ltr">{copyState.url}</code></>) : null}
        </p>
      </div>
    </li>
  );
}

const DELETE = 'delete';

/**
 * The library's action: deletes a file (the card's confirmed post), then the same page of the library
 * once the view no longer lists it. (The upload is an XHR with progress, docs/admin-forms.md.)
 */
export async function mediaAction(args: ActionFunctionArgs) {
  const { environment, form } = await adminForm(args, async (env, request) => { await requireAdminRight(env, request, 'media', 'delete'); });
  const mediaId = textOf(form, 'mediaId');
  const api = environment.api;
  try {
    await api.delete(`admin/media/${encodeURIComponent(mediaId)}`, undefined, { silent: true });
  } catch (error) {
    return refused(error, DELETE);
  }
  const url = new URL(args.request.url);
  const kind = url.searchParams.get('kind');
  const query = { kind: isMediaKind(kind) ? kind : undefined, text: url.searchParams.get('text') ?? '', start: (pageNumberOf(url) - 1) * PAGE_SIZE, limit: PAGE_SIZE };
  await untilViewShows(api, async () => !(await adminMediaList(api, query)).items.some((other) => other.id === mediaId));
  api.clearCache();
  return doneRedirect(args.request, `${LIST_PATH}${url.search}`, 'deleted', { name: textOf(form, 'name') });
}

export function MediaPage() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const { list, page, kind, text, mayUpload, mayDelete } = useLoaderData<typeof mediaLoader>();
  const failure = useActionFailure(DELETE);
  const done = useDone();
  const notice = done?.what === 'deleted' ? t('adminMediaAcl.media.deleted', { name: isolated(done.details.name ?? '') }) : null;
  const filtered = Boolean(kind || text);

  async function afterUpload(ids: string[]) {
    const api = environmentOf(undefined).api;
    // The library view takes the uploads a moment after they are recorded.
    await untilViewShows(api, async () => {
      const latest = await adminMediaList(api, { limit: Math.max(ids.length, PAGE_SIZE) });
      return ids.every((id) => latest.items.some((item) => item.id === id));
    });
    await revalidator.revalidate();
  }

  return (
    <AdminLayout title={t('admin.items.media')}>
      <p className="muted">{t('adminMediaAcl.media.intro')}</p>
      {mayUpload ? <MediaUploader onUploaded={afterUpload} /> : null}
      <section className="media-library" aria-labelledby="media-library-title">
        <h2 id="media-library-title">{t('adminMediaAcl.media.libraryTitle')}</h2>
        <DoneNotice message={notice} testId="media-notice" />
        <FormError error={revivedError(failure)} />
        <Form method="get" className="admin-filters media-filters" role="search" aria-label={t('adminMediaAcl.media.filtersLabel')}>
          <FilterSelect label={t('adminMediaAcl.media.kind')} name="kind" value={kind ?? ''}
            options={[{ value: '', label: t('adminMediaAcl.media.allKinds') }, ...MEDIA_KINDS.map((value) => ({ value, label: t(`adminMediaAcl.media.kindsPlural.${value}`) }))]} />
          <FilterField label={t('adminMediaAcl.media.text')}>
            <input name="text" type="search" defaultValue={text} dir="auto" />
          </FilterField>
          <button type="submit" className="button" disabled={navigation.state === 'loading'}>{t('adminMediaAcl.media.apply')}</button>
          {filtered ? <LocalLink to={LIST_PATH} className="link-quiet-dark">{t('adminMediaAcl.media.clear')}</LocalLink> : null}
        </Form>
        <p className="muted" role="status" data-testid="media-count">{t('adminMediaAcl.media.count', { count: list.total })}</p>
        {list.items.length === 0 ? (
          <p className="empty" data-testid="media-empty">{filtered ? t('adminMediaAcl.media.noMatch') : t('adminMediaAcl.media.empty')}</p>
        ) : (
          <ul className="media-grid" data-testid="media-grid">
            {list.items.map((item) => <MediaCard key={item.id} item={item} mayDelete={mayDelete} />)}
          </ul>
        )}
        <Pager page={page} pageSize={PAGE_SIZE} total={list.total} />
      </section>
    </AdminLayout>
  );
}

// admin-media: upload, list, delete.
export const adminMediaRoutes: RouteObject[] = [
  { path: 'admin/media', loader: mediaLoader, action: mediaAction, Component: MediaPage },
];
