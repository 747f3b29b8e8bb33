import { describe, expect, it } from 'vitest';
import { notificationParams } from './notification-text.ts';

// Notices carry names in both languages; every text, also the older ones that use the plain
// `productName`, reads the name in the page's language.
describe('notificationParams', () => {
  const params = { orderId: 'o1', productName: 'הופעה של שעתיים', productNameHe: 'הופעה של שעתיים', productNameEn: 'Two-hour show', vendorNameHe: 'נועה כהן', vendorNameEn: 'Noa Cohen' };

  it('fills productName and vendorName in the reader\'s language', () => {
    expect(notificationParams(params, 'en')).toMatchObject({ productName: 'Two-hour show', vendorName: 'Noa Cohen', orderId: 'o1' });
    expect(notificationParams(params, 'he')).toMatchObject({ productName: 'הופעה של שעתיים', vendorName: 'נועה כהן' });
  });

  it('keeps a notice written before names had two languages as it is', () => {
    expect(notificationParams({ productName: 'Recorded greeting' }, 'he')).toEqual({ productName: 'Recorded greeting' });
  });
});
