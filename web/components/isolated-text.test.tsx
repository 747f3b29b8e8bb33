import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18nFor } from '../i18n/i18n.ts';
import { IsolatedText } from './isolated-text.tsx';

describe('IsolatedText', () => {
  it('sets each user value of a translated sentence in its own <bdi> in its language, the words around unchanged', () => {
    const i18n = i18nFor('en');
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}><IsolatedText i18nKey="store.vendorStoreTitle" values={{ name: 'מאיה כהן' }} /></I18nextProvider>,
    );
    expect(html).toBe('Services of <bdi lang="he">מאיה כהן</bdi>');
  });

  it('gives a value without letters (a number) no language of its own', () => {
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18nFor('he')}><IsolatedText i18nKey="store.vendorStoreTitle" values={{ name: '2026' }} /></I18nextProvider>,
    );
    expect(html).toContain('<bdi>2026</bdi>');
  });
});
