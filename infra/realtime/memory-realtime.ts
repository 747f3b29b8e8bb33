import { EventEmitter } from 'node:events';
import type { Realtime, RealtimeMessage } from '../../domain/ports/realtime.ts';

// The embedded Realtime adapter (DESIGN §2): an in-process emitter. Instances made with the same hub
// see each other's messages, as processes sharing one Redis do. Delivery is asynchronous (like pub/sub),
// and a listener that throws does not stop the others. A message travels as its JSON text, as over
// Redis: written once when published, and each listener parses its own copy (no listener shares an
// object with the publisher or another listener). Two structured clones per message cost twice the
// text's round trip, and a trip of figure 2 pushes eight notifications.
export type RealtimeHub = EventEmitter;
export const createRealtimeHub = (): RealtimeHub => new EventEmitter().setMaxListeners(0);

export function createMemoryRealtime(options: { hub?: RealtimeHub } = {}): Realtime {
  const hub = options.hub ?? createRealtimeHub();
  const mine = new Set<(text: string) => void>();
  let closed = false;

  return {
    async publish(message) {
      if (closed) throw new Error('Realtime is closed');
      const text = JSON.stringify(message);
      setImmediate(() => hub.emit('message', text));
    },
    async subscribe(listener) {
      if (closed) throw new Error('Realtime is closed');
      const safe = (text: string) => {
        try {
          listener(JSON.parse(text) as RealtimeMessage);
        } catch (error) {
          console.error('Realtime listener failed', error);
        }
      };
      hub.on('message', safe);
      mine.add(safe);
      return async () => {
        hub.off('message', safe);
        mine.delete(safe);
      };
    },
    async close() {
      closed = true;
      for (const listener of mine) hub.off('message', listener);
      mine.clear();
    },
  };
}
