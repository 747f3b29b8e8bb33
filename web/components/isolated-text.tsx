import { Fragment } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { languageOfText } from '../app/format.ts';

// A translated sentence with user text in it (a name, a product): each value is set in its own <bdi>,
// so a Hebrew name in an English sentence, or an English one in Hebrew, keeps its own direction and
// does not drag the punctuation and words around it to the wrong side (Unicode bidi isolation).
// Each also says its language (from its script; none for a number) when it has letters, so a screen
// reader reads a name in the other language with that language's voice. The text on screen is the
// same as t(key, values).
const MARK = '\u0001';

export function IsolatedText(props: { i18nKey: string; values: Record<string, string> }) {
  const { t } = useTranslation();
  const names = Object.keys(props.values);
  const placeholders = Object.fromEntries(names.map((name, index) => [name, `${MARK}${index}${MARK}`]));
  const parts = t(props.i18nKey, placeholders).split(new RegExp(`${MARK}(\\d+)${MARK}`));
  return <>{parts.map((part, index) => index % 2 === 1
    ? <bdi key={index} lang={languageOfText(props.values[names[Number(part)]!]) ?? undefined}>{props.values[names[Number(part)]!]}</bdi>
    : <Fragment key={index}>{part}</Fragment>)}</>;
}
