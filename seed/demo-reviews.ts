// Reviews in both languages for the demo. A review is a customer's own words, kept in the language they
// wrote it in (the domain stores one text, the storefront marks it when it is not the page's language and
// lists the page's language first). So every artist the demo customer reviewed (demo-history.ts: the
// first fixed-price services) also gets a review in the other language, from a second demo customer:
// a Hebrew page and an English page of each reviewed artist both open with a review in their language.
import type { CommandApiClient, HttpAnswer } from '../command-api/client/command-api-client.ts';
import type { SeededProduct } from './demo-history.ts';

const ACCEPTED_CARD = '4242424242424242';

/** The second reviewer's reviews, one per product the demo customer reviewed, in the order demo-history.ts reviews them,
 * each in the language the demo customer's review of that product is not in. */
export const secondReviews: { rating: number; text: string }[] = [
  { rating: 5, text: 'We booked them for our wedding and the dance floor was full all night. Highly recommended!' },
  { rating: 5, text: 'הגיעו בזמן, התארגנו בשקט והאורחים לא הפסיקו לרקוד. תודה רבה!' },
  { rating: 4, text: 'Professional and friendly. They learned our playlist in advance and it showed.' },
  { rating: 4, text: 'הופעה טובה מאוד. היה עיכוב קטן בהתחלה, אבל אחר כך הכול זרם.' },
  { rating: 5, text: 'The recorded greeting made my grandmother cry, in the best way. Thank you!' },
  { rating: 5, text: 'Absolute pros! They read the room and had both the grandparents and the teenagers dancing.' },
  { rating: 4, text: 'אנרגיה מעולה ועבודה נוחה מאוד איתם. הילדים עדיין מדברים על זה.' },
  { rating: 5, text: 'Amazing service from the first call to the end of the event. We would book again without a second thought.' },
];

function expect(answer: HttpAnswer, what: string, ...statuses: number[]): HttpAnswer {
  if (!statuses.includes(answer.status)) throw new Error(`Demo seed: ${what} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/** The second reviewer orders, pays for and reviews each of the first fixed-price services (completed by the admin). */
export async function seedReviewsInOtherLanguage(options: { api: CommandApiClient; admin: string; reviewer: { token: string }; products: SeededProduct[] }): Promise<void> {
  const { api, admin, reviewer } = options;
  const fixed = options.products.filter((product) => product.type === 'default');
  for (const [n, product] of fixed.slice(0, secondReviews.length).entries()) {
    const id = expect(await api.post('/api/orders', { productId: product.productId, notes: n % 2 ? 'לאירוע משפחתי.' : 'For a family event.' }, reviewer.token), 'demo order (second reviewer)', 201).body.id as string;
    expect(await api.post(`/api/orders/${id}/pay`, { cardNumber: ACCEPTED_CARD }, reviewer.token), 'demo payment (second reviewer)', 200);
    expect(await api.post(`/api/orders/${id}/approve`, {}, admin), 'demo approval (second reviewer)', 200);
    expect(await api.post(`/api/orders/${id}/complete`, {}, admin), 'demo completion (second reviewer)', 200);
    expect(await api.post(`/api/orders/${id}/review`, secondReviews[n]!, reviewer.token), 'demo review (second reviewer)', 201);
  }
}
