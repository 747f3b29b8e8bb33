import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

// Requests Node's HTTP parser refuses before Express sees them — headers over the size limit (431),
// a malformed request line or header (400), a request that timed out (408) — are answered as
// problem+json like every other error of the APIs, instead of Node's bare status line.
const answers: Record<number, { title: string; code: string; detail: string }> = {
  400: { title: 'Bad request', code: 'bad-request', detail: 'The request could not be read.' },
  408: { title: 'Request timeout', code: 'request-timeout', detail: 'The request took too long to arrive.' },
  431: { title: 'Request header fields too large', code: 'headers-too-large', detail: 'The request headers are too large (cookies, perhaps).' },
};

export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const { title, code, detail } = answers[status]!;
    const body = JSON.stringify({ type: `https://httpstatuses.io/${status}`, title, status, code, detail });
    socket.end([
      `HTTP/1.1 ${status} ${title}`,
      'Content-Type: application/problem+json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'X-Content-Type-Options: nosniff',
      'Connection: close',
      '',
      body,
    ].join('\r\n'));
  });
}
