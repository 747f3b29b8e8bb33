import type { i18n } from 'i18next';
import { createI18n, type MessageTree as Tree } from './i18n-instance.ts';
import { he as baseHe } from './messages.he.ts';
import { en as baseEn } from './messages.en.ts';
import { sections } from './sections/index.ts';
import type { Locale } from '../api/view-models.ts';

/** Merges b into a: nested objects are merged, a key present in both as text is a mistake. */
function mergeMessages(a: Tree, b: Tree, path = ''): Tree {
  const merged: Tree = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const existing = merged[key];
    if (existing === undefined) merged[key] = value;
    else if (typeof existing === 'object' && typeof value === 'object') merged[key] = mergeMessages(existing, value, `${path}${key}.`);
    else throw new Error(`Translation key ${path}${key} is defined twice`);
  }
  return merged;
}

const he = sections.reduce<Tree>((all, section) => mergeMessages(all, section.he as Tree), baseHe as unknown as Tree);
const en = sections.reduce<Tree>((all, section) => mergeMessages(all, section.en as Tree), baseEn as unknown as Tree);

// One i18next instance per language, built once and shared (it is read-only once built). The server
// holds both languages; the browser builds only the page's from its own chunk (web/entry-client.tsx).
const instances = new Map<Locale, i18n>();

export function i18nFor(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createI18n(locale, locale === 'en' ? en : he);
    instances.set(locale, instance);
  }
  return instance;
}

export const messages = { he, en };
