import { z } from 'zod';

// The kinds of event a customer books an artist for: an order's event details (issue 22) and a quote
// request name one. The storefront labels them in both languages; the domain keeps the keys.
export const eventTypes = ['wedding', 'bar-mitzvah', 'bat-mitzvah', 'brit', 'birthday', 'corporate', 'community', 'private-party', 'other'] as const;
export const EventType = z.enum(eventTypes);
export type EventType = z.infer<typeof EventType>;

/** The most guests an event's details or a quote request may name. */
export const MAX_GUESTS = 10_000;
export const GuestCount = z.number().int().min(1).max(MAX_GUESTS);
