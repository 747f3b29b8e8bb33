import * as z from 'zod/mini';
import { orderStatuses } from '../domain/order/events.ts';
import { eventTypes } from '../domain/shared/event-type.ts';
import type { VendorCard } from '../projectors/vendor-cards/projection.ts';
import type { ProductView } from '../projectors/products/projection.ts';
import type { ProductSummary, VendorPage } from '../projectors/vendor-pages/projection.ts';
import type { ProductPaymentTerms } from '../projectors/product-payment-terms.ts';
import type { OrderView } from '../projectors/orders/projection.ts';
import type { CalendarEntry } from '../projectors/calendar/projection.ts';
import type { NotificationView } from '../projectors/notifications/projection.ts';
import type { ConversationView } from '../projectors/conversations/projection.ts';
import type { ContractView } from '../projectors/contracts/projection.ts';
import type { ReviewView } from '../projectors/reviews/projection.ts';
import type { MessageView } from '../projectors/messages/projection.ts';
import type { GeoLocationView } from '../projectors/geo-locations/projection.ts';
import type { AclRuleView } from '../projectors/acl/projection.ts';
import type { ConfigView } from '../projectors/config/projection.ts';
import type { LanguageView } from '../projectors/languages/projection.ts';
import type { UserView } from '../projectors/users/projection.ts';
import type { TagView } from '../projectors/tags/projection.ts';
import type { ArticleView } from '../projectors/articles/projection.ts';
import type { CategoryView } from '../projectors/categories/projection.ts';
import type { BrandView } from '../projectors/brands/projection.ts';
import type { PhoneNumberDispenseView } from '../projectors/phone-number-dispenses/projection.ts';
import type { UserAddressesView } from '../projectors/user-addresses/projection.ts';
import type { VendorInsights } from '../projectors/customer-journeys/figures.ts';
import type { QuoteInboxView, QuoteRequestView } from '../projectors/quote-requests/projection.ts';
import type { ReceiptView } from '../projectors/receipts/projection.ts';
import type { RatingSummary } from '../projectors/rating-summary.ts';
import type { ResponseFigures } from '../projectors/vendor-responses/figures.ts';
import type { VendorProfile } from '../domain/vendor/events.ts';

// The read contract: the shapes of the answers, for the OpenAPI document and for the web
// client, which validates what it reads with them (web/api/adapters.ts). The server does not validate
// its answers at runtime: they are view documents (projectors/README.md) as publicDocument serves
// them, and each schema below is bound to its view's exported type, so tsc refuses a schema a
// projection's documents would not pass. Loose objects: views may grow fields. This file is also in
// the browser bundle: type-only imports besides zod/mini, whose functions tree-shake (classic zod would add
// about 90 KB gzip to the storefront's first load); routes may wrap these schemas in classic zod freely.

/** A view document as publicDocument serves it: no `_` bookkeeping, no search helpers, no index signature. */
type Served<View> = {
  [K in keyof View as string extends K ? never : K extends `_${string}` | 'searchText' | 'searchTokens' ? never : K]: View[K];
};

/** The fields of an answer a served document would fail: missing, or of another type. */
type FailingFields<Document, Answer> = keyof {
  [K in keyof Answer as string extends K ? never
    : K extends keyof Document ? ([Document[K]] extends [Answer[K]] ? never : K)
    : undefined extends Answer[K] ? never : K]: true;
};

/** Binds an answer schema to the documents it serves: tsc rejects the schema, naming the fields, when a served document would fail it. */
const servedAs = <Document>() =>
  <Schema extends z.ZodMiniType>(
    schema: Schema & (Document extends z.input<Schema> ? unknown : { failingFields: FailingFields<Document, z.input<Schema>> }),
  ): Schema => schema;

const Text = z.object({ he: z.optional(z.string()), en: z.optional(z.string()) });
const Money = z.object({ amountMinor: z.int(), currency: z.literal('ILS') });
const Iso = z.string().check(z.describe('ISO 8601 time'));
const ProductType = z.enum(['default', 'timedService', 'contractService']);
const OrderStatus = z.enum(orderStatuses);
const TimelineRole = z.enum(['customer', 'vendor', 'admin', 'system']);
const Side = z.enum(['customer', 'vendor']);

/** A page of a list (query-api/paging.ts `pageOf`, the same shape, built here with zod/mini for the browser). */
export const pageOf = <Item extends z.ZodMiniType>(item: Item) => z.object({ items: z.array(item), total: z.int().check(z.nonnegative()) });

/**
 * How quickly a vendor answers, over the conversations and quote requests of the last 90 days (docs/storefront.md,
 * "Response badges"); null with fewer than 3 samples for either figure.
 */
