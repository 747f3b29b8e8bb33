import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { environmentOf } from '../app/environment.ts';
import { formatDate, formatPrice } from '../app/format.ts';
import { useLocale } from '../app/links.tsx';
import { streamHistory, streamStateAt, type HistoryActor, type HistoryEvent, type StreamHistory, type StreamState } from '../api/event-history.ts';
import type { Locale } from '../api/view-models.ts';

// An entity's event history with time travel, for the end of every admin entity page:
//
//   <EventHistory streamId={vendorStream(vendorId)} />
//
// One line is enough: the component reads the stream itself in the browser (GET
// /api/admin/streams/:streamId/state?withEvents=true). A page whose loader already read it
// (`streamHistory(api, streamId)` from web/api/event-history.ts) passes `initial` so the history is
// in the server-rendered HTML; give it `key={history.latest.currentRevision}` so it starts over at
// "now" after the page reloads its data. Streams: `order-<id>`, `vendor-<id>`, `product-<id>`,
// `user-<id>`, `contract-<id>`, and any other category the API folds (query-api/routes/admin-stream-deciders.ts).
//
// It lists the stream's events (type, time, actor with name and role, data as key/values with the raw
// JSON to expand) and a slider over the revisions: the entity as of the chosen revision is folded on
// the server by the aggregate's own evolve, never re-implemented here.
export interface EventHistoryProps {
  streamId: string;
  /** The history a loader read, for the server-rendered page. */
  initial?: StreamHistory | null;
}

const ROLE_ORDER = ['system', 'superAdmin', 'admin', 'operator', 'vendor', 'user', 'guest'] as const;
/** The actor's most telling role: an admin who also owns a vendor acted as admin. */
export const mainRole = (roles: string[]): (typeof ROLE_ORDER)[number] => ROLE_ORDER.find((role) => roles.includes(role)) ?? 'guest';

