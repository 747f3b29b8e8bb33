// Repeat and referral facts for the demo artist (issue 27 item 5; docs/vendor-calendar-and-products.md,
// "Repeat and referral facts"): the second demo customer, signed in, lands from a Facebook campaign link,
// writes to the demo artist and books them; later she lands from an Instagram link and books them again.
// With the demo customer's own bookings (direct, demo-history.ts) and her conversation, which came after
// them, the artist's screen shows repeat customers, three sources and a conversion that is not all or
// nothing. The same steps at every seed, through the HTTP commands a browser uses (a landing with a
// utm_source posts the source hit).
import type { CommandApiClient, HttpAnswer } from '../command-api/client/command-api-client.ts';
import type { SeededProduct } from './demo-history.ts';

const ACCEPTED_CARD = '4242424242424242';

function expect(answer: HttpAnswer, what: string, ...statuses: number[]): HttpAnswer {
  if (!statuses.includes(answer.status)) throw new Error(`Demo seed: ${what} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

export async function seedRepeatAndReferrals(options: {
  api: CommandApiClient; customer: { token: string }; vendor: { token: string; vendorId: string }; products: SeededProduct[];
}): Promise<void> {
  const { api, customer, vendor } = options;
  const product = options.products.find((p) => p.type === 'default' && p.vendorId === vendor.vendorId);
  if (!product) return;
  const book = async (notes: string) => {
    const id = expect(await api.post('/api/orders', { productId: product.productId, notes }, customer.token), 'demo order (referral)', 201).body.id as string;
    expect(await api.post(`/api/orders/${id}/pay`, { cardNumber: ACCEPTED_CARD }, customer.token), 'demo payment (referral)', 200);
  };

  expect(await api.post('/api/tracking/source/hit/facebook', {}, customer.token), 'demo source hit (facebook)', 200);
  const conversation = expect(await api.post('/api/conversations', { vendorId: vendor.vendorId, text: 'ראיתי אתכם בפייסבוק! אפשר להזמין הופעה קצרה לערב משפחתי?' }, customer.token), 'demo conversation (referral)', 201).body.id as string;
  const reply = expect(await api.post(`/api/conversations/${conversation}/messages`, { text: 'בשמחה! אפשר להזמין ישירות את ההופעה מהעמוד שלי.' }, vendor.token), 'demo reply (referral)', 201).body.messageId as string;
  // Read by both, as the demo customer's conversation is: no waiting badges.
  expect(await api.post(`/api/conversations/${conversation}/read`, { upToMessageId: reply }, vendor.token), 'demo read (artist, referral)', 200);
  expect(await api.post(`/api/conversations/${conversation}/read`, { upToMessageId: reply }, customer.token), 'demo read (customer, referral)', 200);
  await book('ערב משפחתי, כ־40 אורחים.');

  expect(await api.post('/api/tracking/source/hit/instagram', {}, customer.token), 'demo source hit (instagram)', 200);
  await book('שוב אצלנו — הפעם למסיבת יום הולדת.');
}