export const ResponseFiguresAnswer = servedAs<ResponseFigures>()(z.object({
  within: z.nullable(z.enum(['hour', 'hours', 'day'])).check(z.describe('The badge: usually replies within an hour, a few hours (6) or a day; null when the median is longer or unknown')),
  medianMinutes: z.nullable(z.int()).check(z.describe('Median minutes to the first reply, conversations and quote requests together; null with fewer than 3 answered')),
  conversationMedianMinutes: z.nullable(z.int()),
  quoteMedianMinutes: z.nullable(z.int()),
  replyRate: z.nullable(z.number()).check(z.describe('Share answered (0 to 1) of those answered or left unanswered for 48 hours; null with fewer than 3')),
  answered: z.int(),
  counted: z.int(),
}));
const ResponseField = z.optional(z.nullable(ResponseFiguresAnswer)).check(z.describe('How quickly the vendor answers (last 90 days); null without enough samples'));

export const VendorCardAnswer = servedAs<Served<VendorCard>>()(z.looseObject({
  vendorId: z.string(),
  name: Text,
  intro: Text,
  originLocation: Text,
  tagIds: z.array(z.string()),
  geoLocationIds: z.array(z.string()),
  languages: z.array(z.string()),
  logoImageUrl: z.nullable(z.string()),
  heroImageUrl: z.nullable(z.string()),
  ratingAvg: z.nullable(z.number()),
  ratingCount: z.int(),
  priceFromMinor: z.nullable(z.int()),
  productCount: z.int(),
  response: ResponseField,
}));

const Translated = z.looseObject({ title: Text, content: Text });

/** A product's payment terms (issue 26, projectors/product-payment-terms.ts): as the vendor set them, and what they come to on the price. */
const RefundStepAnswer = z.object({ daysBefore: z.int(), percent: z.int() });
export const ProductPaymentTermsAnswer = servedAs<ProductPaymentTerms>()(z.looseObject({
  deposit: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('none') }), z.object({ kind: z.literal('percent'), percent: z.int() }), z.object({ kind: z.literal('amount'), amount: Money }),
  ]).check(z.describe('The deposit that holds the date: none (paid in full), a percent of the price, or an amount')),
  balanceDueDays: z.int().check(z.describe('The balance is due this many days before the event')),
  cancellationPolicy: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('flexible') }), z.object({ kind: z.literal('moderate') }), z.object({ kind: z.literal('strict') }),
    z.object({ kind: z.literal('custom'), schedule: z.array(RefundStepAnswer) }),
  ]),
  maxInstalments: z.int().check(z.describe('The most card instalments (1–12)')),
  depositDue: Money.check(z.describe('What the deposit comes to; the whole price without a deposit')),
  balance: Money.check(z.describe('The rest of the price, due balanceDueDays before the event')),
  refundSchedule: z.array(RefundStepAnswer).check(z.describe("The policy's rows, most days first: cancel at least daysBefore days before and percent of what was paid comes back; later, nothing")),
}));
const PaymentTermsField = z.optional(ProductPaymentTermsAnswer).check(z.describe('Deposit, balance, cancellation policy and instalments (absent only in a document from before they existed)'));

export const ProductAnswer = servedAs<Served<ProductView>>()(z.looseObject({
  productId: z.string(),
  vendorId: z.string(),
  type: ProductType,
  name: Text,
  price: Money,
  introText: Text,
  introImage: z.nullable(z.string()),
  serviceDuration: z.int().check(z.describe('Minutes')),
  featured: z.boolean(),
  information: Text.check(z.describe('Simple HTML per language')),
  images: z.array(z.looseObject({ url: z.string() })),
  additionalInformation: z.array(Translated),
  /** Set aside by the back office: only staff (and its vendor) read it. Absent in documents from before archiving existed. */
  archived: z.optional(z.boolean()),
  archivedReason: z.optional(z.nullable(z.string())),
  paymentTerms: PaymentTermsField,
}));

