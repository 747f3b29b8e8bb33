// The most vendors one quote request asks at once (docs/quotes.md), without zod: the storefront's search page
// shows it in the browser, whose first load carries no zod (docs/storefront.md). The request's event
// and command schemas (events.ts, commands.ts) check it.
export const MAX_VENDORS_PER_REQUEST = 5;
