import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientErrors } from './client-errors.ts';

/** The raw answer of `request` sent as is on a fresh connection. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk) => { answer += chunk.toString('utf8'); });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('answers of requests the HTTP parser refuses', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('ok'));
    answerClientErrors(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers headers over the size limit with 431 problem+json', async () => {
    const answer = await rawExchange(port, `GET /api/x HTTP/1.1\r\nHost: localhost\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.startsWith('HTTP/1.1 431 ')).toBe(true);
    expect(answer).toMatch(/content-type: application\/problem\+json/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 431, code: 'headers-too-large' });
  });

  it('answers a malformed request with 400 problem+json', async () => {
    const answer = await rawExchange(port, 'NOT A REQUEST\r\n\r\n');
    expect(answer.startsWith('HTTP/1.1 400 ')).toBe(true);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 400, code: 'bad-request' });
  });
});