const when = (iso: string, locale: Locale) => formatDate(iso, locale, { dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23' });

/** Who acted: their name and role, "The system" for the product itself. */
export function ActorName(props: { actor: HistoryActor }) {
  const { t } = useTranslation();
  const { actor } = props;
  const role = mainRole(actor.roles);
  const name = role === 'system' ? t('adminHistory.actor.system')
    : actor.name ?? (actor.userId ? t('adminHistory.actor.unknown', { id: actor.userId.slice(0, 8) }) : t('adminHistory.actor.guest'));
  return (
    <span className="history-actor-name">
      <bdi>{name}</bdi>
      {role !== 'system' ? <span className="history-role">{t(`adminHistory.roles.${role}`)}</span> : null}
    </span>
  );
}

export function EventHistory(props: EventHistoryProps) {
  const { t } = useTranslation();
  const [history, setHistory] = useState<StreamHistory | null>(props.initial ?? null);
  const [loadError, setLoadError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const headingId = useId();

  useEffect(() => {
    if (props.initial) return;
    let cancelled = false;
    setLoadError(false);
    streamHistory(environmentOf(undefined).api, props.streamId).then(
      (loaded) => { if (!cancelled) setHistory(loaded); },
      () => { if (!cancelled) setLoadError(true); },
    );
    return () => { cancelled = true; };
  }, [props.streamId, props.initial, attempt]);

  return (
    <section className="event-history" aria-labelledby={headingId} data-testid="event-history" data-stream-id={props.streamId}>
      <h2 id={headingId}>{t('adminHistory.history.title')}</h2>
      {history ? <TimeTravel history={history} /> : loadError ? (
        <div className="notice" role="alert">
          <p>{t('adminHistory.history.loadFailed')}</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>{t('adminHistory.history.retry')}</button>
        </div>
      ) : <p className="muted" role="status">{t('adminHistory.history.loading')}</p>}
    </section>
  );
}

function TimeTravel(props: { history: StreamHistory }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { latest, events } = props.history;
  const last = latest.currentRevision;
  const [revision, setRevision] = useState(last);
  // States already read, by revision: a past revision never changes.
  const states = useRef(new Map<number, StreamState>([[last, latest]]));
  const [shown, setShown] = useState<StreamState>(latest);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const sliderId = useId();
  const eventByRevision = useMemo(() => new Map(events.map((event) => [event.revision, event])), [events]);

  useEffect(() => {
    const known = states.current.get(revision);
    if (known) {
      setShown(known);
      setPending(false);
      setFailed(false);
      return;
    }
    setPending(true);
    setFailed(false);
    let cancelled = false;
    // A short pause so sliding across many revisions reads only the one the admin stops at.
    const timer = setTimeout(() => {
      streamStateAt(environmentOf(undefined).api, latest.streamId, revision).then(
        (state) => {
          states.current.set(revision, state);
          if (!cancelled) { setShown(state); setPending(false); }
        },
        () => { if (!cancelled) { setPending(false); setFailed(true); } },
      );
    }, 150);
    return () => { cancelled = true; clearTimeout(timer); };
  }, [revision, latest.streamId]);

  const selected = eventByRevision.get(revision);
  const selectedAt = selected?.at ?? (shown.revision === revision ? shown.at : '');
  const selectedType = selected?.type ?? (shown.revision === revision ? shown.eventType : '');
  const asOf = t('adminHistory.history.asOf', { revision, time: selectedAt ? when(selectedAt, locale) : '…' });
  const move = (to: number) => setRevision(Math.min(last, Math.max(0, to)));
  const newestFirst = [...events].reverse();

  return (
    <div className="time-travel">
      <p className="muted">{t('adminHistory.history.lead')}</p>
      <div className="card time-travel-panel">
        <div className="time-travel-control">
          <label htmlFor={sliderId}>{t('adminHistory.history.slider')}</label>
          <input
            id={sliderId} type="range" min={0} max={last} step={1} value={revision} disabled={last === 0}
            onChange={(event) => move(Number(event.currentTarget.value))}
            aria-valuetext={t('adminHistory.history.valueText', { revision, last, type: selectedType, time: selectedAt ? when(selectedAt, locale) : '' })}
            data-testid="history-slider"
          />
          <output htmlFor={sliderId} className="time-travel-as-of" data-testid="history-as-of" data-revision={revision}>{asOf}</output>
          <div className="time-travel-steps" role="group" aria-label={t('adminHistory.history.slider')}>
            <button type="button" className="button" onClick={() => move(0)} disabled={revision === 0}>{t('adminHistory.history.earliest')}</button>
            <button type="button" className="button" onClick={() => move(revision - 1)} disabled={revision === 0} data-testid="history-earlier">{t('adminHistory.history.previous')}</button>
            <button type="button" className="button" onClick={() => move(revision + 1)} disabled={revision === last} data-testid="history-later">{t('adminHistory.history.next')}</button>
            <button type="button" className="button" onClick={() => move(last)} disabled={revision === last} data-testid="history-now">{t('adminHistory.history.latest')}</button>
          </div>
          <p className={revision === last ? 'muted' : 'notice time-travel-past'} data-testid="history-when">
            {revision === last ? t('adminHistory.history.now') : t('adminHistory.history.past')}
          </p>
        </div>
        <div className="time-travel-state" aria-busy={pending} data-testid="history-state" data-revision={shown.revision} data-pending={pending}>
          <h3>{t('adminHistory.history.state', { revision: shown.revision })}</h3>
          <p className="visually-hidden" role="status">
            {pending ? t('adminHistory.history.stateLoading', { revision }) : failed ? t('adminHistory.history.stateFailed', { revision }) : ''}
          </p>
          {failed ? <p className="form-error">{t('adminHistory.history.stateFailed', { revision })}</p> : null}
          <div className={pending ? 'time-travel-stale' : undefined}>
            {shown.folded ? <StateView state={shown.state} category={shown.category} /> : <p className="muted">{t('adminHistory.history.noState')}</p>}
          </div>
        </div>
      </div>
      <h3 className="history-events-title">{t('adminHistory.history.events', { count: last + 1 })}</h3>
      {events.length < last + 1 ? <p className="muted">{t('adminHistory.history.olderNotListed', { count: events.length })}</p> : null}
      <ol className="history-events" data-testid="history-events">
        {newestFirst.map((event) => (
          <HistoryEventItem key={event.id} event={event} selected={event.revision === revision} later={event.revision > revision} onShow={() => move(event.revision)} />
        ))}
      </ol>
    </div>
  );
}

function HistoryEventItem(props: { event: HistoryEvent; selected: boolean; later: boolean; onShow: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { event } = props;
  return (
    <li
      className={`history-event${props.selected ? ' is-selected' : ''}${props.later ? ' is-later' : ''}`}
      aria-current={props.selected ? 'step' : undefined} data-testid="history-event" data-type={event.type} data-revision={event.revision}
    >
      <div className="history-event-head">
        <span className="history-revision">{t('adminHistory.history.revision', { revision: event.revision })}</span>
        <code className="history-type">{event.type}</code>
        <time dateTime={event.at}>{when(event.at, locale)}</time>
        {props.later ? <span className="visually-hidden">{t('adminHistory.history.later')}</span> : null}
      </div>
      <p className="history-by">{t('adminHistory.history.by')}: <ActorName actor={event.actor} /></p>
      <DataTree value={event.data} />
      <details className="history-raw">
        <summary>{t('adminHistory.history.rawJson')}</summary>
        <pre dir="ltr">{JSON.stringify(event.data, null, 2)}</pre>
      </details>
      {!props.selected ? (
        <button type="button" className="link-button history-show" onClick={props.onShow} data-testid="history-show">{t('adminHistory.history.showAsOf')}</button>
      ) : null}
    </li>
  );
}

function StateView(props: { state: unknown; category: string }) {
  const { t } = useTranslation();
  const { state, category } = props;
  if (state === null || state === undefined) return <p className="muted">{t('adminHistory.history.nothing')}</p>;
  const status = typeof state === 'object' && typeof (state as { status?: unknown }).status === 'string' ? (state as { status: string }).status : null;
  const statusLabel = status === null ? '' : category === 'order'
    ? t(`order.statuses.${status}`, { defaultValue: status })
    : t(`adminHistory.statuses.${status}`, { defaultValue: status });
  return (
    <>
      {status !== null ? (
        <p className="history-status-line">
          {t('adminHistory.history.status')}: <span className={`status status-${status}`} data-testid="history-status" data-status={status}>{statusLabel}</span>
        </p>
      ) : null}
      <DataTree value={state} />
    </>
  );
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const LONG_TEXT = 300;
const isMoney = (value: object): value is { amountMinor: number; currency: 'ILS' } =>
  Object.keys(value).length === 2 && typeof (value as { amountMinor?: unknown }).amountMinor === 'number' && (value as { currency?: unknown }).currency === 'ILS';

/** Any JSON as readable key/values: times in Israel time, money in shekels, long texts cut (the raw JSON has them whole). */
export function DataTree(props: { value: unknown }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { value } = props;
  if (value === null || value === undefined) return <span className="muted">—</span>;
  if (typeof value === 'boolean') return <>{value ? t('adminHistory.history.yes') : t('adminHistory.history.no')}</>;
  if (typeof value === 'number') return <bdi>{String(value)}</bdi>;
  if (typeof value === 'string') {
    if (value === '') return <span className="muted">—</span>;
    if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) return <time dateTime={value} title={value}>{when(value, locale)}</time>;
    return <bdi className="data-text">{value.length > LONG_TEXT ? `${value.slice(0, LONG_TEXT)}…` : value}</bdi>;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="muted">{t('adminHistory.history.none')}</span>;
    return <ol className="data-list">{value.map((item, index) => <li key={index}><DataTree value={item} /></li>)}</ol>;
  }
  if (typeof value === 'object') {
    if (isMoney(value)) return <bdi>{formatPrice(value, locale)}</bdi>;
    const entries = Object.entries(value);
    if (entries.length === 0) return <span className="muted">{t('adminHistory.history.noData')}</span>;
    return (
      <dl className="data-tree">
        {entries.map(([key, inner]) => (
          <div key={key} className="data-entry"><dt><bdi>{key}</bdi></dt><dd><DataTree value={inner} /></dd></div>
        ))}
      </dl>
    );
  }
  return <bdi>{String(value)}</bdi>;
}
