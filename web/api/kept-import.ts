/**
 * A dynamic import whose promise is kept once it loads: each import() of a loaded module still runs the
 * loader's resolution (and its hooks), several times per server-rendered page. A failed import (a chunk
 * the browser could not fetch) is not kept: the next call asks again.
 */
export function keptImport<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | undefined;
  return () => (loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));
}
