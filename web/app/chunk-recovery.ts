// SPEC §8 module errors: "a missing module gives a not-found error; a chunk that fails to load gives a
// load error; a chunk times out after 120 seconds." The browser loads the dashboards' and the back
// office's code (web/app/route-groups.ts) as chunks named by their content; after a deploy, a tab opened
// before it still names the old chunks, which the server no longer has. Such a tab recovers by loading
// the page it was going to afresh, once: the new document names the new chunks. If the code still does
// not come (the connection, or the server), the reader gets a readable error with a way to try again.

export const CHUNK_TIMEOUT_MS = 120_000;

/** not-found: the server has no such chunk (a deploy replaced it); load: it did not arrive; timeout: 120 s passed. */
export type ChunkErrorKind = 'not-found' | 'load' | 'timeout';

export class ChunkError extends Error {
  readonly kind: ChunkErrorKind;
  readonly chunkUrl: string | null;
  constructor(kind: ChunkErrorKind, chunkUrl: string | null, cause?: unknown) {
    super(kind === 'timeout' ? `A code chunk did not load within ${CHUNK_TIMEOUT_MS / 1000} s` : kind === 'not-found' ? `A code chunk is missing: ${chunkUrl}` : `A code chunk failed to load: ${chunkUrl ?? 'unknown'}`, { cause });
    this.name = 'ChunkError';
    this.kind = kind;
    this.chunkUrl = chunkUrl;
  }
}

export const isChunkError = (error: unknown): error is ChunkError => error instanceof ChunkError;

/** The module address in a browser's failed dynamic import message (Chromium, Firefox and Safari name it). */
export function chunkUrlOf(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/[^\s'"]+\.m?js)/.exec(message)?.[1] ?? null;
}

export interface ChunkLoadOptions {
  timeoutMs?: number;
  /** The status the server answers for a chunk's address now (404: gone), or null when it cannot be asked. */
  probe?: (url: string) => Promise<number | null>;
}

const probeByHead = async (url: string): Promise<number | null> => {
  try {
    return (await fetch(url, { method: 'HEAD', cache: 'no-store' })).status;
  } catch {
    return null;
  }
};

/** `load()` (an `import()`), failing with a ChunkError after 120 s or when the chunk does not come. */
export async function loadChunk<T>(load: () => Promise<T>, options: ChunkLoadOptions = {}): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkError('timeout', null)), options.timeoutMs ?? CHUNK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([load(), timeout]);
  } catch (error) {
    if (isChunkError(error)) throw error;
    const url = chunkUrlOf(error);
    const status = url ? await (options.probe ?? probeByHead)(url) : null;
    throw new ChunkError(status === 404 ? 'not-found' : 'load', url, error);
  } finally {
    clearTimeout(timer);
  }
}

/** Where the one fresh load per page is remembered across it (sessionStorage: this tab only). */
export const CHUNK_RELOAD_KEY = 'chunk-reload';
/** A second failure of the same page within this time is not a stale tab: the error shows. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

/**
 * Whether to load `path` afresh after a chunk error: yes once (remembered with the time), no when the
 * same page was already loaded afresh for this in the last minute.
 */
export function shouldReloadOnce(path: string, storage: Pick<Storage, 'getItem' | 'setItem'>, now = Date.now()): boolean {
  let last: { path?: string; at?: number } = {};
  try {
    last = JSON.parse(storage.getItem(CHUNK_RELOAD_KEY) ?? '{}') as typeof last;
  } catch {
    last = {};
  }
  if (last.path === path && typeof last.at === 'number' && now - last.at < CHUNK_RELOAD_WINDOW_MS) return false;
  try {
    storage.setItem(CHUNK_RELOAD_KEY, JSON.stringify({ path, at: now }));
  } catch {
    return false; // Storage refused: a reload could loop; show the error instead.
  }
  return true;
}

export interface ChunkErrorTexts { title: string; reason: string; reload: string }

/**
 * Before hydration the page is the server's HTML and React is not running: when the page's own code
 * cannot be loaded, a notice on top of it says so and offers to load it again (the page stays readable).
 */
export function showChunkErrorNotice(document: Document, texts: ChunkErrorTexts): HTMLElement {
  const notice = document.createElement('div');
  notice.className = 'chunk-error-notice';
  notice.setAttribute('role', 'alert');
  notice.dataset.testid = 'chunk-error';
  const title = document.createElement('strong');
  title.textContent = texts.title;
  const reason = document.createElement('span');
  reason.textContent = texts.reason;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'button button-small';
  reload.textContent = texts.reload;
  reload.addEventListener('click', () => document.defaultView?.location.reload());
  notice.append(title, ' ', reason, ' ', reload);
  document.body.prepend(notice);
  return notice;
}
