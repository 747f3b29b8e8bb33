import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';

// Security headers of every answer (main.ts mounts `securityHeaders` first): no MIME sniffing, no
// framing by other sites, no full URLs in the Referer of outgoing links. Answers that are not pages
// (the APIs' JSON, assets) also get a Content-Security-Policy that allows nothing; a page replaces it
// with `pageContentSecurityPolicy` (web/server.ts).
// By setHeader: what res.set of these texts sets, without its steps per header (on every answer).
export const securityHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  next();
};

/** The CSP `'sha256-…'` source that allows exactly this inline script. */
export const scriptHashSource = (script: string): string => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/**
 * The CSP of a server-rendered page. Scripts: the page's own bundle and exactly the inline scripts
 * hashed here (the router's hydration data); no eval. Styles: the stylesheet, plus style attributes
 * (React renders computed colours and sizes as `style`). Images and audio: the http(s) media URLs
 * vendors give (checked by the command API) and the data: favicon. Frames: YouTube's no-cookie
 * player only. Connections: this origin, including its realtime websocket (`ws:`/`wss:` of the
 * page's host, which older browsers do not count as 'self').
 */
export function pageContentSecurityPolicy(options: { inlineScripts: string[]; host?: string }): string {
  const host = options.host && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(options.host) ? options.host : null;
  return [
    "default-src 'self'",
    `script-src 'self' ${options.inlineScripts.map(scriptHashSource).join(' ')}`.trim(),
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: https: http:",
    "media-src 'self' https: http:",
    'frame-src https://www.youtube-nocookie.com https://w.soundcloud.com',
    `connect-src 'self'${host ? ` ws://${host} wss://${host}` : ''}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