/** A media item's caption per language (either may be missing). */
const Caption = Text.check(z.describe('Caption per language'));
const MediaItem = z.looseObject({ url: z.string(), description: Caption });
const VendorProfileAnswer = servedAs<VendorProfile>()(z.looseObject({
  name: Text, about: Text.check(z.describe('Simple HTML per language')), intro: Text, languages: z.array(z.string()), tagIds: z.array(z.string()),
  geoLocationIds: z.array(z.string()), originLocation: Text, logoImageUrl: z.optional(z.string()), heroImageUrl: z.optional(z.string()),
  images: z.array(z.looseObject({ url: z.string(), thumbnailUrl: z.optional(z.string()), description: Caption })), audio: z.array(MediaItem),
  videos: z.array(z.looseObject({ youtubeId: z.string(), description: Caption })),
  videoFiles: z.optional(z.array(MediaItem).check(z.describe('Video files the artist uploaded'))),
  generalInfo: z.array(Translated),
}));
/** A product as the vendor page lists it (no vendorId: the page's). */
export const VendorPageProductAnswer = servedAs<Served<ProductSummary>>()(z.looseObject({
  productId: z.string(), type: ProductType, name: Text, price: Money, featured: z.boolean(), introText: Text, introImage: z.nullable(z.string()),
  serviceDuration: z.int().check(z.describe('Minutes')),
  paymentTerms: PaymentTermsField,
}));
const RatingSummaryAnswer = servedAs<Served<RatingSummary>>()(
  z.object({ count: z.int(), avg: z.nullable(z.number()), distribution: z.record(z.string(), z.int()) }),
);

/** The vendor page as served: a vendor without a profile is 404, and the products are a list (featured first). */
type ServedVendorPage = Omit<Served<VendorPage>, 'profile' | 'products'> & { profile: VendorProfile; products: Array<Served<ProductSummary>> };

export const VendorPageAnswer = servedAs<ServedVendorPage>()(z.looseObject({
  vendorId: z.string(),
  ownerUserId: z.optional(z.nullable(z.string())).check(z.describe('The owning user; admins only')),
  archived: z.boolean(),
  profile: VendorProfileAnswer,
  products: z.array(VendorPageProductAnswer),
  reviewsSummary: RatingSummaryAnswer,
  response: ResponseField,
}));

/** What query-api/participants.ts adds to an order, a conversation or a contract: both parties named. */
const Participants = {
  customerName: z.string().check(z.describe("The customer's full name ('' when unknown)")),
  vendorName: Text.check(z.describe("The vendor's name")),
};

/** An order's event details (issue 22 item 1); an order placed from a quote lacks the address and phone until the customer gives them. */
const EventDetailsAnswer = z.object({
  eventType: z.enum(eventTypes), date: Iso, city: z.string(), address: z.optional(z.string()), guests: z.int(),
  contactPhone: z.optional(z.string()).check(z.describe('E.164 (+972501234567)')),
});
const EventDetailField = z.enum(['eventType', 'date', 'city', 'address', 'guests', 'contactPhone']);

/** The money terms an order records when placed (issue 26): the deposit settled to an amount. */
const OrderTermsAnswer = z.looseObject({
  deposit: Money.check(z.describe('The first payment: the deposit, or the whole price without one')),
  balanceDueDays: z.int().check(z.describe('The balance is due this many days before the event')),
  cancellationPolicy: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('flexible') }), z.object({ kind: z.literal('moderate') }), z.object({ kind: z.literal('strict') }),
    z.object({ kind: z.literal('custom'), schedule: z.array(RefundStepAnswer) }),
  ]),
  maxInstalments: z.int().check(z.describe('The most card instalments a payment may be split into (1–12)')),
});
const PaymentPartAnswer = z.enum(['full', 'deposit', 'balance']);
const OwedBackAnswer = z.looseObject({ paymentId: z.string(), amount: Money, refundId: z.nullable(z.string()), refundedAt: z.nullable(Iso) });
const OrderPaymentAnswer = z.looseObject({
  paymentId: z.string(), part: PaymentPartAnswer, amount: Money, instalments: z.int().check(z.describe('Card instalments, 1–12')), cardLast4: z.string(), at: Iso,
  refund: z.nullable(z.looseObject({ amount: Money, refundId: z.nullable(z.string()), refundedAt: z.nullable(Iso) }))
    .check(z.describe('What a cancel owes back of this payment, with the refund once made; null while nothing is owed')),
});

