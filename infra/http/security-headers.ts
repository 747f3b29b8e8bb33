import { hash } from 'node:crypto';
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

// A page's short inline scripts (the script loader, the same text on every page) are hashed once and
// kept; a longer one (the page's own hydration data) is hashed each time, by crypto.hash in one call
// rather than a Hash object made, fed and digested (the CSP's hashes were ~2% of a vendor page's time).
const KEPT_SCRIPT_MAX_CHARS = 2048;
const KEPT_SCRIPTS_MAX = 64;
const keptSources = new Map<string, string>();

/** The CSP `'sha256-…'` source that allows exactly this inline script. */
export function scriptHashSource(script: string): string {
  if (script.length > KEPT_SCRIPT_MAX_CHARS) return `'sha256-${hash('sha256', script, 'base64')}'`;
  let source = keptSources.get(script);
  if (source === undefined) {
    if (keptSources.size >= KEPT_SCRIPTS_MAX) keptSources.clear();
    source = `'sha256-${hash('sha256', script, 'base64')}'`;
    keptSources.set(script, source);
  }
  return source;
}

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
