import { publishToast } from './toasts.tsx';

// SPEC §4: the realtime socket connects with the user token and receives a socket UUID; pushed
// notifications are shown as toasts. Reconnects with a growing delay when the connection drops.
export interface RealtimeConnection { close(): void }

export function connectRealtime(token: string, onSocketId: (socketId: string) => void): RealtimeConnection {
  let socket: WebSocket | null = null;
  let closed = false;
  let delay = 1_000;
  const open = () => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${location.host}/ws?token=${encodeURIComponent(token)}`);
    socket.onmessage = (event) => {
      let message: { type?: string; socketId?: string; kind?: string; payload?: { params?: Record<string, string> } };
      try { message = JSON.parse(String(event.data)); } catch { return; }
      if (message.type === 'welcome' && message.socketId) { delay = 1_000; onSocketId(message.socketId); }
      if (message.type === 'notification' && message.kind) {
        publishToast({ kind: 'info', messageKey: `notification.${message.kind}`, params: message.payload?.params ?? {} });
      }
    };
    socket.onclose = () => {
      if (closed) return;
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 30_000);
    };
  };
  open();
  return { close() { closed = true; socket?.close(); } };
}
