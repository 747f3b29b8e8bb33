import { z } from 'zod';
import { OrderEvent } from './order/events.ts';
import { CalendarEvent } from './calendar/events.ts';
import { FavoritesEvent } from './favorites/events.ts';
import { ConversationEvent } from './conversation/events.ts';
import { ContractEvent } from './contract/events.ts';
import { VendorEvent } from './vendor/events.ts';
import { ProductEvent } from './product/events.ts';
import { UserEvent, UserEmailClaimed } from './user/events.ts';
import { ReviewEvent } from './review/events.ts';
import { ContentEvent } from './content/events.ts';
import { GeoLocationEvent } from './geo-location/events.ts';
import { ConfigEntryEvent } from './config-entry/events.ts';
import { LanguageEntryEvent } from './language-entry/events.ts';
import { AclEvent } from './acl/events.ts';
import { MediaEvent } from './media/events.ts';
import { NotificationEvent } from './notification/events.ts';
import { TrackingEvent } from './tracking/events.ts';
import { PhoneNumberDispenseEvent } from './phone-number-dispense/events.ts';
import { SessionEvent } from './session/events.ts';
import { UserAddressEvent } from './user-address/events.ts';
import { QuoteRequestEvent } from './quote-request/events.ts';
import { ReceiptEvent } from './receipt/events.ts';

// Every event type of the product, so any edge (append, feed, relay, projector) can validate one.
export const AnyDomainEvent = z.discriminatedUnion('type', [
  ...OrderEvent.options, ...CalendarEvent.options, ...FavoritesEvent.options, ...ConversationEvent.options,
  ...ContractEvent.options, ...VendorEvent.options, ...ProductEvent.options, ...UserEvent.options, UserEmailClaimed,
  ...ReviewEvent.options, ...ContentEvent.options, ...GeoLocationEvent.options, ...ConfigEntryEvent.options,
  ...LanguageEntryEvent.options, ...AclEvent.options, ...MediaEvent.options, ...NotificationEvent.options, ...TrackingEvent.options,
  ...PhoneNumberDispenseEvent.options, ...SessionEvent.options, ...UserAddressEvent.options, ...QuoteRequestEvent.options, ...ReceiptEvent.options,
]);
export type AnyDomainEvent = z.infer<typeof AnyDomainEvent>;
export type DomainEventType = AnyDomainEvent['type'];
