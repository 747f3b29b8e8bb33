import type { i18n } from 'i18next';
import { loadChunk } from './chunk-recovery.ts';

// The dashboards' and back office's texts (web/i18n/route-group-messages.ts) are a chunk of their own
// per language: added to the page's i18next instance when a route group is first loaded, before its
// screens render. Browser only: the server's instances hold every text.
const withGroupMessages = new WeakSet<i18n>();

export async function addRouteGroupMessages(instance: i18n): Promise<void> {
  if (withGroupMessages.has(instance)) return;
  const locale = instance.language === 'en' ? 'en' : 'he';
  const { messages } = await loadChunk(() => (locale === 'en' ? import('route-group-messages:en') : import('route-group-messages:he')));
  instance.addResourceBundle(locale, 'translation', messages, true, false);
  withGroupMessages.add(instance);
}
