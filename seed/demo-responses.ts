// Replies for the response badges (issue 27 item 3; docs/storefront.md, "Response badges"): the second demo
// customer asks a few artists for quotes three times, and each artist answers every request (a quote,
// or a decline), so their cards and pages show how quickly they reply. The admin answers for them, as
// the back office may (these artists have no account of their own); the demo artist's account is left
// out, so its quote inbox holds only what a visitor sends it.
import type { CommandApiClient, HttpAnswer } from '../command-api/client/command-api-client.ts';
import { ils } from '../domain/shared/money.ts';

const DAY_MS = 86_400_000;
/** Artists asked: the first ones after the demo artist. */
export const RESPONSIVE_DEMO_ARTISTS = 5;

const requests = [
  { eventType: 'wedding', city: 'חיפה', guests: 250, message: 'חתונה בגן אירועים, מחפשים הופעה לקבלת הפנים ולריקודים.' },
  { eventType: 'birthday', city: 'Tel Aviv', guests: 40, message: 'A surprise 40th birthday on a rooftop, about two hours of music.' },
  { eventType: 'corporate', city: 'ירושלים', guests: 120, message: 'ערב גיבוש לחברה, משהו שמח ומשתף.' },
] as const;

function expect(answer: HttpAnswer, what: string, ...statuses: number[]): HttpAnswer {
  if (!statuses.includes(answer.status)) throw new Error(`Demo seed: ${what} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

export async function seedQuoteReplies(options: { api: CommandApiClient; admin: string; customer: { token: string }; vendorIds: string[]; now?: number }): Promise<void> {
  const { api, admin, customer, vendorIds } = options;
  const now = options.now ?? Date.now();
  for (const [index, request] of requests.entries()) {
    const eventDate = new Date(now + (60 + index * 14) * DAY_MS).toISOString().slice(0, 10);
    const requestId = expect(await api.post('/api/quote-requests', { vendorIds, eventDate, ...request }, customer.token), `demo quote request ${index + 1}`, 201).body.id as string;
    for (const [position, vendorId] of vendorIds.entries()) {
      if ((index + position) % 3 === 2) {
        expect(await api.post(`/api/quote-requests/${requestId}/decline`, { vendorId, reason: 'תפוסים בתאריך הזה / Booked on that date' }, admin), `demo decline by ${vendorId}`, 200);
      } else {
        const validUntil = new Date(now + 30 * DAY_MS).toISOString();
        expect(await api.post(`/api/quote-requests/${requestId}/quote`, { vendorId, price: ils(3_000 + 500 * position), included: 'הופעה של שעתיים, הגברה ותאורה / A two-hour show with sound and lights', validUntil }, admin), `demo quote by ${vendorId}`, 200);
      }
    }
  }
}
