import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { sanitizeRichText } from './rich-text.ts';

// A small rich-text editor (product information: SPEC §3 "information: editor"). The browser's own
// editing (contenteditable and its formatting commands) with a toolbar for what the rich-text policy
// keeps — paragraphs, bold, italic, a heading, bulleted and numbered lists, links — and nothing else:
// every change and every paste is passed through the same sanitizer the pages use
// (web/components/rich-text-policy.ts), so what is saved is what a page would show. The pages sanitize
// again when they render. Decision: no editor library — the maintained ones (ProseMirror/Tiptap,
// Lexical, Quill) add 40–100 KB gzip to the screens that edit products for five buttons, and some set
// inline styles the pages' Content-Security-Policy would have to allow. Before scripts run (and without
// them) the field is the plain textarea of simple HTML it has always been, posting the same name.
type Command = 'bold' | 'italic' | 'heading' | 'bulletList' | 'numberedList' | 'link' | 'unlink' | 'clear';
const COMMANDS: Command[] = ['bold', 'italic', 'heading', 'bulletList', 'numberedList', 'link', 'unlink', 'clear'];
// Letters where a letter says it; small drawings for the link commands, which no common font has a sign for.
const linkIcon = (broken: boolean) => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
    <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" />
    {broken ? <path d="M4 4l16 16" /> : null}
  </svg>
);
const icon = (paths: ReactNode) => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">{paths}</svg>
);
// A drawing, not a glyph, where the sign is not a letter of the command's name (a visible "1." would not
// be part of the button's name "Numbered list": WCAG label in name).
const SYMBOLS: Record<Command, ReactNode> = {
  bold: 'B', italic: 'I', heading: 'H',
  bulletList: icon(<><path d="M9 6h11M9 12h11M9 18h11" /><circle cx="4.5" cy="6" r="1" /><circle cx="4.5" cy="12" r="1" /><circle cx="4.5" cy="18" r="1" /></>),
  numberedList: icon(<><path d="M10 6h10M10 12h10M10 18h10M4 4.5l1.5-.5v4M3.5 11.5h2.5l-2.5 3h2.5M3.5 17h2.5v3h-2.5" /></>),
  link: linkIcon(false), unlink: linkIcon(true),
  clear: icon(<><path d="M5 5h11M10.5 5l-3 14M14 13l6 6M20 13l-6 6" /></>),
};

export interface RichTextEditorProps {
  name: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** Ids of the hint and error beside the field (aria-describedby). */
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
  /** Shown, not changed (an archived product): no toolbar, nothing editable. */
  readOnly?: boolean;
  testId?: string;
}

/** Runs one toolbar command on the editable area's selection. */
function run(command: Command, url?: string): void {
  switch (command) {
    case 'bold': document.execCommand('bold'); break;
    case 'italic': document.execCommand('italic'); break;
    case 'heading': {
      const inHeading = String(document.queryCommandValue('formatBlock')).toLowerCase() === 'h3';
      document.execCommand('formatBlock', false, inHeading ? 'p' : 'h3');
      break;
    }
    case 'bulletList': document.execCommand('insertUnorderedList'); break;
    case 'numberedList': document.execCommand('insertOrderedList'); break;
    case 'link': if (url) document.execCommand('createLink', false, url); break;
    case 'unlink': document.execCommand('unlink'); break;
    case 'clear': document.execCommand('removeFormat'); document.execCommand('formatBlock', false, 'p'); break;
  }
}

/** A link target the policy keeps: http(s), mailto or tel; a bare address becomes https. */
export function linkTarget(typed: string): string | null {
  const text = typed.trim();
  if (!text) return null;
  if (/^(https?:|mailto:|tel:)/i.test(text)) return text;
  if (/^[\w.-]+\.[a-z]{2,}(\/|$)/i.test(text)) return `https://${text}`;
  return null;
}

