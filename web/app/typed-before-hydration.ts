import { useLayoutEffect, type ReactNode } from 'react';

// A visitor can type into the server-rendered page before its scripts arrive. Hydration adopts the
// server's markup, but a controlled field's state starts from what the server rendered, so React would
// put that back over what was typed. Once the page is hydrated, each field whose text differs from
// what was rendered gets its text again through an `input` event, as if typed now: the field's own
// onChange brings its state up to date, and an uncontrolled field simply keeps its text.

const NOT_TYPED = new Set(['checkbox', 'radio', 'hidden', 'file', 'submit', 'button', 'reset', 'image', 'range', 'color']);

/** The fields of `root` holding text other than what was rendered; each gets an `input` event with it. */
export function replayTypedInput(root: ParentNode): number {
  let replayed = 0;
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && NOT_TYPED.has(field.type)) continue;
    if (field.value === field.defaultValue) continue;
    const typed = field.value;
    const selection = selectionOf(field);
    // React notices a change by comparing with the last value it knows: assigning the element's property
    // tells it the rendered text; the prototype's own setter then puts the typed text back unseen.
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (selection) field.setSelectionRange(selection.start, selection.end);
    replayed++;
  }
  return replayed;
}

/** Where the caret was (fields such as e-mail or date have none). */
function selectionOf(field: HTMLInputElement | HTMLTextAreaElement): { start: number; end: number } | null {
  try {
    return field.selectionStart === null || field.selectionEnd === null ? null : { start: field.selectionStart, end: field.selectionEnd };
  } catch {
    return null;
  }
}

/**
 * Wraps the app at hydration and replays the typed text in the same commit, before the browser paints
 * (its layout effect runs after its children's). A wrapper, not a sibling: a sibling would move every
 * useId of the app away from the server's.
 */
export function KeepTypedInput(props: { children: ReactNode }): ReactNode {
  useLayoutEffect(() => {
    replayTypedInput(document);
  }, []);
  return props.children;
}
