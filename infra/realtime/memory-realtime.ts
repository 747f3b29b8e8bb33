import type { Realtime, RealtimeMessage } from '../../domain/ports/realtime.ts';

// The embedded Realtime adapter (DESIGN §2): an in-process bus. Instances made with the same hub
// see each other's messages, as processes sharing one Redis do. Delivery is asynchronous (like pub/sub),
// and a listener that throws does not stop the others. A message travels as its JSON text, as over
// Redis: written once when published, and each listener parses its own copy (no listener shares an
// object with the publisher or another listener). Two structured clones per message cost twice the
// text's round trip, and a trip of figure 2 pushes eight notifications.
//
// A listener names the messages it wants (RealtimeSubscription.wants): a message is written only when,
// as it is published, some listener on the hub wants it, and parsed only for those that want it when it
// is delivered. The web hub wants a user's notifications only while that user has a socket here.

interface HubListener {
  wants: (userId: string, kind: string) => boolean;
  /** Parses its own copy of the text and hands it to the listener. */
  deliver: (text: string) => void;
}

/** The listeners of the instances that share it. */
export interface RealtimeHub {
  readonly listeners: Set<HubListener>;
}
export const createRealtimeHub = (): RealtimeHub => ({ listeners: new Set() });

const wantsAll = (): boolean => true;

export function createMemoryRealtime(options: { hub?: RealtimeHub } = {}): Realtime {
  const hub = options.hub ?? createRealtimeHub();
  const mine = new Set<HubListener>();
  let closed = false;

  const wanted = (listener: HubListener, message: Pick<RealtimeMessage, 'userId' | 'kind'>): boolean => {
    try {
      return listener.wants(message.userId, message.kind);
    } catch (error) {
      console.error('Realtime listener failed', error);
      return false;
    }
  };

  return {
    async publish(message) {
      if (closed) throw new Error('Realtime is closed');
      let anyone = false;
      for (const listener of hub.listeners) if ((anyone = wanted(listener, message))) break;
      if (!anyone) return;
      const text = JSON.stringify(message);
      const { userId, kind } = message;
      setImmediate(() => {
        // The listeners on the hub then (one that unsubscribed meanwhile hears nothing more), each asked again.
        for (const listener of [...hub.listeners]) if (wanted(listener, { userId, kind })) listener.deliver(text);
      });
    },
    async subscribe(listener, subscription = {}) {
      if (closed) throw new Error('Realtime is closed');
      const entry: HubListener = {
        wants: subscription.wants ?? wantsAll,
        deliver: (text) => {
          try {
            listener(JSON.parse(text) as RealtimeMessage);
          } catch (error) {
            console.error('Realtime listener failed', error);
          }
        },
      };
      hub.listeners.add(entry);
      mine.add(entry);
      return async () => {
        hub.listeners.delete(entry);
        mine.delete(entry);
      };
    },
    async close() {
      closed = true;
      for (const entry of mine) hub.listeners.delete(entry);
      mine.clear();
    },
  };
}
