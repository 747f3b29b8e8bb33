import { useState, type ReactNode } from 'react';
import { Form } from 'react-router';
import { ActionName } from './action-name.tsx';
import { INTENT_FIELD, useActionAnswer, useSubmitting } from '../app/form-action.ts';
import { useDisclosure } from './disclosure.ts';

// A destructive action asked twice, in place: the button turns into the question with "yes" and
// "keep" (no browser dialog, so it reads the same in both languages and on a phone). While the
// action runs the "yes" button shows its busy text; a failure is reported by the caller.
// ConfirmPostButton is the same for a route action: the first button is a link
// (?confirm=<intent>), so the question also comes up without JavaScript, and "yes" posts the form.
export interface ConfirmButtonProps {
  label: string;
  /** What the first button acts on when the label alone is ambiguous ("Remove busy time 12:00"): heard after the label. */
  ariaLabel?: string;
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  busyLabel: string;
  onConfirm: () => Promise<void>;
  /** Test id base: `<id>`, `<id>-confirm`. */
  testId?: string;
}

export function ConfirmButton(props: ConfirmButtonProps) {
  const [state, setState] = useState<'idle' | 'asking' | 'busy'>('idle');
  if (state === 'idle') {
    return (
      <button type="button" className="button button-remove" onClick={() => setState('asking')} data-testid={props.testId}>
        {props.ariaLabel ? <ActionName text={props.label} subject={props.ariaLabel} /> : props.label}
      </button>
    );
  }
  const confirm = async () => {
    setState('busy');
    try {
      await props.onConfirm();
    } finally {
      setState('idle');
    }
  };
  return (
    <span className="confirm" role="group" aria-label={props.question}>
      <span className="confirm-question">{props.question}</span>
      <button type="button" className="button button-danger" disabled={state === 'busy'} onClick={confirm} data-testid={props.testId ? `${props.testId}-confirm` : undefined}>
        {state === 'busy' ? props.busyLabel : props.confirmLabel}
      </button>
      <button type="button" className="button" disabled={state === 'busy'} onClick={() => setState('idle')}>{props.cancelLabel}</button>
    </span>
  );
}

export interface ConfirmPostButtonProps extends Omit<ConfirmButtonProps, 'onConfirm'> {
  /** The form's `intent` (unique on the page, e.g. `remove:<id>`); the route action answers `{ intent, … }`. */
  intent: string;
  /** Further hidden fields of the post. */
  fields?: Record<string, string>;
  /** Controls asked for together with the question (an optional reason): posted with "yes", also without JavaScript. */
  children?: ReactNode;
}

export function ConfirmPostButton(props: ConfirmPostButtonProps) {
  const answered = useActionAnswer(props.intent);
  const asking = useDisclosure('confirm', props.intent, answered);
  const busy = useSubmitting(props.intent);
  if (!asking.open) {
    return (
      <a role="button" className="button button-remove" {...asking.openLink} data-testid={props.testId}>
        {props.ariaLabel ? <ActionName text={props.label} subject={props.ariaLabel} /> : props.label}
      </a>
    );
  }
  return (
    <Form method="post" preventScrollReset className="confirm" role="group" aria-label={props.question}>
      <input type="hidden" name={INTENT_FIELD} value={props.intent} />
      {Object.entries(props.fields ?? {}).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      <span className="confirm-question">{props.question}</span>
      {props.children}
      <button type="submit" className="button button-danger" disabled={busy} aria-busy={busy} data-testid={props.testId ? `${props.testId}-confirm` : undefined}>
        {busy ? props.busyLabel : props.confirmLabel}
      </button>
      <a role="button" className="button" {...asking.closeLink}>{props.cancelLabel}</a>
    </Form>
  );
}