const OrderDocument = servedAs<Served<OrderView>>()(z.looseObject({
  orderId: z.string(),
  customerId: z.string(),
  vendorId: z.string(),
  status: OrderStatus,
  product: z.looseObject({ productId: z.string(), vendorId: z.string(), type: ProductType, name: Text, price: Money, serviceDuration: z.optional(z.int()) }),
  total: Money,
  slot: z.nullable(z.object({ start: Iso, end: Iso })),
  notes: z.nullable(z.string()),
  eventDetails: z.nullable(EventDetailsAnswer).check(z.describe('The event the artist is booked for (type, start, city, address, guests, contact phone); null when the customer gave none')),
  eventAt: z.nullable(Iso).check(z.describe("When the event starts: the details' date, else a timed order's slot start; null when unknown")),
  terms: z.nullable(OrderTermsAnswer).check(z.describe('The money terms the order was sold under (issue 26); null on orders placed before them (paid and refunded in full)')),
  holdUntil: z.nullable(Iso).check(z.describe("A customer's timed order holds its slot unpaid until then; null when it holds none")),
  payment: z.nullable(z.looseObject({ paymentId: z.string(), amount: Money, cardLast4: z.string(), at: Iso })).check(z.describe('The first payment (the deposit, or the whole price); null while unpaid')),
  payments: z.array(OrderPaymentAnswer).check(z.describe('Every payment the order took, in order: the first (deposit or full), then the balance')),
  paid: Money.check(z.describe('The sum of the payments')),
  balanceDue: Money.check(z.describe('What is still to pay after the first payment; nothing before it')),
  balanceDueAt: z.nullable(Iso).check(z.describe('When the balance falls due; null when nothing is due or the event has no time')),
  paymentPlan: z.looseObject({
    part: z.enum(['deposit', 'full']), first: Money, balance: Money, balanceDueAt: z.nullable(Iso),
  }).check(z.describe('How the order is paid by its terms: the first payment (the deposit, or the whole price), the balance after it and when that falls due')),
  paymentDeclines: z.array(z.looseObject({ reason: z.string(), cardLast4: z.string(), at: Iso, part: z.optional(PaymentPartAnswer) })),
  cancellation: z.nullable(z.looseObject({
    reason: z.string(), by: z.nullable(z.string()), byRole: TimelineRole,
    refunds: z.array(OwedBackAnswer).check(z.describe('What the cancel owes back, per payment (latest first), by the policy recorded on the order')),
    refund: z.nullable(OwedBackAnswer).check(z.describe('The first of refunds, or null (as readers before policies know it)')),
    refundPercent: z.nullable(z.int()).check(z.describe('The percent of what was paid the cancel refunds; null on cancels recorded before policies')),
    at: Iso,
  })),
  returnedPayments: z.array(z.looseObject({
    paymentId: z.string(), amount: Money, cardLast4: z.string(), reason: z.string(), at: Iso, refundId: z.nullable(z.string()), refundedAt: z.nullable(Iso),
  })).check(z.describe('Charges the order did not take (paid twice at once, or canceled while charged): refunded to the card')),
  timeline: z.array(z.looseObject({
    event: z.string(), status: OrderStatus, by: z.nullable(z.string()), role: TimelineRole, at: Iso,
    eventDetails: z.optional(EventDetailsAnswer).check(z.describe('OrderPlaced with details: the details as placed')),
    changes: z.optional(z.array(z.object({ field: EventDetailField, before: z.nullable(z.union([z.string(), z.number()])), after: z.union([z.string(), z.number()]) })))
      .check(z.describe('OrderEventDetailsChanged: each field changed, before and after')),
  })),
  placedAt: Iso,
}));

/** The reviewed vendor's one reply to a review (`by`: its owner, or an admin on its behalf). */
const ReviewReplyAnswer = z.nullable(z.object({ text: z.string(), at: Iso, by: z.enum(['vendor', 'admin']) }));
/** An admin hid the review (SPEC-beyond moderation, docs/reviews.md): why and when; null when shown. */
const ReviewHiddenAnswer = z.nullable(z.object({ reason: z.string(), at: Iso }));

export const OrderAnswer = z.extend(OrderDocument, {
  ...Participants,
  overdue: z.boolean().check(z.describe('The balance is unpaid past its due date, now')),
  cancellationPreview: z.nullable(z.object({ percent: z.int(), amount: Money }))
    .check(z.describe('What a cancel by the asking user now would refund (percent of what was paid, and the amount), by the policy and their part; null when they may not cancel')),
  review: z.nullable(z.object({ rating: z.int(), text: z.string(), at: Iso, editedAt: z.nullable(Iso), reply: z.optional(ReviewReplyAnswer), hidden: z.optional(ReviewHiddenAnswer) }))
    .check(z.describe("The customer's review of the order, null before one is written; `hidden` when an admin hid it, with the vendor's `reply`")),
});

/** An entry of a vendor's calendar; its owner and admins also read which window or order it is. */
export const CalendarEntryAnswer = servedAs<Served<CalendarEntry>>()(z.looseObject({
  start: Iso, end: Iso, kind: z.enum(['busy', 'reservation']),
  windowId: z.optional(z.nullable(z.string())).check(z.describe('A busy window (owner and admins)')),
  orderId: z.optional(z.nullable(z.string())).check(z.describe('A booked order (owner and admins)')),
  reason: z.optional(z.nullable(z.string())).check(z.describe("The window's note (owner and admins)")),
  source: z.optional(z.nullable(z.string())).check(z.describe('The calendar a busy window was imported from, a sourceId of GET /api/vendor/calendar-sync (owner and admins)')),
}));
export const CalendarAnswer = z.extend(pageOf(CalendarEntryAnswer), { from: Iso, to: Iso });

