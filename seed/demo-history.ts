// The demo customer's history, for a believable demo: every screen of their account has something
// to show — orders in every status (completed and reviewed, approved with an event date, paid and waiting
// for the artist, new and waiting for payment, canceled and refunded), favorite artists and saved
// services, a conversation with the demo artist and a signed service contract. Written through the same
// HTTP commands the screens use, after the vendors and products exist.
import type { CommandApiClient, HttpAnswer } from '../command-api/client/command-api-client.ts';
import { ils } from '../domain/shared/money.ts';

export interface SeededProduct { vendorId: string; productId: string; type: string }
interface Party { token: string; userId: string }
/** The event details of a demo order (issue 22): believable events in Israeli towns. Completed orders, placed before their events took place, have none. */
type DemoEvent = { eventType: string; date?: string; city: string; address: string; guests: number; contactPhone: string };

const ACCEPTED_CARD = '4242424242424242';
const DAY_MS = 86_400_000;

/** Reviews in the language each customer would write them in; the storefront marks the language. */
const reviews: { rating: number; text: string }[] = [
  { rating: 5, text: 'הופעה מעולה, כל האורחים רקדו עד הסוף. ממליצים בחום!' },
  { rating: 4, text: 'Wonderful, everyone danced. Arrived early and set up quietly.' },
  { rating: 5, text: 'מקצועיים, נעימים ודייקנים. הבר מצווה של הבן שלנו הייתה מושלמת.' },
  { rating: 3, text: 'Good show, though it started twenty minutes late.' },
  { rating: 5, text: 'הברכה המוקלטת ריגשה את סבתא עד דמעות. תודה!' },
  { rating: 4, text: 'תקשורת מצוינת לפני האירוע, והתאימו את הרפרטואר בדיוק למה שביקשנו.' },
  { rating: 5, text: 'Booked for our office party, the team still talks about it.' },
  { rating: 4, text: 'כיף גדול, הילדים לא הפסיקו לצחוק.' },
];

