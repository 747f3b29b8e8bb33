import { z } from 'zod';
import { pageOf } from './paging.ts';

// Shapes of the main answers, for the OpenAPI document (answers are not validated at runtime: they
// are view documents, see projectors/README.md). Loose objects: views may grow fields.
const Text = z.object({ he: z.string().optional(), en: z.string().optional() });
const Money = z.object({ amountMinor: z.number().int(), currency: z.literal('ILS') });
const Iso = z.string().describe('ISO 8601 time');

export const VendorCardAnswer = z.looseObject({
  vendorId: z.string(),
  name: Text,
  intro: Text,
  originLocation: Text,
  tagIds: z.array(z.string()),
  geoLocationIds: z.array(z.string()),
  languages: z.array(z.string()),
  logoImageUrl: z.string().nullable(),
  heroImageUrl: z.string().nullable(),
  ratingAvg: z.number().nullable(),
  ratingCount: z.number().int(),
  priceFromMinor: z.number().int().nullable(),
  productCount: z.number().int(),
});

export const ProductAnswer = z.looseObject({
  productId: z.string(),
  vendorId: z.string(),
  type: z.enum(['default', 'timedService', 'contractService']),
  name: Text,
  price: Money,
  introText: z.string(),
  serviceDuration: z.number().int().describe('Minutes'),
  featured: z.boolean(),
});

export const VendorPageAnswer = z.looseObject({
  vendorId: z.string(),
  ownerUserId: z.string().nullable(),
  archived: z.boolean(),
  profile: z.looseObject({ name: Text, about: z.string(), intro: Text, languages: z.array(z.string()) }),
  products: z.array(z.looseObject({ productId: z.string(), type: z.string(), name: Text, price: Money, featured: z.boolean() })),
  reviewsSummary: z.object({ count: z.number().int(), avg: z.number().nullable(), distribution: z.record(z.string(), z.number().int()) }),
});

export const OrderAnswer = z.looseObject({
  orderId: z.string(),
  customerId: z.string(),
  vendorId: z.string(),
  status: z.enum(['new', 'payed', 'approved', 'completed', 'canceled']),
  total: Money,
  slot: z.object({ start: Iso, end: Iso }).nullable(),
  timeline: z.array(z.looseObject({ event: z.string(), status: z.string(), by: z.string().nullable(), role: z.string(), at: Iso })),
  placedAt: Iso,
});

export const CalendarAnswer = pageOf(z.looseObject({ start: Iso, end: Iso, kind: z.enum(['busy', 'reservation']) })).extend({ from: Iso, to: Iso });

export const NotificationsAnswer = pageOf(z.looseObject({
  notificationId: z.string(), kind: z.string(), subject: z.record(z.string(), z.string()), params: z.record(z.string(), z.string()), at: Iso, read: z.boolean(),
})).extend({ unread: z.number().int() });

export const ConversationAnswer = z.looseObject({
  conversationId: z.string(), customerId: z.string(), vendorId: z.string(), lastActivityAt: Iso, messageCount: z.number().int(),
  unread: z.object({ customer: z.number().int(), vendor: z.number().int() }),
});

export const AuditEventAnswer = z.object({
  id: z.string(), streamId: z.string(), revision: z.number().int(), position: z.number().int(), type: z.string(),
  data: z.unknown().describe('Event data; fields named like a password, token or secret are "[redacted]"'),
  metadata: z.looseObject({ actor: z.looseObject({ userId: z.string().nullable(), roles: z.array(z.string()) }), correlationId: z.string(), causationId: z.string().nullable(), at: Iso }),
  recordedAt: Iso,
});

export const OrderHistoryAnswer = z.object({
  orderId: z.string(),
  asOfRevision: z.number().int(),
  currentRevision: z.number().int(),
  state: z.looseObject({ status: z.string() }).nullable(),
  events: z.array(z.looseObject({ revision: z.number().int(), type: z.string(), at: Iso, by: z.looseObject({ userId: z.string().nullable() }) })),
});

export const FailedJobsAnswer = pageOf(z.looseObject({ id: z.string(), name: z.string(), data: z.unknown(), attemptsMade: z.number().int(), failedReason: z.string(), failedAt: Iso }))
  .extend({ counts: z.record(z.string(), z.number().int()) });

export { pageOf };
