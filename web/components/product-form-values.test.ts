import { describe, expect, it } from 'vitest';
import { i18nFor } from '../i18n/i18n.ts';
import { ProductDetails } from '../../domain/product/events.ts';
import { agorotOf, checkProduct, detailsOf, emptyProductValues, messagesOfProblem, messagesOfRefusal, minutesOf, productValuesOfForm, termsValuesOf, valuesOfDraft, type ProductFormValues } from './product-form-values.ts';

const t = i18nFor('en').t as (key: string, options?: Record<string, unknown>) => string;
const he = i18nFor('he').t as (key: string, options?: Record<string, unknown>) => string;
const filled = (overrides: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...emptyProductValues(), name: { he: 'הופעה', en: ' Show ' }, information: { he: '<p>הכול כלול</p>', en: '<p>All included</p>' }, price: '1200.5', introText: { he: 'הופעה', en: ' A show ' }, serviceDuration: '90',
  images: ['https://example.com/a.jpg', '  '], additionalInformation: [{ title: { en: 'Includes' }, content: { en: 'Sound' } }, { title: {}, content: { he: ' ' } }],
  ...overrides,
});

describe('product form values', () => {
  it('reads shekels with at most two decimals and whole minutes', () => {
    expect(agorotOf('1200')).toBe(120_000);
    expect(agorotOf('1200.5')).toBe(120_050);
    expect(agorotOf('99,99')).toBe(9_999);
    expect(agorotOf('12.345')).toBeNull();
    expect(agorotOf('-3')).toBeNull();
    expect(minutesOf('45')).toBe(45);
    expect(minutesOf('4.5')).toBeNull();
  });

  it('makes details the API accepts, dropping empty rows and languages', () => {
    const details = detailsOf(filled());
    expect(ProductDetails.parse(details)).toEqual(details);
    expect(details).toMatchObject({
      name: { he: 'הופעה', en: 'Show' }, price: { amountMinor: 120_050, currency: 'ILS' }, serviceDuration: 90,
      images: [{ url: 'https://example.com/a.jpg' }], additionalInformation: [{ title: { en: 'Includes' }, content: { en: 'Sound' } }],
      introText: { he: 'הופעה', en: 'A show' }, information: { he: '<p>הכול כלול</p>', en: '<p>All included</p>' },
    });
    // One language is enough (the page of the other shows it, marked); blank languages are dropped.
    expect(detailsOf(filled({ introText: { he: ' ', en: 'Only English' } })).introText).toEqual({ en: 'Only English' });
    expect(details).not.toHaveProperty('introImage');
  });

  it('round-trips a product loaded for editing', () => {
    const values = valuesOfDraft({
      productId: 'p', vendorId: 'v', type: 'default', name: { en: 'Greeting' }, information: { en: '<p>x</p>' }, featured: true, images: [{ url: 'u' }], introImage: '',
      price: { amountMinor: 15_000, currency: 'ILS' }, additionalInformation: [], introText: { en: 'Hi' }, serviceDuration: 0, archived: false, archivedReason: null,
    });
    expect(values.price).toBe('150');
    expect(values.introText).toEqual({ en: 'Hi' });
    expect(detailsOf(values).price.amountMinor).toBe(15_000);
  });

  it('asks for the required fields before sending, but leaves lengths to the API', () => {
    expect(Object.keys(checkProduct(emptyProductValues(), t)).sort()).toEqual(['information', 'introText', 'name', 'price']);
    expect(checkProduct(filled({ price: 'abc' }), t)).toEqual({ price: 'Enter a price in shekels, with at most two decimals.' });
    expect(checkProduct(filled({ type: 'timedService', serviceDuration: '0' }), t)).toEqual({ serviceDuration: 'A service booked by date needs at least 1 minute.' });
    expect(checkProduct(filled({ introText: { en: 'x'.repeat(300) } }), t)).toEqual({});
    expect(checkProduct(filled({ introText: { he: ' ', en: '' }, information: {} }), t)).toEqual({ introText: 'Fill in at least one language.', information: 'Fill in at least one language.' });
  });

  it('words the API\'s 422 fields in the page\'s language, from the values sent', () => {
    const values = filled({ introText: { he: 'x'.repeat(260) }, name: { he: 'א'.repeat(201) } });
    expect(messagesOfProblem({ 'introText.he': 'Too big: expected string to have <=250 characters', 'name.he': 'Too big' }, values, he))
      .toEqual({ introText: 'עד 250 תווים.', name: 'עד 200 תווים.' });
    expect(messagesOfProblem({ 'price.amountMinor': 'Too small', 'additionalInformation.0.title': 'Required in at least one language', unknownThing: 'Unknown field' }, filled(), t))
      .toEqual({ price: 'Enter a price in shekels, with at most two decimals.', 'additionalInformation.0.title': 'Fill in at least one language.', unknownThing: 'Unknown field' });
    expect(messagesOfRefusal('product.duration-required', t)).toEqual({ serviceDuration: 'A service booked by date needs at least 1 minute.' });
    expect(messagesOfRefusal('product.forbidden', t)).toEqual({});
  });

  it('reads the posted form back into the values the inputs held (route action)', () => {
    const form = new FormData();
    for (const [name, value] of [
      ['type', 'contractService'], ['name.he', 'הופעה'], ['name.en', 'Show'], ['information.he', 'הכול'], ['information.en', 'All'], ['price', '1200.5'], ['serviceDuration', '90'],
      ['introText.en', 'A show'], ['introImage', ''], ['images.1', 'https://example.com/b.jpg'], ['images.0', 'https://example.com/a.jpg'],
      ['additionalInformation.0.title.en', 'Includes'], ['additionalInformation.0.content.en', 'Sound'], ['additionalInformation.0.content.he', 'הגברה'],
    ]) form.append(name!, value!);
    expect(productValuesOfForm(form)).toEqual({
      type: 'contractService', name: { he: 'הופעה', en: 'Show' }, information: { he: 'הכול', en: 'All' }, featured: false, price: '1200.5', serviceDuration: '90',
      introText: { en: 'A show' }, introImage: '', images: ['https://example.com/a.jpg', 'https://example.com/b.jpg'],
      additionalInformation: [{ title: { en: 'Includes' }, content: { en: 'Sound', he: 'הגברה' } }], terms: termsValuesOf(undefined),
    });
    form.append('featured', 'on');
    form.set('type', 'unknown');
    expect(productValuesOfForm(form)).toMatchObject({ featured: true, type: 'timedService' });
  });

  describe('payment terms (issue 26)', () => {
    const terms = (overrides: Partial<ProductFormValues['terms']>) => ({ ...termsValuesOf(undefined), ...overrides });

    it('starts a product with the defaults (paid in full, flexible, one payment), and sends them', () => {
      expect(detailsOf(filled()).paymentTerms).toEqual({ deposit: { kind: 'none' }, balanceDueDays: 0, cancellationPolicy: { kind: 'flexible' }, maxInstalments: 1 });
    });

    it('sends a deposit typed in shekels as agorot, a percent, and a custom schedule as the API takes them', () => {
      const amount = detailsOf(filled({ terms: terms({ depositKind: 'amount', depositAmount: '450.5', balanceDueDays: '14', policy: 'strict', maxInstalments: '6' }) }));
      expect(ProductDetails.parse(amount)).toEqual(amount);
      expect(amount.paymentTerms).toEqual({ deposit: { kind: 'amount', amount: { amountMinor: 45_050, currency: 'ILS' } }, balanceDueDays: 14, cancellationPolicy: { kind: 'strict' }, maxInstalments: 6 });
      const custom = detailsOf(filled({ terms: terms({ depositKind: 'percent', depositPercent: '30', policy: 'custom', schedule: [{ daysBefore: '45', percent: '90' }, { daysBefore: '10', percent: '25' }] }) }));
      expect(custom.paymentTerms).toMatchObject({ deposit: { kind: 'percent', percent: 30 }, cancellationPolicy: { kind: 'custom', schedule: [{ daysBefore: 45, percent: 90 }, { daysBefore: 10, percent: 25 }] } });
    });

    it('loads the terms of a product for editing, back to the same terms', () => {
      const paymentTerms = { deposit: { kind: 'amount' as const, amount: { amountMinor: 50_000, currency: 'ILS' as const } }, balanceDueDays: 7, cancellationPolicy: { kind: 'custom' as const, schedule: [{ daysBefore: 20, percent: 80 }] }, maxInstalments: 3 };
      const values = valuesOfDraft({
        productId: 'p', vendorId: 'v', type: 'default', name: { en: 'Greeting' }, information: { en: '<p>x</p>' }, featured: false, images: [], introImage: '',
        price: { amountMinor: 150_000, currency: 'ILS' }, additionalInformation: [], introText: { en: 'Hi' }, serviceDuration: 0,
        paymentTerms: { ...paymentTerms, depositDue: { amountMinor: 50_000, currency: 'ILS' }, balance: { amountMinor: 100_000, currency: 'ILS' }, refundSchedule: [{ daysBefore: 20, percent: 80 }] },
      });
      expect(values.terms).toMatchObject({ depositKind: 'amount', depositAmount: '500', balanceDueDays: '7', policy: 'custom', maxInstalments: '3' });
      expect(detailsOf(values).paymentTerms).toEqual(paymentTerms);
    });

    it('asks for fixes beside each field, keyed as the API names them', () => {
      expect(checkProduct(filled({ terms: terms({ depositKind: 'percent', depositPercent: '0', maxInstalments: '13', balanceDueDays: '-1' }) }), t)).toEqual({
        'paymentTerms.deposit.percent': 'Enter a whole percent from 1 to 100.', 'paymentTerms.maxInstalments': 'Enter a whole number from 1 to 12.',
        'paymentTerms.balanceDueDays': 'Enter whole days from 0 to 365.',
      });
      // A deposit over the price (₪1,200.50), and a schedule naming a day twice or a percent over 100.
      expect(Object.keys(checkProduct(filled({ terms: terms({ depositKind: 'amount', depositAmount: '1300' }) }), t))).toEqual(['paymentTerms.deposit.amount']);
      expect(Object.keys(checkProduct(filled({ terms: terms({ depositKind: 'amount', depositAmount: '0' }) }), t))).toEqual(['paymentTerms.deposit.amount']);
      expect(Object.keys(checkProduct(filled({ terms: terms({ policy: 'custom', schedule: [{ daysBefore: '30', percent: '100' }, { daysBefore: '30', percent: '120' }] }) }), t)))
        .toEqual(['paymentTerms.cancellationPolicy.schedule.1.daysBefore', 'paymentTerms.cancellationPolicy.schedule.1.percent']);
      expect(Object.keys(checkProduct(filled({ terms: terms({ policy: 'custom', schedule: [] }) }), t))).toEqual(['paymentTerms.cancellationPolicy.schedule']);
      // The custom rows are kept but not checked while a named policy is chosen.
      expect(checkProduct(filled({ terms: terms({ policy: 'moderate', schedule: [] }) }), t)).toEqual({});
    });

    it("words the API's 422 fields of the terms in the page's language", () => {
      expect(messagesOfProblem({
        'paymentTerms.deposit.amount': 'The deposit cannot be more than the price.', 'paymentTerms.cancellationPolicy.schedule.0.percent': 'Too big',
        'paymentTerms.maxInstalments': 'Too big',
      }, filled(), he)).toEqual({
        'paymentTerms.deposit.amount': 'הזינו סכום בשקלים, יותר מאפס ולא יותר מהמחיר.', 'paymentTerms.cancellationPolicy.schedule.0.percent': 'אחוז שלם בין 0 ל־100.',
        'paymentTerms.maxInstalments': 'הזינו מספר שלם בין 1 ל־12.',
      });
    });

    it('reads the posted terms back (route action, also without JavaScript)', () => {
      const form = new FormData();
      for (const [name, value] of [
        ['paymentTerms.deposit.kind', 'percent'], ['paymentTerms.deposit.percent', '25'], ['paymentTerms.deposit.amount', ''], ['paymentTerms.balanceDueDays', '21'],
        ['paymentTerms.cancellationPolicy.kind', 'custom'], ['paymentTerms.cancellationPolicy.schedule.1.daysBefore', '7'], ['paymentTerms.cancellationPolicy.schedule.1.percent', '10'],
        ['paymentTerms.cancellationPolicy.schedule.0.daysBefore', '40'], ['paymentTerms.cancellationPolicy.schedule.0.percent', '100'], ['paymentTerms.maxInstalments', '12'],
      ]) form.append(name!, value!);
      expect(productValuesOfForm(form).terms).toEqual({
        depositKind: 'percent', depositPercent: '25', depositAmount: '', balanceDueDays: '21', policy: 'custom',
        schedule: [{ daysBefore: '40', percent: '100' }, { daysBefore: '7', percent: '10' }], maxInstalments: '12',
      });
    });
  });
});
