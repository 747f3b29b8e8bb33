import { messageSection } from './section.ts';

// When an order can be completed (issue 22 item 3): the vendor's order actions say it instead of
// offering Complete before the event is over, and word the API's refusal if a completion comes too early.
export const orderCompletionMessages = messageSection(
  {
    orderCard: {
      completeAfter: 'You can mark it completed after the event, on {{date}}.',
      completeTooEarly: 'The event is not over yet. You can mark the order completed after it, on {{date}}.',
    },
  },
  {
    orderCard: {
      completeAfter: 'אפשר לסמן את ההזמנה כהושלמה אחרי האירוע, החל מ{{date}}.',
      completeTooEarly: 'האירוע עוד לא הסתיים. אפשר לסמן את ההזמנה כהושלמה אחריו, החל מ{{date}}.',
    },
  },
);
