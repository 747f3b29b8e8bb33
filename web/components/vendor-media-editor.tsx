import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { environmentOf } from '../app/environment.ts';
import { useLocale } from '../app/links.tsx';
import { languageTag } from '../app/locale-path.ts';
import { tr } from '../app/format.ts';
import { isApiError } from '../api/api-error.ts';
import type { Locale, Text } from '../api/view-models.ts';
import { soundCloudUrlOf, youtubeIdOfLink } from '../../domain/vendor/media-links.ts';
import type { VendorMediaItem } from '../../domain/vendor/media.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { ACCEPT, UPLOAD_LIMITS, uploadProblem, uploadVendorMedia, type UploadKind } from './vendor-media-upload.ts';

// The media section of the artist's own profile editor (issue 22 item 5): photos uploaded with a
// progress bar each (resized, thumbnail, EXIF removed by the API), shown as thumbnails that move
// earlier or later with buttons (keyboard and screen readers alike: the moved item keeps the focus
// and the new position is announced) and are removed after asking in place; video and audio
// uploaded or linked (YouTube, SoundCloud). Each item's caption is written in Hebrew and English
// (issue 22 item 7: each page shows its own language), in a field per language under the item.
// Every change is written at once through /api/vendor/media/… (the vendor's events); the profile
// form saves its other fields with keepMedia.

export type MediaKind = 'photo' | 'audio' | 'youtube' | 'video';
interface Photo { url: string; thumbnailUrl?: string; description: Text }
interface Linked { url: string; description: Text }
interface YouTube { youtubeId: string; description: Text }
export interface MediaLists { images: Photo[]; audio: Linked[]; videos: YouTube[]; videoFiles?: Linked[] }

type Lists = Required<MediaLists>;
const listOf = { photo: 'images', audio: 'audio', youtube: 'videos', video: 'videoFiles' } as const;
const keyOf = (item: { url: string } | { youtubeId: string }): string => ('url' in item ? item.url : item.youtubeId);

interface Upload { id: number; name: string; kind: UploadKind; fraction: number; phase: 'waiting' | 'sending' | 'processing' | 'failed'; error?: string }

const MAX = { photo: 30, audio: 20, youtube: 20, video: 10 } as const;
const CAPTION_MAX = 500;
const CAPTION_LOCALES: readonly Locale[] = ['he', 'en'];
/** A caption with its empty languages left out (what the API stores). */
const trimmedCaption = (value: Text): Text => ({ ...(value.he?.trim() ? { he: value.he.trim() } : {}), ...(value.en?.trim() ? { en: value.en.trim() } : {}) });

