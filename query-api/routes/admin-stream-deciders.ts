import type { Decider } from '../../domain/shared/decider.ts';
import { aclDecider, aclRuleStream } from '../../domain/acl/decider.ts';
import { calendarDecider, calendarStream } from '../../domain/calendar/decider.ts';
import { configEntryDecider, configEntryStream } from '../../domain/config-entry/decider.ts';
import { contentDecider } from '../../domain/content/decider.ts';
import { ContentEntityType } from '../../domain/content/events.ts';
import { contractDecider, contractStream } from '../../domain/contract/decider.ts';
import { conversationDecider, conversationStream } from '../../domain/conversation/decider.ts';
import { favoritesDecider, favoritesStream } from '../../domain/favorites/decider.ts';
import { geoLocationDecider, geoLocationStream } from '../../domain/geo-location/decider.ts';
import { languageEntryDecider, languageEntryStream } from '../../domain/language-entry/decider.ts';
import { mediaDecider, mediaStream } from '../../domain/media/decider.ts';
import { notificationDecider, notificationsStream } from '../../domain/notification/decider.ts';
import { orderDecider, orderStream } from '../../domain/order/decider.ts';
import { phoneNumberDispenseDecider, phoneNumberDispenseStream } from '../../domain/phone-number-dispense/decider.ts';
import { productDecider, productStream } from '../../domain/product/decider.ts';
import { reviewDecider, reviewStream } from '../../domain/review/decider.ts';
import { trackingDecider, trackingStream } from '../../domain/tracking/decider.ts';
import { userDecider, userEmailDecider, userEmailStream, userStream } from '../../domain/user/decider.ts';
import { vendorDecider, vendorStream } from '../../domain/vendor/decider.ts';
import { sessionDecider, sessionStream } from '../../domain/session/decider.ts';
import { userAddressDecider, userAddressesStream } from '../../domain/user-address/decider.ts';
import { receiptDecider, receiptStream } from '../../domain/receipt/decider.ts';

// Which decider folds the streams of each category (stream id `<category>-<id>`, DESIGN §4), so time
// travel shows an entity exactly as the write side saw it at any revision. A new aggregate adds its
// line here; a category without one (idempotency bookkeeping) has events but no state to show.
export type StreamFolder = Pick<Decider<unknown, never, never>, 'initialState' | 'evolve'>;

const folder = <State, Event>(decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>): StreamFolder => decider as unknown as StreamFolder;

export const STREAM_DECIDERS: Readonly<Record<string, StreamFolder>> = {
  [orderStream.category]: folder(orderDecider),
  [vendorStream.category]: folder(vendorDecider),
  [productStream.category]: folder(productDecider),
  [contractStream.category]: folder(contractDecider),
  [userStream.category]: folder(userDecider),
  [userEmailStream.category]: folder(userEmailDecider),
  [conversationStream.category]: folder(conversationDecider),
  [calendarStream.category]: folder(calendarDecider),
  [favoritesStream.category]: folder(favoritesDecider),
  [userAddressesStream.category]: folder(userAddressDecider),
  [reviewStream.category]: folder(reviewDecider),
  [notificationsStream.category]: folder(notificationDecider),
  [trackingStream.category]: folder(trackingDecider),
  [geoLocationStream.category]: folder(geoLocationDecider),
  [configEntryStream.category]: folder(configEntryDecider),
  [languageEntryStream.category]: folder(languageEntryDecider),
  [aclRuleStream.category]: folder(aclDecider),
  ...Object.fromEntries(ContentEntityType.options.map((entityType) => [entityType, folder(contentDecider)])),
  [mediaStream.category]: folder(mediaDecider),
  [phoneNumberDispenseStream.category]: folder(phoneNumberDispenseDecider),
  [sessionStream.category]: folder(sessionDecider),
  [receiptStream.category]: folder(receiptDecider),
};

/** The category of a stream id: what comes before its first hyphen (ids may hold hyphens themselves). */
export const categoryOf = (streamId: string): string => {
  const hyphen = streamId.indexOf('-');
  return hyphen === -1 ? streamId : streamId.slice(0, hyphen);
};
