import { EventEmitter } from 'node:events';
import type { Realtime, RealtimeMessage } from '../../domain/ports/realtime.ts';

// The embedded Realtime adapter (DESIGN §2): an in-process emitter. Instances made with the same hub
// see each other's messages, as processes sharing one Redis do. Delivery is asynchronous (like pub/sub),
// and a listener that throws does not stop the others.
export type RealtimeHub = EventEmitter;
export const createRealtimeHub = (): RealtimeHub => new EventEmitter().setMaxListeners(0);

export function createMemoryRealtime(options: { hub?: RealtimeHub } = {}): Realtime {
  const hub = options.hub ?? createRealtimeHub();
  const mine = new Set<(message: RealtimeMessage) => void>();
  let closed = false;

  return {
    async publish(message) {
      if (closed) throw new Error('Realtime is closed');
      const copy = structuredClone(message);
      setImmediate(() => hub.emit('message', copy));
    },
    async subscribe(listener) {
      if (closed) throw new Error('Realtime is closed');
      const safe = (message: RealtimeMessage) => {
        try {
          listener(structuredClone(message));
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
