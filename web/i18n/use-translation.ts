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

//
// A text asked for by its key alone (most of them) is looked up in i18next once per instance and then
// remembered: i18next resolves each call anew (options, nesting, interpolation), a tenth of the time of
// rendering an artist's page on the server. What it remembers is forgotten when messages are added (a
// route group's) or the language changes.
const translations = new WeakMap<i18n, Translation>();

function translationOf(instance: i18n): Translation {
  const fixed = instance.getFixedT(instance.language, 'translation');
  const byKey = new Map<string, string>();
  const forget = () => byKey.clear();
  instance.store?.on('added', forget);
  instance.on('languageChanged', forget);
  const resolve = fixed as unknown as (...args: unknown[]) => unknown;
  const t = ((key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return resolve(key, ...rest);
    let text = byKey.get(key);
    if (text === undefined) {
      text = resolve(key) as string;
      byKey.set(key, text);
    }
    return text;
  }) as unknown as Translation['t'];
  return { t, i18n: instance };
}

export function useTranslation(): Translation {
  const instance = useContext(I18nContext)?.i18n ?? getI18n();
  let translation = translations.get(instance);
  if (!translation) {
    translation = translationOf(instance);
    translations.set(instance, translation);
  }
  return translation;
}