function expect(answer: HttpAnswer, what: string, ...statuses: number[]): HttpAnswer {
  if (!statuses.includes(answer.status)) throw new Error(`Demo seed: ${what} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/** An hour on the hour, `days` ahead, in the Israeli evening (17:00 or 18:00 by daylight saving): inside the bookable 10:00–21:00. */
function eveningSlot(now: number, days: number): string {
  const day = new Date(now + days * DAY_MS);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 15)).toISOString();
}

export async function seedCustomerHistory(options: {
  api: CommandApiClient; admin: string; customer: Party & { fullName: string }; vendor: Party & { fullName: string; vendorId: string };
  products: SeededProduct[]; now?: number;
}): Promise<void> {
  const { api, admin, customer, vendor, products } = options;
  const now = options.now ?? Date.now();
  const fixed = products.filter((p) => p.type === 'default');
  const place = async (productId: string, notes: string, start?: string, eventDetails?: DemoEvent) =>
    expect(await api.post('/api/orders', { productId, notes, ...(start ? { start } : {}), ...(eventDetails ? { eventDetails } : {}) }, customer.token), 'demo order', 201).body.id as string;
  /** An event's details as the checkout asks them; a timed service's event starts at its slot, so it has no date. */
  const event = (eventType: string, city: string, address: string, guests: number, days?: number): DemoEvent =>
    ({ eventType, ...(days !== undefined ? { date: eveningSlot(now, days) } : {}), city, address, guests, contactPhone: '+972528765432' });
  const pay = async (id: string) => expect(await api.post(`/api/orders/${id}/pay`, { cardNumber: ACCEPTED_CARD }, customer.token), 'demo payment', 200);
  const approve = async (id: string) => expect(await api.post(`/api/orders/${id}/approve`, {}, admin), 'demo approval', 200);

  // Completed and reviewed, so artists' cards show ratings and the customer has reviews.
  for (const [n, product] of fixed.slice(0, reviews.length).entries()) {
    const id = await place(product.productId, n % 2 ? 'For my parents\' anniversary.' : 'ליום ההולדת של אמא, בבקשה לציין את השם רחל.');
    await pay(id);
    await approve(id);
    expect(await api.post(`/api/orders/${id}/complete`, {}, admin), 'demo completion', 200);
    expect(await api.post(`/api/orders/${id}/review`, reviews[n]!, customer.token), 'demo review', 201);
  }

  // Approved, with an event date three weeks ahead (a timed service of an artist other than the demo
  // artist, whose calendar the tests book).
  const timed = products.find((p) => p.type === 'timedService' && p.vendorId !== vendor.vendorId);
  if (timed) {
    const id = await place(timed.productId, 'חתונה בגן אירועים, כ־250 אורחים. החופה בשעה 19:30.', eveningSlot(now, 21),
      event('wedding', 'ראשון לציון', 'גני הדר, דרך השלום 3', 250));
    await pay(id);
    await approve(id);
  }
  const [waitingForArtist, waitingForPayment, canceled] = fixed.slice(reviews.length, reviews.length + 3);
  if (waitingForArtist) await pay(await place(waitingForArtist.productId, 'Surprise for my sister\'s 40th birthday.', undefined, event('birthday', 'Tel Aviv', 'Dizengoff 120, apartment 5', 35, 30)));
  if (waitingForPayment) await place(waitingForPayment.productId, 'מסיבת סיום לכיתה ו׳.', undefined, event('community', 'מודיעין', 'בית ספר נופים, עמק דותן 2', 60, 45));
  // The demo artist's own upcoming event, paid and waiting for their approval: their events calendar shows it.
  const ownFixed = products.find((p) => p.type === 'default' && p.vendorId === vendor.vendorId);
  if (ownFixed) await pay(await place(ownFixed.productId, 'בר מצווה לנדב, אנחנו רוצים קטע קצר בכניסה ואז רחבה.', undefined, event('bar-mitzvah', 'חיפה', 'אולמי רויאל, שדרות ההגנה 12', 180, 25)));
  if (canceled) {
    const id = await place(canceled.productId, 'Company end-of-year event.', undefined, event('corporate', 'Herzliya', 'Abba Eban 8, Herzliya Pituach', 120, 40));
    await pay(id);
    expect(await api.post(`/api/orders/${id}/cancel`, { reason: 'The event moved to next year.' }, customer.token), 'demo cancellation', 200);
  }

  // Favorites: a few artists and two saved services.
  const vendorIds = [...new Set(products.map((p) => p.vendorId))];
  for (const vendorId of [vendorIds[0], vendorIds[4], vendorIds[7], vendorIds[12]].filter(Boolean)) {
    expect(await api.post(`/api/artists/vendor/${vendorId}/favored/by-user`, {}, customer.token), 'demo favorite artist', 200, 201);
  }
  for (const product of [products.find((p) => p.type === 'contractService'), fixed[1]].filter(Boolean)) {
    expect(await api.post(`/api/store/product/${product!.productId}/favored/by-user`, {}, customer.token), 'demo saved service', 200, 201);
  }

  // A conversation with the demo artist, read by both, so it shows without waiting badges.
  const conversation = expect(await api.post('/api/conversations', { vendorId: vendor.vendorId, text: 'שלום נועה, אתם פנויים לחתונה ב־12 בספטמבר בחיפה? בערך 200 אורחים.' }, customer.token), 'demo conversation', 201).body.id as string;
  const reply = expect(await api.post(`/api/conversations/${conversation}/messages`, { text: 'היי דנה! התאריך עדיין פנוי. אשלח לך הצעה בחוזה שירות, כולל חופה וקבלת פנים.' }, vendor.token), 'demo reply', 201).body.messageId as string;
  const thanks = expect(await api.post(`/api/conversations/${conversation}/messages`, { text: 'מעולה, תודה רבה!' }, customer.token), 'demo thanks', 201).body.messageId as string;
  expect(await api.post(`/api/conversations/${conversation}/read`, { upToMessageId: thanks }, vendor.token), 'demo read (artist)', 200);
  expect(await api.post(`/api/conversations/${conversation}/read`, { upToMessageId: reply }, customer.token), 'demo read (customer)', 200);

  // The service contract that conversation led to, signed by both.
  const contractProduct = products.find((p) => p.type === 'contractService' && p.vendorId === vendor.vendorId);
  const contract = expect(await api.post('/api/contracts', {
    customerId: customer.userId, ...(contractProduct ? { productId: contractProduct.productId } : {}),
    title: 'חתונה בחיפה – חופה וקבלת פנים',
    terms: 'שירה חיה בקבלת הפנים (שעה) ובחופה. הגעה שעה וחצי לפני תחילת האירוע לבדיקת סאונד. מקדמה של 30% בחתימה, היתרה ביום האירוע. ביטול עד 60 יום לפני האירוע – החזר מלא של המקדמה.',
    price: ils(7800), eventDate: eveningSlot(now, 60),
  }, vendor.token), 'demo contract', 201).body.id as string;
  expect(await api.post(`/api/contracts/${contract}/send`, {}, vendor.token), 'demo contract sent', 200);
  expect(await api.post(`/api/contracts/${contract}/sign`, { fullName: customer.fullName, agree: true }, customer.token), 'demo contract signed (customer)', 200);
  expect(await api.post(`/api/contracts/${contract}/sign`, { fullName: vendor.fullName, agree: true }, vendor.token), 'demo contract signed (artist)', 200);
}
