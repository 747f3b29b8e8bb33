import type { ProductDraft, ProductSummary, Text } from '../api/view-models.ts';
import type { FieldErrors } from './field-error.tsx';
import type { Locale } from '../../domain/shared/translatable.ts';
import { MAX_INSTALMENTS, namedPolicySchedules, type CancellationPolicy, type PaymentTerms } from '../../domain/order/payment-terms.ts';

// The product form's values (SPEC §3 product form) as the inputs hold them, the API body they make
// (`details` of POST/PUT /api/vendor/products, domain/product/events.ts ProductDetails), the
// client-side checks, and the API's 422 fields turned into messages in the page's language.
export const PRODUCT_NAME_MAX = 200;
export const INTRO_TEXT_MAX = 250;
export const INFORMATION_MAX = 50_000;
export const DETAIL_TITLE_MAX = 200;
export const DETAIL_CONTENT_MAX = 5000;
export const URL_MAX = 2000;
export const PRODUCT_TYPES: readonly ProductSummary['type'][] = ['default', 'timedService', 'contractService'];

export interface ProductFormValues {
  type: ProductSummary['type'];
  name: Text;
  /** Simple HTML per language. */
  information: Text;
  featured: boolean;
  images: string[];
  introImage: string;
  /** Shekels as typed: "1200" or "1200.50". */
  price: string;
  additionalInformation: { title: Text; content: Text }[];
  introText: Text;
  /** Whole minutes as typed. */
  serviceDuration: string;
  /** Deposit, balance due, cancellation policy and most instalments (issue 26), as typed. */
  terms: PaymentTermsValues;
}

/** The payment terms' inputs (names `paymentTerms.…`, as the API's fields). */
export interface PaymentTermsValues {
  depositKind: PaymentTerms['deposit']['kind'];
  /** Whole percent as typed. */
  depositPercent: string;
  /** Shekels as typed. */
  depositAmount: string;
  /** Whole days before the event as typed. */
  balanceDueDays: string;
  policy: CancellationPolicy['kind'];
  /** The custom schedule's rows as typed (kept while another policy is chosen). */
  schedule: { daysBefore: string; percent: string }[];
  maxInstalments: string;
}

export const POLICY_KINDS: readonly CancellationPolicy['kind'][] = ['flexible', 'moderate', 'strict', 'custom'];
export const MAX_SCHEDULE_ROWS = 10;
export { MAX_INSTALMENTS, namedPolicySchedules };

const shekelsText = (minor: number) => (minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2));

/** The inputs of terms as set (the defaults of domain/order/payment-terms.ts when none: paid in full, flexible, one payment). */
export function termsValuesOf(terms: PaymentTerms | undefined): PaymentTermsValues {
  const deposit = terms?.deposit ?? { kind: 'none' as const };
  const policy = terms?.cancellationPolicy ?? { kind: 'flexible' as const };
  return {
    depositKind: deposit.kind,
    depositPercent: deposit.kind === 'percent' ? String(deposit.percent) : '30',
    depositAmount: deposit.kind === 'amount' ? shekelsText(deposit.amount.amountMinor) : '',
    balanceDueDays: String(terms?.balanceDueDays ?? 0),
    policy: policy.kind,
    // A custom schedule starts from the moderate policy's rows.
    schedule: (policy.kind === 'custom' ? policy.schedule : namedPolicySchedules.moderate)
      .map((step) => ({ daysBefore: String(step.daysBefore), percent: String(step.percent) })),
    maxInstalments: String(terms?.maxInstalments ?? 1),
  };
}

