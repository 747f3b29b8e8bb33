import { afterAll, beforeAll } from 'vitest';

/**
 * A test server started before the calling describe block's tests and closed after them. The answer
 * stands for the one made in beforeAll, so it is read inside tests and later hooks only (each property
 * read goes to the started one).
 */
export function useStarted<App extends { close(): Promise<void> }>(start: () => Promise<App>): App {
  let app: App | undefined;
  beforeAll(async () => { app = await start(); });
  afterAll(async () => { await app?.close(); });
  return standIn('server', () => app);
}

/** An object whose property reads go to the one `current` answers, once a beforeAll has made it. */
export function standIn<T extends object>(name: string, current: () => T | undefined): T {
  return new Proxy({} as T, {
    get: (_target, property) => {
      const made = current();
      if (!made) throw new Error(`the test ${name} is read before its beforeAll ran (read it inside a test)`);
      return Reflect.get(made, property);
    },
  });
}