export const NotificationAnswer = servedAs<Served<NotificationView>>()(z.looseObject({
  notificationId: z.string(), kind: z.string(), subject: z.record(z.string(), z.string()), params: z.record(z.string(), z.string()), at: Iso, read: z.boolean(),
}));
export const NotificationsAnswer = z.extend(pageOf(NotificationAnswer), { unread: z.int() });

const ConversationDocument = servedAs<Served<ConversationView>>()(z.looseObject({
  conversationId: z.string(), customerId: z.string(), vendorId: z.string(), lastActivityAt: Iso, messageCount: z.int(),
  lastMessage: z.nullable(z.looseObject({ messageId: z.string(), side: Side, text: z.string(), at: Iso })),
  unread: z.object({ customer: z.int(), vendor: z.int() }),
}));
export const ConversationAnswer = z.extend(ConversationDocument, {
  ...Participants,
  vendorLogoImageUrl: z.nullable(z.string()),
});

export const UnreadCountsAnswer = z.object({
  notifications: z.int().check(z.describe('Unread notifications')),
  messages: z.int().check(z.describe('Messages from the other side not read yet, over all my conversations')),
  conversations: z.int().check(z.describe('Conversations holding such messages')),
});

export const AuditEventAnswer = z.object({
  id: z.string(), streamId: z.string(), revision: z.int(), position: z.int(), type: z.string(),
  data: z.unknown().check(z.describe('Event data; fields named like a password, token or secret are "[redacted]"')),
  metadata: z.looseObject({ actor: z.looseObject({ userId: z.nullable(z.string()), roles: z.array(z.string()) }), correlationId: z.string(), causationId: z.nullable(z.string()), at: Iso }),
  recordedAt: Iso,
});

export const OrderHistoryAnswer = z.object({
  orderId: z.string(),
  asOfRevision: z.int(),
  currentRevision: z.int(),
  state: z.nullable(z.looseObject({ status: z.string() })),
  events: z.array(z.looseObject({ revision: z.int(), type: z.string(), at: Iso, by: z.looseObject({ userId: z.nullable(z.string()) }) })),
});

export const FailedJobsAnswer = z.extend(
  pageOf(z.looseObject({ id: z.string(), name: z.string(), data: z.unknown(), attemptsMade: z.int(), failedReason: z.string(), failedAt: Iso })),
  { counts: z.record(z.string(), z.int()) },
);

/** An event as the admin's audit screens show it: its actor named ('' never: null when unknown or the product itself). */
export const AuditedEventAnswer = z.object({
  id: z.string(), streamId: z.string(), revision: z.int(), position: z.int(), type: z.string(), at: Iso, recordedAt: Iso,
  actor: z.object({ userId: z.nullable(z.string()), roles: z.array(z.string()), name: z.nullable(z.string()).check(z.describe("The user's current full name")) }),
  correlationId: z.string(), causationId: z.nullable(z.string()),
  data: z.unknown().check(z.describe('Event data; fields named like a password, token or secret are "[redacted]"')),
});

export const StreamStateAnswer = z.object({
  streamId: z.string(),
  category: z.string().check(z.describe('What comes before the first hyphen of the stream id: order, vendor, product, contract, user…')),
  folded: z.boolean().check(z.describe('false when no aggregate folds this category (its state is then null)')),
  revision: z.int(),
  currentRevision: z.int(),
  at: Iso.check(z.describe('Time of the event at that revision')),
  eventType: z.string().check(z.describe('Type of the event at that revision')),
  state: z.unknown().check(z.describe("The aggregate's state after that event, secrets redacted")),
  events: z.optional(z.array(AuditedEventAnswer)).check(z.describe('withEvents=true: the events up to that revision, oldest first')),
});

export const LatestEventsAnswer = z.object({ items: z.array(AuditedEventAnswer).check(z.describe('Newest first')), headPosition: z.int() });

export const AdminCountsAnswer = z.object({
  vendors: z.object({ total: z.int(), archived: z.int() }),
  products: z.object({ total: z.int(), byType: z.record(z.string(), z.int()) }),
  users: z.object({ total: z.int(), active: z.int(), vendors: z.int() }),
  orders: z.object({ total: z.int(), byStatus: z.record(z.string(), z.int()) }),
  conversations: z.object({ total: z.int(), unread: z.int().check(z.describe('Holding messages one side has not read')) }),
});


// --- Answers of the remaining reads (schemathesis checks every 200 against these), from
// the view documents of projectors/README.md as publicDocument serves them (no _id, _seen, searchText).
const Signature = z.nullable(z.looseObject({ signerId: z.string(), name: z.optional(z.nullable(z.string())), at: Iso }));

