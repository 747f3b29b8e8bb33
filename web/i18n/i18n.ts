import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { he } from './messages.he.ts';
import { en } from './messages.en.ts';
import type { Locale } from '../api/view-models.ts';

// One i18next instance per language, initialised synchronously and shared (it is read-only once
// built), on the server pass and in the browser.
const instances = new Map<Locale, i18n>();

export function i18nFor(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.use(initReactI18next).init({
      lng: locale,
      fallbackLng: false,
      resources: { he: { translation: he }, en: { translation: en } },
      interpolation: { escapeValue: false },
      // Keys contain dots in their last part (notification.order.placed): only `.` nests, `:` is unused.
      nsSeparator: false,
      initAsync: false,
      showSupportNotice: false,
    } as Parameters<i18n['init']>[0]);
    instances.set(locale, instance);
  }
  return instance;
}

export const messages = { he, en };