export function RichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const editable = useRef<HTMLDivElement>(null);
  const selection = useRef<Range | null>(null);
  // The server's HTML (and a page without scripts) has the plain textarea; the editor takes over once scripts run.
  const [scripted, setScripted] = useState(false);
  const [active, setActive] = useState<Partial<Record<Command, boolean>>>({});
  const [linking, setLinking] = useState<{ url: string; error: boolean } | null>(null);
  const lastSent = useRef(props.value);

  useEffect(() => setScripted(true), []);
  // Paragraphs, not divs, when Enter is pressed (a div is not in the policy).
  useEffect(() => { if (scripted) document.execCommand('defaultParagraphSeparator', false, 'p'); }, [scripted]);
  // The value as given, into the editable area: at first, and when it changes from outside (a reset), not while typing.
  useEffect(() => {
    if (!scripted || !editable.current) return;
    if (props.value !== lastSent.current || editable.current.innerHTML === '') {
      editable.current.innerHTML = sanitizeRichText(props.value);
      lastSent.current = props.value;
    }
  }, [scripted, props.value]);

  const send = () => {
    // Empty paragraphs and list items (left by Enter) are not kept.
    const html = sanitizeRichText(editable.current?.innerHTML ?? '').replace(/<(p|li|h3)>(\s|&nbsp;|<br>)*<\/\1>/g, '').replace(/<(ul|ol)><\/\1>/g, '');
    const empty = (editable.current?.textContent ?? '').trim() === '';
    const value = empty ? '' : html;
    lastSent.current = value;
    props.onChange(value);
  };
  const refreshActive = () => {
    setActive({
      bold: document.queryCommandState('bold'), italic: document.queryCommandState('italic'),
      heading: String(document.queryCommandValue('formatBlock')).toLowerCase() === 'h3',
      bulletList: document.queryCommandState('insertUnorderedList'), numberedList: document.queryCommandState('insertOrderedList'),
    });
  };
  const keepSelection = () => {
    const current = window.getSelection();
    selection.current = current && current.rangeCount > 0 && editable.current?.contains(current.anchorNode) ? current.getRangeAt(0).cloneRange() : null;
  };
  const restoreSelection = () => {
    editable.current?.focus();
    const current = window.getSelection();
    if (selection.current && current) {
      current.removeAllRanges();
      current.addRange(selection.current);
    }
  };
  const apply = (command: Command, url?: string) => {
    restoreSelection();
    run(command, url);
    send();
    refreshActive();
  };
  const onToolbarKey = (event: KeyboardEvent<HTMLDivElement>) => {
    // One tab stop for the toolbar; arrows move between its buttons (ARIA toolbar pattern).
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('button'));
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = (event.key === 'ArrowRight') !== rtl ? 1 : -1;
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : (index + step + buttons.length) % buttons.length;
    buttons[next]?.focus();
    event.preventDefault();
  };

  if (!scripted) {
    return (
      <textarea name={props.name} rows={8} dir="auto" defaultValue={props.value} aria-required={props.required || undefined} readOnly={props.readOnly}
        aria-invalid={props.invalid || undefined} aria-describedby={props.describedBy} data-testid={props.testId} />
    );
  }
  return (
    <div className="rich-text-editor" data-testid={props.testId ? `${props.testId}-editor` : undefined}>
      {props.readOnly ? null : <div role="toolbar" aria-label={t('richText.toolbar', { field: props.label })} aria-controls={`${id}-area`} className="rich-text-toolbar" onKeyDown={onToolbarKey}>
        {COMMANDS.map((command, index) => (
          <button key={command} type="button" className={`rich-text-button is-${command}`} tabIndex={index === 0 ? 0 : -1}
            aria-pressed={command in active ? Boolean(active[command]) : undefined} title={t(`richText.${command}`)} aria-label={t(`richText.${command}`)}
            onMouseDown={(event) => { event.preventDefault(); keepSelection(); }}
            onClick={() => {
              if (command === 'link') { keepSelection(); setLinking({ url: '', error: false }); return; }
              apply(command);
            }}
            data-testid={`rich-text-${command}`}>
            <span aria-hidden="true">{SYMBOLS[command]}</span>
          </button>
        ))}
      </div>}
      {linking ? (
        <div className="rich-text-link" role="group" aria-label={t('richText.link')}>
          <label className="field">
            <span>{t('richText.linkAddress')}</span>
            <input type="url" dir="ltr" value={linking.url} autoFocus placeholder="https://" aria-invalid={linking.error || undefined}
              onChange={(event) => setLinking({ url: event.target.value, error: false })}
              onKeyDown={(event) => { if (event.key === 'Enter') { event.preventDefault(); (event.currentTarget.closest('.rich-text-link')?.querySelector('button') as HTMLButtonElement | null)?.click(); } if (event.key === 'Escape') { setLinking(null); restoreSelection(); } }}
              data-testid="rich-text-link-url" />
            {linking.error ? <small className="field-error" role="alert">{t('richText.linkInvalid')}</small> : null}
          </label>
          <button type="button" className="button button-small" data-testid="rich-text-link-apply" onClick={() => {
            const url = linkTarget(linking.url);
            if (!url) { setLinking({ ...linking, error: true }); return; }
            setLinking(null);
            apply('link', url);
          }}>{t('richText.linkApply')}</button>
          <button type="button" className="button button-small" onClick={() => { setLinking(null); restoreSelection(); }}>{t('richText.cancel')}</button>
        </div>
      ) : null}
      <div
        ref={editable} id={`${id}-area`} className="rich-text rich-text-area" contentEditable={!props.readOnly} suppressContentEditableWarning dir="auto"
        role="textbox" aria-multiline="true" aria-label={props.label} aria-required={props.required || undefined} aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy} aria-readonly={props.readOnly || undefined} tabIndex={0}
        onInput={send} onKeyUp={refreshActive} onMouseUp={refreshActive} onBlur={send}
        onPaste={(event) => {
          // Pasted text keeps only what the policy allows (a page from a word processor brings styles and fonts).
          event.preventDefault();
          const html = event.clipboardData.getData('text/html');
          const text = event.clipboardData.getData('text/plain');
          if (html) document.execCommand('insertHTML', false, sanitizeRichText(html));
          else document.execCommand('insertText', false, text);
          send();
        }}
        data-testid={props.testId ? `${props.testId}-area` : undefined}
      />
      <input type="hidden" name={props.name} value={props.value} />
    </div>
  );
}