export const ContractAnswer = servedAs<Served<ContractView>>()(z.looseObject({
  contractId: z.string(), customerId: z.string(), vendorId: z.string(),
  orderId: z.nullable(z.string()), productId: z.optional(z.nullable(z.string())),
  title: z.string(), terms: z.string(), price: Money, eventDate: z.nullable(z.string()),
  status: z.enum(['draft', 'sent', 'signed', 'canceled']),
  signatures: z.looseObject({ customer: Signature, vendor: Signature }),
  cancellation: z.nullable(z.looseObject({ reason: z.string(), by: z.nullable(z.string()), at: Iso })),
  timeline: z.array(z.looseObject({ event: z.string(), by: z.nullable(z.string()), role: TimelineRole, at: Iso })),
  createdAt: Iso, updatedAt: Iso,
}));
/** A contract as its parties read it: both parties named (query-api/participants.ts). */
export const NamedContractAnswer = z.extend(ContractAnswer, {
  ...Participants,
  vendorLogoImageUrl: z.nullable(z.string()),
});

export const MyReviewAnswer = z.extend(servedAs<Served<ReviewView>>()(z.looseObject({
  orderId: z.string(), vendorId: z.string(), customerId: z.string(), rating: z.int().check(z.minimum(1), z.maximum(5)), text: z.string(), at: Iso, editedAt: z.nullable(Iso),
  verified: z.boolean().check(z.describe('A review of a completed order (every review is: the only kind that may be written)')),
  reply: ReviewReplyAnswer, hidden: ReviewHiddenAnswer,
})), {
  editableUntil: Iso.check(z.describe('Until when the customer may edit it (14 days after writing it)')),
});

/**
 * A review as a visitor reads it: no customer id and no order id (together they would link one
 * customer's reviews across vendors); `reviewId` is a digest of the order id (query-api/routes/review-reads.ts).
 */
export const PublicReviewAnswer = z.object({
  reviewId: z.string(),
  vendorId: z.string(),
  rating: z.int(),
  text: z.string(),
  at: z.string().check(z.describe('ISO 8601 time of posting')),
  editedAt: z.nullable(z.string()),
  verified: z.boolean().check(z.describe('Written for a completed order on the marketplace ("verified booking")')),
  reply: ReviewReplyAnswer,
});
export const VendorReviewsAnswer = z.extend(pageOf(PublicReviewAnswer), { summary: RatingSummaryAnswer });
/** A review as its vendor reads it (GET /api/vendor/reviews): with the order, to reply to it. */
export const VendorOwnReviewAnswer = z.extend(PublicReviewAnswer, { orderId: z.string() });
export const VendorOwnReviewsAnswer = z.extend(pageOf(VendorOwnReviewAnswer), { summary: RatingSummaryAnswer });

export const MessageAnswer = servedAs<Served<MessageView>>()(z.looseObject({
  messageId: z.string(), conversationId: z.string(), authorId: z.string(), side: Side, text: z.string(), at: Iso, seq: z.int(),
}));

export const GeoLocationAnswer = servedAs<Served<GeoLocationView>>()(z.looseObject({
  id: z.string(), name: Text, parentId: z.nullable(z.string()), lat: z.nullable(z.number()), lng: z.nullable(z.number()), createdAt: Iso, updatedAt: Iso,
}));

export const AclRuleAnswer = servedAs<Served<AclRuleView>>()(z.looseObject({
  ruleId: z.string(), asset: z.string(), action: z.string(), level: z.string(), role: z.nullable(z.string()), group: z.nullable(z.string()), public: z.boolean(), updatedAt: Iso,
}));

export const ConfigEntryAnswer = servedAs<Served<ConfigView>>()(z.looseObject({
  key: z.string(), value: z.unknown(), valueType: z.optional(z.enum(['string', 'number', 'boolean', 'json'])), updatedAt: Iso,
}));

export const LanguageAnswer = servedAs<Served<LanguageView>>()(z.looseObject({ code: z.string(), name: Text, enabled: z.boolean(), updatedAt: Iso }));

export const UserAnswer = servedAs<Served<UserView>>()(z.looseObject({
  userId: z.string(), email: z.string(), fullName: z.string(), phone: z.nullable(z.string()), locale: z.string(), active: z.boolean(),
  roles: z.array(z.string()), groups: z.array(z.string()), vendorId: z.nullable(z.string()), registeredAt: Iso, updatedAt: Iso,
}));

export const TagAnswer = servedAs<Served<TagView>>()(z.looseObject({
  id: z.string(), name: Text, alias: z.string(), level: z.int(), order: z.number(), parentId: z.nullable(z.string()),
  childIds: z.array(z.string()), childrenCount: z.int(), createdAt: Iso, updatedAt: Iso,
}));

