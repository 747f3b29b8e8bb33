import type { RequestHandler } from 'express';
import { Readable } from 'node:stream';
import { HttpProblem } from './problem.ts';

// The web service's /api gateway in distributed mode: the browser calls one origin (SPEC §7: the API
// base is host-relative), and the web process forwards each call to the service that owns it — reads
// (GET) to the query API, writes and the command API's own reads (GET /api/user/current, which holds
// the token's user, and GET /api/security-challenge, signed with the command API's key) to the command API.
const commandOwnedReads = new Set(['/api/user/current', '/api/security-challenge']);
/** The analysts' exports run in the command API, which answers their progress and files. */
const commandOwnedPrefixes = ['/api/admin/exports/'];

export function apiGateway(options: { commandApiUrl: string; queryApiUrl: string; fetch?: typeof fetch }): RequestHandler {
  const send = options.fetch ?? fetch;
  const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'content-length']);
  return async (req, res, next) => {
    try {
      const path = req.originalUrl.split('?')[0]!;
      const toCommand = req.method !== 'GET' && req.method !== 'HEAD' ? true : commandOwnedReads.has(path) || commandOwnedPrefixes.some((prefix) => path.startsWith(prefix));
      const target = new URL(req.originalUrl, toCommand ? options.commandApiUrl : options.queryApiUrl);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined || hopByHop.has(name)) continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      headers.set('x-forwarded-for', req.ip ?? '');
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const answer = await send(target, {
        method: req.method,
        headers,
        body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
        // @ts-expect-error undici needs duplex for a streamed request body
        duplex: hasBody ? 'half' : undefined,
        redirect: 'manual',
      });
      res.status(answer.status);
      answer.headers.forEach((value, name) => {
        if (!hopByHop.has(name) && name !== 'content-encoding') res.setHeader(name, value);
      });
      res.send(Buffer.from(await answer.arrayBuffer()));
    } catch (error) {
      next(new HttpProblem(502, 'Bad gateway', { code: 'api-unreachable', detail: `The API service did not answer (${(error as Error).message}).` }));
    }
  };
}
