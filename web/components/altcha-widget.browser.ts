// The ALTCHA widget (a web component, `<altcha-widget>`), loaded in the browser only when a form shows
// a security challenge, so the storefront's first load does not carry it. The "external" build: no
// inline styles or blob workers, which the page's CSP forbids; its worker and stylesheet are served
// from this site (web/altcha-assets.ts names them).
import 'altcha/external';
import 'altcha/i18n/he';
import 'altcha/i18n/en';

declare const process: { env: { ALTCHA_WORKER_URL: string; ALTCHA_STYLESHEET_URL: string } };

interface AltchaGlobal { algorithms: Map<string, () => Worker> }

(globalThis as unknown as { $altcha: AltchaGlobal }).$altcha.algorithms.set('PBKDF2/SHA-256', () => new Worker(process.env.ALTCHA_WORKER_URL));

if (!document.querySelector('link[data-altcha]')) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = process.env.ALTCHA_STYLESHEET_URL;
  link.dataset.altcha = '';
  document.head.append(link);
}

export const ALTCHA_READY = true;