export const ArticleAnswer = servedAs<Served<ArticleView>>()(z.looseObject({
  id: z.string(), title: Text, alias: z.string(), excerpt: z.nullable(Text), kind: z.enum(['blog', 'page']),
  categoryId: z.nullable(z.string()), imageUrl: z.nullable(z.string()), publishedAt: Iso, createdAt: Iso, updatedAt: Iso,
}));
/** One article: with its body (simple HTML per language). */
export const ArticlePageAnswer = z.extend(ArticleAnswer, { body: Text });

export const CategoryAnswer = servedAs<Served<CategoryView>>()(
  z.looseObject({ id: z.string(), name: Text, alias: z.string(), description: z.nullable(Text), createdAt: Iso, updatedAt: Iso }),
);
export const BrandAnswer = servedAs<Served<BrandView>>()(z.looseObject({ id: z.string(), name: Text, alias: z.string(), createdAt: Iso, updatedAt: Iso }));

/** Any content entity as the admin's editors read it: its own fields per type (see projectors/README.md). */
export const ContentEntityAnswer = z.looseObject({ id: z.string(), createdAt: Iso, updatedAt: Iso });

export const TrackingSourcesAnswer = z.object({
  from: z.string().check(z.describe('YYYY-MM-DD')), to: z.string().check(z.describe('YYYY-MM-DD')), days: z.array(z.string()),
  items: z.array(z.looseObject({
    source: z.string(), hits: z.int().check(z.describe('In the range')), byDay: z.record(z.string(), z.int()),
    totalHits: z.int(), signedInHits: z.int(), firstHitAt: Iso, lastHitAt: Iso,
  })),
  total: z.int(), hits: z.int(),
});

export const PhoneNumberDispenseAnswer = z.extend(servedAs<Served<PhoneNumberDispenseView>>()(z.looseObject({
  id: z.string(), vendorId: z.string(), fullName: z.string(), phoneNumber: z.string(), userId: z.nullable(z.string()),
  dispensedNumber: z.nullable(z.string()), dispensedAt: Iso,
})), { vendorName: Text.check(z.describe("The artist's name")) });

/** GET /api/vendor/business-details: the vendor's legal name and id, or nulls before they are set. */
export const VendorBusinessDetailsAnswer = z.object({
  vendorId: z.string(), legalName: z.nullable(z.string()), israeliId: z.nullable(z.string().check(z.describe('9 digits (SPEC §5 Israeli personal id)'))),
  updatedAt: z.nullable(Iso),
});

/** GET /api/user/addresses: the caller's address book in the order added, and which address is the default. */
export const UserAddressesAnswer = servedAs<Served<UserAddressesView>>()(z.looseObject({
  userId: z.string(),
  addresses: z.array(z.object({
    addressId: z.string(), label: z.string(), street: z.string(), city: z.string(), postalCode: z.string(), country: z.string(), notes: z.string(),
    addedAt: Iso, updatedAt: Iso,
  })),
  defaultId: z.nullable(z.string()),
}));

/** GET /api/artists/vendor/favored/by-user: the favorite vendors as cards, and the ids of both kinds of favorites in the order they were added. */
export const FavoritesAnswer = z.extend(pageOf(VendorCardAnswer), { vendorIds: z.array(z.string()), productIds: z.array(z.string()) });

/** A customer of the caller's vendor (GET /api/vendor/customers): named, never with e-mail or phone. */
export const VendorCustomerAnswer = z.looseObject({
  userId: z.string(),
  fullName: z.string(),
  orderCount: z.int(),
  hasConversation: z.boolean(),
  contractCount: z.int(),
  lastActivityAt: z.string(),
});

/** GET /api/vendor/insights: the artist's repeat and referral figures (projectors/customer-journeys/figures.ts). */
export const VendorInsightsAnswer = servedAs<VendorInsights>()(z.object({
  vendorId: z.string(),
  bookings: z.int(),
  bookedCustomers: z.int(),
  repeatCustomers: z.int(),
  sources: z.array(z.object({ source: z.string().check(z.describe('The utm_source the bookings are attributed to, or "direct"')), bookings: z.int() })),
  conversations: z.int(),
  convertedConversations: z.int(),
  conversionRate: z.nullable(z.number().check(z.describe('0..1; null without conversations'))),
  conversionDays: z.int(),
}));

