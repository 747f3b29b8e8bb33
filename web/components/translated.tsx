import type { ElementType } from 'react';
import type { Locale, Text } from '../api/view-models.ts';
import { languageOfText, translated, writtenText, type ShownText } from '../app/format.ts';
import { languageTag } from '../app/locale-path.ts';
import { useLocale } from '../app/links.tsx';

// One way to show user-written text, so a page is in one language. A translatable field is shown in
// the page's language; only where that language is missing does the other one stand in, marked: its
// own lang and dir (screen readers switch voice, bidi stays right) and a small tag naming its language
// in the page's language, e.g. "(אנגלית)" on a Hebrew page. Single-language fields (an about, a review,
// a product's intro) are marked the same way when they are written in the other language.

const directionOf = (lang: Locale): 'rtl' | 'ltr' => (lang === 'he' ? 'rtl' : 'ltr');

const languageNames = new Map<Locale, Intl.DisplayNames>();
/** The name of `lang` in the page's language ("אנגלית", "Hebrew"). */
export function languageNameIn(locale: Locale, lang: Locale): string {
  let names = languageNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([languageTag(locale)], { type: 'language' });
    languageNames.set(locale, names);
  }
  return names.of(lang) ?? lang;
}

function LanguageTag(props: { shown: ShownText; locale: Locale; block?: boolean }) {
  const Tag = props.block ? 'p' : 'small';
  return <Tag className="language-tag" data-testid="language-tag">{`(${languageNameIn(props.locale, props.shown.lang)})`}</Tag>;
}

interface ShownProps {
  /** The element around the text (default span); it keeps the page's language and alignment. */
  as?: ElementType;
  className?: string;
  testId?: string;
}

function ShownTextView(props: ShownProps & { shown: ShownText }) {
  const locale = useLocale();
  const { shown, as: Tag = 'span', className, testId } = props;
  if (!shown.text) return null;
  if (!shown.fallback) return <Tag className={className} data-testid={testId}>{shown.text}</Tag>;
  return (
    <Tag className={className} data-testid={testId}>
      <bdi className="other-language" lang={shown.lang} dir={directionOf(shown.lang)}>{shown.text}</bdi>{' '}
      <LanguageTag shown={shown} locale={locale} />
    </Tag>
  );
}

/** A translatable field ({he, en}) in the page's language, or the other language marked. */
export function Translated(props: ShownProps & { value: Text | null | undefined }) {
  const locale = useLocale();
  return <ShownTextView {...props} shown={translated(props.value, locale)} />;
}

/** A single-language text, marked when it is written in the other language. */
export function WrittenText(props: ShownProps & { text: string | null | undefined }) {
  const locale = useLocale();
  return <ShownTextView {...props} shown={writtenText(props.text, locale)} />;
}

function HtmlView(props: { shown: ShownText; className?: string; testId?: string }) {
  const locale = useLocale();
  const { shown } = props;
  if (!shown.text) return null;
  const className = props.className ?? 'rich-text';
  if (!shown.fallback) return <div className={className} data-testid={props.testId} dangerouslySetInnerHTML={{ __html: shown.text }} />;
  return (
    <>
      <LanguageTag shown={shown} locale={locale} block />
      <div className={`${className} other-language`} data-testid={props.testId} lang={shown.lang} dir={directionOf(shown.lang)} dangerouslySetInnerHTML={{ __html: shown.text }} />
    </>
  );
}

/** Sanitized rich text (the adapters sanitize it) written in one language: a block with its own lang and
 * dir, and the language named above it when that is not the page's. */
export function WrittenHtml(props: { html: string; className?: string; testId?: string }) {
  const locale = useLocale();
  return <HtmlView {...props} shown={writtenText(props.html, locale)} />;
}

/** A translatable rich text ({he, en} of sanitized HTML), such as an article's body. */
export function TranslatedHtml(props: { value: Text | null | undefined; className?: string; testId?: string }) {
  const locale = useLocale();
  return <HtmlView {...props} shown={translated(props.value, locale)} />;
}

/** Text a person typed to someone (a chat message, its preview): in the language they wrote it, so
 * `lang` from its script (none when it has no letters) and the direction from the text itself. No
 * tag naming the language, since a conversation moves between languages freely. */
export function TypedText(props: { text: string; as?: ElementType; className?: string; testId?: string }) {
  const { as: Tag = 'span', className, testId, text } = props;
  return <Tag className={className} data-testid={testId} lang={languageOfText(text) ?? undefined} dir="auto">{text}</Tag>;
}