export function VendorMediaEditor(props: { initial: MediaLists }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [lists, setLists] = useState<Lists>(() => ({ videoFiles: [], ...props.initial }));
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [link, setLink] = useState('');
  const [linkDescription, setLinkDescription] = useState<Text>({});
  const [linkError, setLinkError] = useState<string | null>(null);
  const [linkBusy, setLinkBusy] = useState(false);
  const focusAfter = useRef<string | null>(null);
  const queue = useRef(Promise.resolve());
  const nextId = useRef(0);

  // After a move, the focus stays on the moved item's button (found by its key and direction).
  useEffect(() => {
    if (!focusAfter.current) return;
    const target = document.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(focusAfter.current)}"]`);
    focusAfter.current = null;
    target?.focus();
  });

  const itemName = (kind: MediaKind, index: number) => t(`vendorMedia.itemName.${kind}`, { number: index + 1 });

  /** The problem's message in the page's language, by its code. */
  function messageOf(error: unknown, name: string, kind: UploadKind | MediaKind): string {
    if (!isApiError(error)) return t('vendorMedia.errors.generic');
    const code = error.problem.code;
    const limit = kind in UPLOAD_LIMITS ? UPLOAD_LIMITS[kind as UploadKind] / (1024 * 1024) : 0;
    if (error.status === 0) return t('vendorMedia.errors.network', { name });
    if (code === 'media.too-large') return t('vendorMedia.errors.tooLarge', { name, limit });
    if (code === 'media.unsupported-type') return t('vendorMedia.errors.badType', { name, expected: t(`vendorMedia.expected.${kind}`) });
    if (code === 'media.unreadable') return t('vendorMedia.errors.unreadable', { name });
    if (error.status === 422 && error.problem.errors?.some((failing) => failing.field.startsWith('description'))) return t('vendorMedia.errors.captionTooLong');
    if (code === 'media.empty' || code === 'validation') return t('vendorMedia.errors.empty', { name });
    if (code === 'vendor.media-full') return t('vendorMedia.errors.full', { max: MAX[kind as MediaKind] });
    if (code === 'vendor.media-exists') return t('vendorMedia.errors.exists');
    if (code === 'vendor.media-not-a-permutation' || code === 'vendor.media-not-found') return t('vendorMedia.errors.stale');
    if (code === 'vendor.media-link') return t('vendorMedia.linkNotRecognized');
    return t('vendorMedia.errors.generic');
  }

  function add(item: VendorMediaItem) {
    setLists((current) => {
      const { kind, ...rest } = item;
      const list = listOf[kind];
      return { ...current, [list]: [...current[list], rest] };
    });
  }

  function changeUpload(id: number, change: Partial<Upload>) {
    setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));
  }

  function chooseFiles(kind: UploadKind, files: FileList | null) {
    if (!files) return;
    setProblem(null);
    for (const file of Array.from(files)) {
      const id = nextId.current++;
      const refusal = uploadProblem(kind, file);
      const name = file.name;
      if (refusal) {
        const error = refusal === 'tooLarge' ? t('vendorMedia.errors.tooLarge', { name, limit: UPLOAD_LIMITS[kind] / (1024 * 1024) })
          : refusal === 'badType' ? t('vendorMedia.errors.badType', { name, expected: t(`vendorMedia.expected.${kind}`) })
          : t('vendorMedia.errors.empty', { name });
        setUploads((current) => [...current, { id, name, kind, fraction: 0, phase: 'failed', error }]);
        continue;
      }
      setUploads((current) => [...current, { id, name, kind, fraction: 0, phase: 'waiting' }]);
      // One file after the other: each gets the whole connection, and the list keeps the order chosen.
      queue.current = queue.current.then(async () => {
        changeUpload(id, { phase: 'sending' });
        try {
          const answer = await uploadVendorMedia(kind, file, languageTag(locale), (fraction) => {
            changeUpload(id, fraction >= 1 ? { fraction: 1, phase: 'processing' } : { fraction });
          });
          add(answer.media);
          setUploads((current) => current.filter((upload) => upload.id !== id));
          setAnnouncement(t('vendorMedia.added', { name }));
        } catch (error) {
          changeUpload(id, { phase: 'failed', error: messageOf(error, name, kind) });
        }
      });
    }
  }

  async function move(kind: MediaKind, index: number, by: -1 | 1) {
    const list = listOf[kind];
    const items = lists[list] as (Photo | Linked | YouTube)[];
    const target = index + by;
    if (target < 0 || target >= items.length) return;
    const reordered = [...items];
    const [moved] = reordered.splice(index, 1);
    reordered.splice(target, 0, moved!);
    const before = lists;
    focusAfter.current = `${kind}:${keyOf(moved!)}:${target === 0 ? 'later' : target === items.length - 1 ? 'earlier' : by < 0 ? 'earlier' : 'later'}`;
    setLists({ ...lists, [list]: reordered });
    setProblem(null);
    try {
      await environmentOf(undefined).api.request('PUT', 'vendor/media/order', { body: { kind, keys: reordered.map(keyOf) }, silent: true });
      setAnnouncement(t('vendorMedia.moved', { item: itemName(kind, index), position: target + 1 }));
    } catch (error) {
      setLists(before);
      setProblem(messageOf(error, '', kind));
    }
  }

  async function remove(kind: MediaKind, index: number) {
    const list = listOf[kind];
    const item = (lists[list] as (Photo | Linked | YouTube)[])[index]!;
    setProblem(null);
    try {
      await environmentOf(undefined).api.request('POST', 'vendor/media/remove', { body: { kind, key: keyOf(item) }, silent: true });
      setLists((current) => ({ ...current, [list]: (current[list] as (Photo | Linked | YouTube)[]).filter((other) => keyOf(other) !== keyOf(item)) }));
      setAnnouncement(t('vendorMedia.removed', { item: itemName(kind, index) }));
    } catch (error) {
      setProblem(messageOf(error, '', kind));
    }
  }

  const youtubeId = youtubeIdOfLink(link);
  const soundCloud = youtubeId ? null : soundCloudUrlOf(link);
  async function addLink() {
    if (!link.trim()) return;
    if (!youtubeId && !soundCloud) { setLinkError(t('vendorMedia.linkNotRecognized')); return; }
    setLinkBusy(true);
    setLinkError(null);
    try {
      const answer = await environmentOf(undefined).api.request<{ media: VendorMediaItem }>('POST', 'vendor/media/links', { body: { link, description: trimmedCaption(linkDescription) }, silent: true });
      add(answer.media);
      // Only what was sent is cleared: a link typed while this one was being added stays in the box.
      setLink((current) => (current === link ? '' : current));
      setLinkDescription((current) => (current === linkDescription ? {} : current));
      setAnnouncement(t('vendorMedia.linkAdded'));
    } catch (error) {
      setLinkError(messageOf(error, '', youtubeId ? 'youtube' : 'audio'));
    } finally {
      setLinkBusy(false);
    }
  }
  function linkKey(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the link; it must not submit the profile form around this section.
    if (event.key === 'Enter') { event.preventDefault(); void addLink(); }
  }

  /** Writes an item's caption in both languages; true when it was saved. */
  async function saveCaption(kind: MediaKind, index: number, key: string, description: Text): Promise<string | null> {
    const list = listOf[kind];
    try {
      await environmentOf(undefined).api.request('PUT', 'vendor/media/description', { body: { kind, key, description }, silent: true });
      setLists((current) => ({
        ...current,
        [list]: (current[list] as (Photo | Linked | YouTube)[]).map((item) => (keyOf(item) === key ? { ...item, description } : item)),
      }));
      setAnnouncement(t('vendorMedia.captionSaved', { item: itemName(kind, index) }));
      return null;
    } catch (error) {
      return messageOf(error, '', kind);
    }
  }

  const captionEditor = (kind: MediaKind, index: number, item: Photo | Linked | YouTube) => (
    <CaptionEditor key={`${keyOf(item)}:${item.description.he ?? ''}:${item.description.en ?? ''}`} itemName={itemName(kind, index)} value={item.description}
      onSave={(description) => saveCaption(kind, index, keyOf(item), description)} />
  );

  const controls = (kind: MediaKind, index: number, count: number, key: string) => {
    const name = itemName(kind, index);
    return (
      <div className="media-item-actions">
        <button type="button" className="button button-compact" disabled={index === 0} onClick={() => move(kind, index, -1)}
          aria-label={t('vendorMedia.moveEarlier', { item: name })} data-focus-key={`${kind}:${key}:earlier`} data-testid="media-move-earlier">
          <span aria-hidden="true" className="media-arrow">{locale === 'he' ? '→' : '←'}</span> <span className="media-move-text">{t('vendorMedia.earlier')}</span>
        </button>
        <button type="button" className="button button-compact" disabled={index === count - 1} onClick={() => move(kind, index, 1)}
          aria-label={t('vendorMedia.moveLater', { item: name })} data-focus-key={`${kind}:${key}:later`} data-testid="media-move-later">
          <span className="media-move-text">{t('vendorMedia.later')}</span> <span aria-hidden="true" className="media-arrow">{locale === 'he' ? '←' : '→'}</span>
        </button>
        <ConfirmButton label={t('vendorMedia.remove')} ariaLabel={name} question={t('vendorMedia.confirmRemove', { item: name })}
          confirmLabel={t('vendorMedia.confirmYes')} cancelLabel={t('vendorMedia.keep')} busyLabel={t('vendorMedia.removing')}
          onConfirm={() => remove(kind, index)} testId="media-remove" />
      </div>
    );
  };

  const uploadButton = (kind: UploadKind, label: string, multiple: boolean) => (
    <label className="button media-file-button">
      <input type="file" accept={ACCEPT[kind]} multiple={multiple} className="visually-hidden" data-testid={`media-file-${kind}`}
        onChange={(event) => { chooseFiles(kind, event.currentTarget.files); event.currentTarget.value = ''; }} />
      <span aria-hidden="true">⤒</span> {label}
    </label>
  );

  const others: { kind: MediaKind; items: (Linked | YouTube)[] }[] = [
    { kind: 'youtube', items: lists.videos }, { kind: 'video', items: lists.videoFiles }, { kind: 'audio', items: lists.audio },
  ];

  return (
    <div className="vendor-media" data-testid="vendor-media">
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="media-announcement">{announcement}</p>
      {problem ? <p className="form-error" role="alert" data-testid="media-problem">{problem}</p> : null}

      <section className="media-block" aria-labelledby="media-photos-title">
        <div className="media-block-head">
          <h3 id="media-photos-title">{t('vendorMedia.photos')} <span className="muted">({lists.images.length}/{MAX.photo})</span></h3>
          {uploadButton('photo', t('vendorMedia.addPhotos'), true)}
        </div>
        <p className="hint">{t('vendorMedia.photosHint')}</p>
        {lists.images.length === 0 ? <p className="empty">{t('vendorMedia.noPhotos')}</p> : (
          <ol className="media-photo-grid" data-testid="media-photos">
            {lists.images.map((photo, index) => (
              <li key={photo.url} className="media-photo" data-testid="media-photo" data-url={photo.url}>
                <img src={photo.thumbnailUrl ?? photo.url} alt={tr(photo.description, locale) || itemName('photo', index)} loading="lazy" decoding="async" />
                <span className="media-photo-number" aria-hidden="true">{index + 1}</span>
                {controls('photo', index, lists.images.length, photo.url)}
                {captionEditor('photo', index, photo)}
              </li>
            ))}
          </ol>
        )}
      </section>

      {uploads.length > 0 ? (
        <ul className="media-uploads" aria-label={t('vendorMedia.uploadsLabel')}>
          {uploads.map((upload) => (
            <li key={upload.id} className={`media-upload-row is-${upload.phase}`} data-testid="media-upload" data-phase={upload.phase}>
              <bdi className="media-upload-name">{upload.name}</bdi>
              {upload.phase === 'failed' ? (
                <>
                  <span className="form-error" role="alert" data-testid="media-upload-error">{upload.error}</span>
                  <button type="button" className="button button-compact" onClick={() => setUploads((current) => current.filter((other) => other.id !== upload.id))}>{t('vendorMedia.dismiss')}</button>
                </>
              ) : (
                <>
                  <progress max={100} value={upload.phase === 'processing' ? undefined : Math.round(upload.fraction * 100)} aria-label={t('vendorMedia.progressLabel', { name: upload.name })} />
                  <span className="muted">{upload.phase === 'waiting' ? t('vendorMedia.waiting') : upload.phase === 'processing' ? t('vendorMedia.processing') : t('vendorMedia.sending', { percent: Math.round(upload.fraction * 100) })}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}

      <section className="media-block" aria-labelledby="media-av-title">
        <div className="media-block-head">
          <h3 id="media-av-title">{t('vendorMedia.videoAudio')}</h3>
          <div className="media-block-buttons">
            {uploadButton('video', t('vendorMedia.addVideoFile'), false)}
            {uploadButton('audio', t('vendorMedia.addAudioFile'), false)}
          </div>
        </div>
        <p className="hint">{t('vendorMedia.videoAudioHint')}</p>
        <div className="field media-link-field">
          <label htmlFor="media-link">{t('vendorMedia.link')}</label>
          <div className="media-link-row">
            <input id="media-link" type="url" dir="ltr" value={link} onChange={(event) => { setLink(event.target.value); setLinkError(null); }} onKeyDown={linkKey}
              placeholder="https://youtu.be/…" aria-invalid={linkError ? true : undefined} aria-describedby="media-link-hint" data-testid="media-link" />
            <button type="button" className="button" onClick={addLink} disabled={linkBusy || !link.trim()} data-testid="media-link-add">{linkBusy ? t('vendorMedia.adding') : t('vendorMedia.addLink')}</button>
          </div>
          <small id="media-link-hint" role="status">
            {linkError ? <span className="form-error" data-testid="media-link-error">{linkError}</span>
              : youtubeId ? t('vendorMedia.linkYouTube', { id: youtubeId })
              : soundCloud ? t('vendorMedia.linkSoundCloud')
              : link.trim() ? t('vendorMedia.linkNotRecognized') : t('vendorMedia.linkHint')}
          </small>
          <CaptionFields legend={t('vendorMedia.linkDescription')} idPrefix="media-link-description" testId="media-link-description" value={linkDescription} onChange={setLinkDescription} onKeyDown={linkKey} />
        </div>
        {others.every((group) => group.items.length === 0) ? <p className="empty">{t('vendorMedia.noVideoAudio')}</p> : others.filter((group) => group.items.length > 0).map((group) => (
          <div key={group.kind} className="media-av-group">
            <h4>{t(`vendorMedia.groups.${group.kind}`)} <span className="muted">({group.items.length}/{MAX[group.kind]})</span></h4>
            <ol className="media-av-list" data-testid={`media-list-${group.kind}`}>
              {group.items.map((item, index) => (
                <li key={keyOf(item)} className="media-av-item" data-testid="media-av-item">
                  <span className="media-av-label">
                    <span className="media-av-icon" aria-hidden="true">{group.kind === 'audio' ? '♫' : '▶'}</span>
                    <span><strong>{itemName(group.kind, index)}</strong><br />
                      <bdi className="muted media-av-source" dir="ltr">{'youtubeId' in item ? `youtu.be/${item.youtubeId}` : item.url.replace(/^https:\/\//, '')}</bdi></span>
                  </span>
                  {controls(group.kind, index, group.items.length, keyOf(item))}
                  {captionEditor(group.kind, index, item)}
                </li>
              ))}
            </ol>
          </div>
        ))}
      </section>
    </div>
  );
}

/** A caption's two fields, Hebrew first, each labelled with its language and written in its direction. */
function CaptionFields(props: { legend: string; idPrefix: string; testId: string; value: Text; onChange: (value: Text) => void; onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void; hint?: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="media-caption-fields">
      <legend>{props.legend}</legend>
      {props.hint ? <small id={`${props.idPrefix}-hint`}>{props.hint}</small> : null}
      {CAPTION_LOCALES.map((lang) => (
        <div className="media-caption-field" key={lang}>
          <label htmlFor={`${props.idPrefix}-${lang}`}>{t(`language.${lang}`)}</label>
          <input id={`${props.idPrefix}-${lang}`} type="text" lang={lang} dir={lang === 'he' ? 'rtl' : 'ltr'} maxLength={CAPTION_MAX} value={props.value[lang] ?? ''}
            aria-describedby={props.hint ? `${props.idPrefix}-hint` : undefined}
            onChange={(event) => props.onChange({ ...props.value, [lang]: event.target.value })} onKeyDown={props.onKeyDown} data-testid={`${props.testId}-${lang}`} />
        </div>
      ))}
    </fieldset>
  );
}

/**
 * An item's caption under it: what it says in the page's language (or the other one), and a disclosure
 * with a field per language and a save button. Enter in a field saves (it must not submit the profile
 * form around this section); an open editor takes the photo grid's whole row, so the fields stay
 * wide enough on a phone.
 */
function CaptionEditor(props: { itemName: string; value: Text; onSave: (value: Text) => Promise<string | null> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [draft, setDraft] = useState<Text>(props.value);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = tr(props.value, locale);
  const shownLang: Locale = props.value[locale]?.trim() ? locale : locale === 'he' ? 'en' : 'he';
  async function save() {
    setBusy(true);
    setError(null);
    const problem = await props.onSave(trimmedCaption(draft));
    setBusy(false);
    if (problem) setError(problem);
    else setOpen(false);
  }
  const enter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') { event.preventDefault(); void save(); }
  };
  return (
    <div className={`media-caption${open ? ' is-open' : ''}`} data-testid="media-caption">
      {shown ? <p className="media-caption-text" lang={shownLang} dir="auto" data-testid="media-caption-text">{shown}</p> : null}
      <button type="button" className="button button-compact media-caption-toggle" aria-expanded={open} aria-controls={`${id}-fields`}
        aria-label={`${shown ? t('vendorMedia.editCaption') : t('vendorMedia.addCaption')}: ${props.itemName}`} onClick={() => { setOpen(!open); setDraft(props.value); setError(null); }}
        data-testid="media-caption-toggle">
        {shown ? t('vendorMedia.editCaption') : t('vendorMedia.addCaption')}
      </button>
      {open ? (
        <div id={`${id}-fields`} className="media-caption-editor">
          <CaptionFields legend={t('vendorMedia.captionOf', { item: props.itemName })} idPrefix={`${id}-caption`} testId="media-caption" value={draft} onChange={setDraft} onKeyDown={enter}
            hint={t('vendorMedia.captionHint')} />
          {error ? <p className="form-error" role="alert" data-testid="media-caption-error">{error}</p> : null}
          <button type="button" className="button button-compact button-primary" onClick={save} disabled={busy} data-testid="media-caption-save">
            {busy ? t('vendorMedia.savingCaption') : t('vendorMedia.saveCaption')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
