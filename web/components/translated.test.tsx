import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Locale } from '../api/view-models.ts';
import { languageOfText, tr, translated, writtenText } from '../app/format.ts';
import { languageNameIn, Translated, TranslatedHtml, TypedText, WrittenHtml, WrittenText } from './translated.tsx';

// One language per page: the page's language when the field has it, else the other one,
// marked with its lang, dir and a tag naming it.

/** Renders `node` on a page of `locale` (the root loader's data is all the component reads). */
function renderOn(locale: Locale, node: ReactNode): string {
  const router = createMemoryRouter([{ id: 'root', path: '/', element: node, loader: () => null }], {
    hydrationData: { loaderData: { root: { locale, user: null, favorites: { ids: [], vendors: [] }, now: 0, supportWhatsapp: null, origin: 'http://localhost' } } },
  });
  return renderToString(<RouterProvider router={router} />);
}

describe('translated', () => {
  it('takes the page\'s language when it is there, unmarked', () => {
    expect(translated({ he: 'נועה כהן', en: 'Noa Cohen' }, 'he')).toEqual({ text: 'נועה כהן', lang: 'he', fallback: false });
    expect(translated({ he: 'נועה כהן', en: 'Noa Cohen' }, 'en')).toEqual({ text: 'Noa Cohen', lang: 'en', fallback: false });
  });

  it('falls back to the other language, marked as a fallback, only when the page\'s is missing or blank', () => {
    expect(translated({ en: 'Noa Cohen' }, 'he')).toEqual({ text: 'Noa Cohen', lang: 'en', fallback: true });
    expect(translated({ he: 'נועה כהן', en: '   ' }, 'en')).toEqual({ text: 'נועה כהן', lang: 'he', fallback: true });
  });

  it('gives nothing for an empty or missing value', () => {
    expect(translated(undefined, 'he')).toEqual({ text: '', lang: 'he', fallback: false });
    expect(translated({}, 'en').text).toBe('');
    expect(tr(null, 'en')).toBe('');
  });
});

describe('the language of a single-language text', () => {
  it('is Hebrew when most letters are Hebrew, English when most are Latin, ignoring markup', () => {
    expect(languageOfText('הופעה מעולה, מומלץ!')).toBe('he');
    expect(languageOfText('Wonderful, everyone danced.')).toBe('en');
    expect(languageOfText('<p class="lead">שירה ב־DJ set</p>')).toBe('he');
    expect(languageOfText('<p><strong>Klezmer</strong> band, כליזמרים</p>')).toBe('en');
  });

  it('is unknown for text without letters, which then counts as the page\'s', () => {
    expect(languageOfText('120 ★ 4.5')).toBeNull();
    expect(writtenText('120', 'en')).toEqual({ text: '120', lang: 'en', fallback: false });
    expect(writtenText('Two sets of 45 minutes', 'he')).toEqual({ text: 'Two sets of 45 minutes', lang: 'en', fallback: true });
  });
});

describe('<Translated> and <WrittenText>', () => {
  it('render the page\'s language plainly, without a tag', () => {
    const html = renderOn('en', <Translated as="h1" value={{ he: 'נועה כהן', en: 'Noa Cohen' }} />);
    expect(html).toBe('<h1>Noa Cohen</h1>');
  });

  it('mark the other language with lang, dir and its name in the page\'s language', () => {
    const onHebrewPage = renderOn('he', <Translated as="p" className="vendor-intro" value={{ en: 'Wedding singer' }} />);
    expect(onHebrewPage).toContain('<p class="vendor-intro"><bdi class="other-language" lang="en" dir="ltr">Wedding singer</bdi>');
    expect(onHebrewPage).toContain(`<small class="language-tag" data-testid="language-tag">(${languageNameIn('he', 'en')})</small>`);
    expect(languageNameIn('he', 'en')).toBe('אנגלית');

    const onEnglishPage = renderOn('en', <WrittenText as="p" text="הופעה מעולה, מומלץ!" />);
    expect(onEnglishPage).toContain('<bdi class="other-language" lang="he" dir="rtl">הופעה מעולה, מומלץ!</bdi>');
    expect(onEnglishPage).toContain('(Hebrew)');
  });

  it('render nothing for an empty text', () => {
    expect(renderOn('he', <WrittenText as="p" text="" />)).toBe('');
    expect(renderOn('he', <Translated value={{}} />)).toBe('');
  });
});

describe('rich text', () => {
  it('keeps the page\'s language as it is and gives the other one its own block with lang, dir and a tag above', () => {
    expect(renderOn('he', <WrittenHtml html="<p>שלום</p>" />)).toBe('<div class="rich-text"><p>שלום</p></div>');
    const english = renderOn('he', <WrittenHtml html="<p>Hello there</p>" />);
    expect(english).toBe('<p class="language-tag" data-testid="language-tag">(אנגלית)</p><div class="rich-text other-language" lang="en" dir="ltr"><p>Hello there</p></div>');
    const article = renderOn('en', <TranslatedHtml value={{ he: '<p>אודות</p>', en: '<p>About</p>' }} />);
    expect(article).toBe('<div class="rich-text"><p>About</p></div>');
    expect(renderOn('en', <TranslatedHtml value={{ he: '<p>אודות</p>' }} />)).toContain('lang="he" dir="rtl"');
  });
});

describe('typed text (chat messages)', () => {
  it('is in the language its writer typed, with the direction of the text and no tag, whatever the page', () => {
    expect(renderOn('he', <TypedText as="p" className="message-text" text="See you at eight" />))
      .toBe('<p class="message-text" lang="en" dir="auto">See you at eight</p>');
    expect(renderOn('en', <TypedText text="נתראה בשמונה" />)).toBe('<span lang="he" dir="auto">נתראה בשמונה</span>');
    expect(renderOn('he', <TypedText text="שלום" />)).toBe('<span lang="he" dir="auto">שלום</span>');
  });

  it('has no language of its own without letters (an emoji, a number)', () => {
    expect(renderOn('en', <TypedText text="👍 20:00" />)).toBe('<span dir="auto">👍 20:00</span>');
  });
});
