import { describe, expect, it } from 'vitest';
import { languagesProjection, type LanguageView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

const at = '2026-01-01T00:00:00.000Z';
const later = '2026-01-02T00:00:00.000Z';

describe('languages view', () => {
  it('languages keep names and the enabled flag', () => {
    const docs = fold<LanguageView>(languagesProjection, [
      recorded('language-ru', { type: 'LanguageEntrySet', data: { code: 'ru', name: { he: 'רוסית', en: 'Russian' }, enabled: true, at } }),
      recorded('language-ru', { type: 'LanguageEntrySet', data: { code: 'ru', name: { he: 'רוסית', en: 'Russian' }, enabled: false, at: later } }),
    ]);
    expect(docs.ru).toMatchObject({ code: 'ru', enabled: false, name: { en: 'Russian' } });
  });
});