/** A charge, or the refund of a paid order later canceled (GET /api/payments, from the `orders` view). */
export const PaymentEntryAnswer = z.object({
  kind: z.enum(['charge', 'refund']),
  paymentId: z.string(),
  part: z.nullable(PaymentPartAnswer).check(z.describe('Which payment of the order: the deposit, the balance, or the whole price at once; null for a charge the order did not take')),
  instalments: z.int().check(z.describe('The card instalments of the payment (1–12)')),
  orderId: z.string(),
  orderStatus: OrderStatus,
  vendorId: z.string(),
  vendorName: Text.check(z.describe("The vendor's name ({} when the vendor is gone)")),
  product: z.object({ productId: z.string(), name: Text, type: ProductType }),
  amount: Money.check(z.describe('Always positive; a refund is money back: what the cancellation policy gave back of this payment, maybe a part')),
  cardLast4: z.string(),
  at: z.string().check(z.describe('ISO 8601 time of the charge or of the cancellation that refunded it')),
});

export const PaymentsAnswer = z.object({
  items: z.array(PaymentEntryAnswer),
  total: z.int(),
  totals: z.object({ charged: Money, refunded: Money, net: Money }).check(z.describe('Over every entry, not only this page')),
});

// Quote requests (docs/quotes.md): a quote whose validUntil passed is answered as `expired` at once.
const QuoteStatus = z.enum(['asked', 'quoted', 'declined', 'expired', 'accepted', 'notChosen']);
const QuoteRequestStatus = z.enum(['open', 'accepted', 'canceled']);
const QuotedProduct = z.looseObject({ productId: z.string(), type: z.enum(['default', 'contractService']), name: Text });
const QuoteOutcome = z.enum(['contract', 'order']);
const quoteRequestFacts = {
  requestId: z.string(), customerId: z.string(), eventDate: z.string().check(z.describe('YYYY-MM-DD, Israel')), city: z.string(),
  eventType: z.string(), guests: z.int(), budget: z.nullable(Money), message: z.string(), requestStatus: QuoteRequestStatus,
  createdAt: Iso, updatedAt: Iso,
};
const vendorQuote = {
  vendorId: z.string(), status: QuoteStatus, price: z.nullable(Money), included: z.nullable(z.string()), validUntil: z.nullable(Iso),
  product: z.nullable(QuotedProduct), declineReason: z.nullable(z.string()), answeredAt: z.nullable(Iso),
};
const VendorQuoteAnswer = z.looseObject({ ...vendorQuote, vendorName: Text, vendorLogoImageUrl: z.nullable(z.string()) });
/** A customer's request with every artist's answer side by side, each artist named. */
export const QuoteRequestAnswer = z.extend(servedAs<Served<QuoteRequestView>>()(z.looseObject({
  ...quoteRequestFacts,
  vendorIds: z.array(z.string()),
  quotes: z.array(z.looseObject(vendorQuote)),
  accepted: z.nullable(z.looseObject({ vendorId: z.string(), outcome: QuoteOutcome, outcomeId: z.string().check(z.describe('The contract or order the quote became')) })),
})), { quotes: z.array(VendorQuoteAnswer) });
/** A request as an artist asked reads it: the request and its own answer only, the customer named. */
export const QuoteInboxAnswer = z.extend(servedAs<Served<QuoteInboxView>>()(z.looseObject({
  ...quoteRequestFacts,
  ...vendorQuote,
  outcome: z.nullable(z.looseObject({ outcome: QuoteOutcome, outcomeId: z.string() })),
})), { customerName: Participants.customerName });

// The command API's answer the web reads with the others; its home is the neutral contracts/.
export { UserProfileAnswer } from '../contracts/user-profile.ts';
// Receipts (issue 26 item 5, docs/payments.md "Receipts"): as the vendor's receipt book issued them.
const ReceiptPart = z.enum(['full', 'deposit', 'balance']);
/** One receipt of a payment or a refund: its number in the vendor's gapless sequence, the VAT at the rate of issue. */
export const ReceiptAnswer = servedAs<Served<ReceiptView>>()(z.looseObject({
  receiptId: z.string().check(z.describe('<vendorId>-<number>')),
  vendorId: z.string(),
  number: z.int().check(z.describe("The receipt's number in its vendor's sequence: 1, 2, 3, … without gaps")),
  kind: z.enum(['payment', 'refund']),
  sourceId: z.string().check(z.describe('The paymentId of a payment, the refundId of a refund')),
  paymentId: z.string(),
  orderId: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  vendorName: Text,
  productName: Text,
  amount: Money,
  vatBasisPoints: z.int().check(z.describe('The VAT rate used, in hundredths of a percent (1800 = 18%)')),
  vatAmount: Money,
  part: z.optional(ReceiptPart),
  instalments: z.optional(z.int()),
  refundOf: z.optional(z.int().check(z.describe("A refund: the number of the refunded payment's receipt"))),
  language: z.enum(['he', 'en']),
  at: Iso,
}));
