import { afterAll, describe, expect, it } from 'vitest';
import { standIn, useStarted } from './use-started.ts';

describe('useStarted', () => {
  const events: string[] = [];
  // Runs after the inner block's own afterAll: the server was started once and closed once.
  afterAll(() => expect(events).toEqual(['started', 'closed']));

  describe('a block with a server', () => {
    const server = useStarted(async () => {
      events.push('started');
      return { port: 4321, close: async () => { events.push('closed'); } };
    });

    it('reads the started server through its stand-in', () => {
      expect(server.port).toBe(4321);
      expect(events).toEqual(['started']);
    });
  });

  it('refuses a read before the server is made, naming what was read', () => {
    const early = standIn<{ port: number }>('server', () => undefined);
    expect(() => early.port).toThrow('the test server is read before its beforeAll ran');
  });
});
