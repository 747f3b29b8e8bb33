import { useContext } from 'react';
import { getI18n, I18nContext } from 'react-i18next';
import type { useTranslation as useTranslationOfReactI18next } from 'react-i18next';
import type { i18n } from 'i18next';

// A component's translations: `t` of the page's i18next instance (the nearest I18nextProvider's) and
// the instance. react-i18next's own useTranslation keeps each component subscribed to language and
// namespace changes, with a dozen hooks, a subscription and a copy of the instance's properties per
// component; here a page is in one language, whose messages are in the instance before its first
// render (web/i18n/i18n-instance.ts; the other language is another URL, and a route group's messages
// are added before its screens render), so one `t` per instance serves every component, and hydrating
// a page (a call per component that shows text) costs one context read each (docs/storefront.md).
type Translation = Pick<ReturnType<typeof useTranslationOfReactI18next>, 't' | 'i18n'>;

const translations = new WeakMap<i18n, Translation>();

export function useTranslation(): Translation {
  const instance = useContext(I18nContext)?.i18n ?? getI18n();
  let translation = translations.get(instance);
  if (!translation) {
    translation = { t: instance.getFixedT(instance.language, 'translation') as Translation['t'], i18n: instance };
    translations.set(instance, translation);
  }
  return translation;
}
