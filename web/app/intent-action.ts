import { data, type ActionFunctionArgs } from 'react-router';
import { INTENT_FIELD } from './form-action.ts';

// A page with several kinds of form (an order card has its lifecycle buttons and its review) has one
// route action: each form names itself in the `intent` field as `<kind>` or `<kind>:<id>` (the id
// keeps the answers of the cards on a page apart), and the kind picks the action that handles it.
export type IntentAction = (args: ActionFunctionArgs) => Promise<unknown>;

/** The kind of an intent value (`review:o-1` → `review`). */
export const intentKind = (intent: string): string => intent.split(':', 1)[0] ?? '';

/** One route action from actions by intent kind; an unknown intent is a 400. */
export function actionByIntent(actions: Record<string, IntentAction>): IntentAction {
  return async (args) => {
    // The chosen action reads the body itself, so the intent is read from a copy.
    const intent = String((await args.request.clone().formData()).get(INTENT_FIELD) ?? '');
    const action = actions[intentKind(intent)];
    if (!action) throw data(null, { status: 400, statusText: 'Unknown form' });
    return action(args);
  };
}