/** Whole numbers as typed within [min, max], or null. */
function wholeIn(text: string, min: number, max: number): number | null {
  if (!/^\s*\d{1,6}\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/** The API's `paymentTerms` of the inputs. Call after `checkProduct` found nothing. */
export function paymentTermsOf(values: PaymentTermsValues): PaymentTerms {
  const deposit: PaymentTerms['deposit'] = values.depositKind === 'percent' ? { kind: 'percent', percent: wholeIn(values.depositPercent, 1, 100) ?? 0 }
    : values.depositKind === 'amount' ? { kind: 'amount', amount: { amountMinor: agorotOf(values.depositAmount) ?? 0, currency: 'ILS' } }
    : { kind: 'none' };
  const cancellationPolicy: CancellationPolicy = values.policy === 'custom'
    ? { kind: 'custom', schedule: values.schedule.map((row) => ({ daysBefore: wholeIn(row.daysBefore, 0, 730) ?? 0, percent: wholeIn(row.percent, 0, 100) ?? 0 })) }
    : { kind: values.policy };
  return {
    deposit, balanceDueDays: wholeIn(values.balanceDueDays, 0, 365) ?? 0, cancellationPolicy, maxInstalments: wholeIn(values.maxInstalments, 1, MAX_INSTALMENTS) ?? 1,
  };
}

/** What the terms' inputs need fixed, keyed as the API's fields (`paymentTerms.deposit.amount`, `paymentTerms.cancellationPolicy.schedule.0.percent`…). */
export function checkTerms(values: PaymentTermsValues, price: string, t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  if (values.depositKind === 'percent' && wholeIn(values.depositPercent, 1, 100) === null) errors['paymentTerms.deposit.percent'] = t('products.errors.depositPercent');
  if (values.depositKind === 'amount') {
    const amount = agorotOf(values.depositAmount);
    const priceMinor = agorotOf(price);
    if (amount === null || amount === 0 || (priceMinor !== null && amount > priceMinor)) errors['paymentTerms.deposit.amount'] = t('products.errors.depositAmount');
  }
  if (wholeIn(values.balanceDueDays, 0, 365) === null) errors['paymentTerms.balanceDueDays'] = t('products.errors.balanceDueDays');
  if (values.policy === 'custom') {
    if (values.schedule.length < 1 || values.schedule.length > MAX_SCHEDULE_ROWS) errors['paymentTerms.cancellationPolicy.schedule'] = t('products.errors.scheduleRows');
    const seen = new Set<number>();
    values.schedule.forEach((row, index) => {
      const days = wholeIn(row.daysBefore, 0, 730);
      if (days === null || seen.has(days)) errors[`paymentTerms.cancellationPolicy.schedule.${index}.daysBefore`] = t('products.errors.scheduleDays');
      if (days !== null) seen.add(days);
      if (wholeIn(row.percent, 0, 100) === null) errors[`paymentTerms.cancellationPolicy.schedule.${index}.percent`] = t('products.errors.schedulePercent');
    });
  }
  if (wholeIn(values.maxInstalments, 1, MAX_INSTALMENTS) === null) errors['paymentTerms.maxInstalments'] = t('products.errors.maxInstalments');
  return errors;
}

/** An API field under `paymentTerms` as the form's field and its message in the page's language. */
function termsMessage(field: string, t: Translate): [string, string] {
  const schedule = /^paymentTerms\.cancellationPolicy\.schedule\.(\d+)\.(daysBefore|percent)/.exec(field);
  if (schedule) {
    const key = `paymentTerms.cancellationPolicy.schedule.${schedule[1]}.${schedule[2]}`;
    return [key, t(schedule[2] === 'percent' ? 'products.errors.schedulePercent' : 'products.errors.scheduleDays')];
  }
  if (field.startsWith('paymentTerms.cancellationPolicy.schedule')) return ['paymentTerms.cancellationPolicy.schedule', t('products.errors.scheduleRows')];
  if (field.startsWith('paymentTerms.deposit.amount')) return ['paymentTerms.deposit.amount', t('products.errors.depositAmount')];
  if (field.startsWith('paymentTerms.deposit.percent')) return ['paymentTerms.deposit.percent', t('products.errors.depositPercent')];
  if (field.startsWith('paymentTerms.balanceDueDays')) return ['paymentTerms.balanceDueDays', t('products.errors.balanceDueDays')];
  if (field.startsWith('paymentTerms.maxInstalments')) return ['paymentTerms.maxInstalments', t('products.errors.maxInstalments')];
  if (field.startsWith('paymentTerms.cancellationPolicy')) return ['paymentTerms.cancellationPolicy.kind', t('products.errors.invalid')];
  if (field.startsWith('paymentTerms.deposit')) return ['paymentTerms.deposit.kind', t('products.errors.invalid')];
  return ['paymentTerms', t('products.errors.invalid')];
}

export const emptyProductValues = (): ProductFormValues => ({
  type: 'timedService', name: {}, information: {}, featured: false, images: [], introImage: '', price: '',
  additionalInformation: [], introText: {}, serviceDuration: '60', terms: termsValuesOf(undefined),
});

export function valuesOfDraft(draft: ProductDraft): ProductFormValues {
  const minor = draft.price.amountMinor;
  return {
    type: draft.type, name: draft.name, information: draft.information, featured: draft.featured, images: draft.images.map((image) => image.url).filter(Boolean),
    introImage: draft.introImage ?? '', price: minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2),
    additionalInformation: draft.additionalInformation.map((entry) => ({ title: entry.title, content: entry.content })),
    introText: draft.introText, serviceDuration: String(draft.serviceDuration), terms: termsValuesOf(termsOfDraft(draft)),
  };
}

/** The terms as set of a product read back (the view adds what they come to on the price). */
function termsOfDraft(draft: ProductDraft): PaymentTerms | undefined {
  if (!draft.paymentTerms) return undefined;
  const { deposit, balanceDueDays, cancellationPolicy, maxInstalments } = draft.paymentTerms;
  return { deposit, balanceDueDays, cancellationPolicy, maxInstalments };
}

/** Shekels text → agorot, or null when it is not an amount with at most two decimals. */
export function agorotOf(price: string): number | null {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(price);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Whole non-negative minutes, or null. */
export function minutesOf(duration: string): number | null {
  return /^\s*\d{1,6}\s*$/.test(duration) ? Number(duration) : null;
}

const trimmedText = (value: Text): Text => {
  const result: Text = {};
  if (value.he?.trim()) result.he = value.he.trim();
  if (value.en?.trim()) result.en = value.en.trim();
  return result;
};
const isBlank = (value: Text) => !value.he?.trim() && !value.en?.trim();

/** The API body's `details`. Call after `checkProduct` found nothing: price and duration must parse. */
export function detailsOf(values: ProductFormValues) {
  return {
    type: values.type,
    name: trimmedText(values.name),
    information: trimmedText(values.information),
    featured: values.featured,
    images: values.images.map((url) => url.trim()).filter(Boolean).map((url) => ({ url })),
    ...(values.introImage.trim() ? { introImage: values.introImage.trim() } : {}),
    price: { amountMinor: agorotOf(values.price) ?? 0, currency: 'ILS' as const },
    additionalInformation: values.additionalInformation
      .filter((row) => !isBlank(row.title) || !isBlank(row.content))
      .map((row) => ({ title: trimmedText(row.title), content: trimmedText(row.content) })),
    introText: trimmedText(values.introText),
    serviceDuration: minutesOf(values.serviceDuration) ?? 0,
    paymentTerms: paymentTermsOf(values.terms),
  };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What must be fixed before sending, keyed like the API's fields (`name`, `price`…). Lengths over a
 * maximum are left to the counters and the API, which answers 422 for them (shown the same way).
 */
export function checkProduct(values: ProductFormValues, t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  if (isBlank(values.name)) errors.name = t('products.errors.requiredOneLanguage');
  if (isBlank(values.information)) errors.information = t('products.errors.requiredOneLanguage');
  if (!values.price.trim()) errors.price = t('products.errors.required');
  else if (agorotOf(values.price) === null) errors.price = t('products.errors.priceInvalid');
  if (isBlank(values.introText)) errors.introText = t('products.errors.requiredOneLanguage');
  const minutes = minutesOf(values.serviceDuration);
  if (minutes === null) errors.serviceDuration = t('products.errors.durationInvalid');
  else if (values.type === 'timedService' && minutes < 1) errors.serviceDuration = t('products.errors.durationTimed');
  return { ...errors, ...checkTerms(values.terms, values.price, t) };
}

/**
 * The API's 422 fields (prefix `details.` removed) as messages of the form's fields, in the page's
 * language: the rule the field breaks, told from the values sent; the API's own text otherwise.
 */
export function messagesOfProblem(fields: FieldErrors, values: ProductFormValues, t: Translate): FieldErrors {
  const messages: FieldErrors = {};
  const tooLongOr = (text: Text, max: number, otherwise: string) =>
    (['he', 'en'] as const).some((locale) => (text[locale] ?? '').trim().length > max) ? t('products.errors.tooLong', { max }) : otherwise;
  for (const [field, serverMessage] of Object.entries(fields)) {
    if (field.startsWith('paymentTerms')) {
      const [key, message] = termsMessage(field, t);
      messages[key] ??= message;
      continue;
    }
    const [head, index, part] = field.split('.');
    let key = head!;
    let message = serverMessage;
    switch (head) {
      case 'name': {
        const tooLong = ['he', 'en'].some((locale) => (values.name[locale as Locale] ?? '').trim().length > PRODUCT_NAME_MAX);
        message = tooLong ? t('products.errors.tooLong', { max: PRODUCT_NAME_MAX }) : t('products.errors.requiredOneLanguage');
        break;
      }
      case 'information': message = tooLongOr(values.information, INFORMATION_MAX, t('products.errors.requiredOneLanguage')); break;
      case 'introText': message = tooLongOr(values.introText, INTRO_TEXT_MAX, t('products.errors.requiredOneLanguage')); break;
      case 'price': message = t('products.errors.priceInvalid'); break;
      case 'serviceDuration': message = t('products.errors.durationInvalid'); break;
      case 'introImage': message = t('products.errors.tooLong', { max: URL_MAX }); break;
      case 'images': key = `images.${index}`; message = t('products.errors.tooLong', { max: URL_MAX }); break;
      case 'additionalInformation': {
        key = `additionalInformation.${index}.${part}`;
        const max = part === 'content' ? DETAIL_CONTENT_MAX : DETAIL_TITLE_MAX;
        const row = values.additionalInformation[Number(index)];
        const text = part === 'content' ? row?.content : row?.title;
        const tooLong = ['he', 'en'].some((locale) => (text?.[locale as Locale] ?? '').trim().length > max);
        message = tooLong ? t('products.errors.tooLong', { max }) : t('products.errors.requiredOneLanguage');
        break;
      }
      default: message = serverMessage || t('products.errors.invalid');
    }
    messages[key] ??= message;
  }
  return messages;
}

/** A decider refusal without fields (422 `product.duration-required`) as a field message. */
export function messagesOfRefusal(code: string | undefined, t: Translate): FieldErrors {
  return code === 'product.duration-required' ? { serviceDuration: t('products.errors.durationTimed') } : {};
}

/** The form's values as posted (the inputs' names: `name.he`, `images.0`, `additionalInformation.0.title.en`, …), for the route action. */
export function productValuesOfForm(form: FormData): ProductFormValues {
  const text = (name: string) => String(form.get(name) ?? '');
  const translatable = (prefix: string): Text => {
    const value: Text = {};
    for (const locale of ['he', 'en'] as const) if (form.has(`${prefix}.${locale}`)) value[locale] = text(`${prefix}.${locale}`);
    return value;
  };
  /** The indexes posted under `prefix.<n>`, in order (a row removed in the page leaves no gap in the names, but keep the order anyway). */
  const indexes = (prefix: string): number[] => [...new Set([...form.keys()]
    .map((key) => new RegExp(`^${prefix}\\.(\\d+)(?:\\.|$)`).exec(key)?.[1]).filter((index): index is string => index !== undefined).map(Number))].sort((a, b) => a - b);
  const type = PRODUCT_TYPES.find((candidate) => candidate === text('type')) ?? 'timedService';
  return {
    type, name: translatable('name'), information: translatable('information'), featured: form.get('featured') !== null,
    images: indexes('images').map((index) => text(`images.${index}`)), introImage: text('introImage'), price: text('price'),
    additionalInformation: indexes('additionalInformation').map((index) => ({
      title: translatable(`additionalInformation.${index}.title`), content: translatable(`additionalInformation.${index}.content`),
    })),
    introText: translatable('introText'), serviceDuration: text('serviceDuration'),
    terms: termsValuesOfForm(form, indexes),
  };
}

/** The payment terms' inputs as posted; a missing input keeps its default. */
function termsValuesOfForm(form: FormData, indexes: (prefix: string) => number[]): PaymentTermsValues {
  const defaults = termsValuesOf(undefined);
  const text = (name: string, otherwise: string) => (form.has(name) ? String(form.get(name)) : otherwise);
  const depositKind = (['none', 'percent', 'amount'] as const).find((kind) => kind === form.get('paymentTerms.deposit.kind')) ?? defaults.depositKind;
  const policy = POLICY_KINDS.find((kind) => kind === form.get('paymentTerms.cancellationPolicy.kind')) ?? defaults.policy;
  const rows = indexes('paymentTerms\\.cancellationPolicy\\.schedule');
  return {
    depositKind, depositPercent: text('paymentTerms.deposit.percent', defaults.depositPercent), depositAmount: text('paymentTerms.deposit.amount', ''),
    balanceDueDays: text('paymentTerms.balanceDueDays', defaults.balanceDueDays), policy,
    schedule: rows.length ? rows.map((index) => ({
      daysBefore: text(`paymentTerms.cancellationPolicy.schedule.${index}.daysBefore`, ''), percent: text(`paymentTerms.cancellationPolicy.schedule.${index}.percent`, ''),
    })) : defaults.schedule,
    maxInstalments: text('paymentTerms.maxInstalments', defaults.maxInstalments),
  };
}
