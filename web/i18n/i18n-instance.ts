import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../api/view-models.ts';

/** The messages of one language: nested keys, texts at the leaves. */
export type MessageTree = { [key: string]: string | MessageTree };

/**
 * An i18next instance for one language, initialised synchronously from that language's messages. A
 * page is in one language (the other is another URL, reached by a full load), so an instance needs
 * only its own: the browser loads just the page's messages (web/client-bundle.ts).
 */
export function createI18n(locale: Locale, messages: MessageTree): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: messages } },
    interpolation: { escapeValue: false },
    // Keys contain dots in their last part (notification.order.placed): only `.` nests, `:` is unused.
    nsSeparator: false,
    initAsync: false,
    showSupportNotice: false,
  } as Parameters<i18n['init']>[0]);
  return instance;
}
