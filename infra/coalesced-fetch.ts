// A fetch many callers ask for at once (readiness probes asking a broker for its offsets): callers that
// ask while one runs share the next one, started once it ends. So at most one runs and one waits, however
// many ask, and every answer is fetched after its caller asked: as fresh as a fetch of its own.
export function coalescedFetch<T>(fetch: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const fetching = fetch().finally(() => {
      if (running === fetching) running = undefined;
    });
    running = fetching;
    return fetching;
  };
  return () => {
    if (!running) return start();
    next ??= running.then(() => undefined, () => undefined).then(() => {
      next = undefined;
      return start();
    });
    return next;
  };
}
