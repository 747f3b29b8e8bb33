import { languageOfText } from '../app/format.ts';

// The visible word of a button or link followed by what it acts on, heard but not shown. The
// accessible name then starts with the text on screen (WCAG 2.5.3 "label in name": a speech user says
// what they see), which an aria-label such as "הסרת נועה כהן" on a button reading "הסרה" breaks.
// The subject (often a name someone typed) is isolated and says its language, as in IsolatedText.
export function ActionName(props: { text: string; subject: string }) {
  return <>{props.text}<span className="visually-hidden">{' – '}<bdi lang={languageOfText(props.subject) ?? undefined}>{props.subject}</bdi></span></>;
}
