import type { AnyProjection } from './projection.ts';
import { vendorCardsProjection } from './vendor-cards/projection.ts';
import { vendorPagesProjection } from './vendor-pages/projection.ts';
import { productsProjection } from './products/projection.ts';
import { ordersProjection } from './orders/projection.ts';
import { calendarProjection } from './calendar/projection.ts';
import { calendarSyncProjection } from './calendar-sync/projection.ts';
import { favoritesProjection } from './favorites/projection.ts';
import { conversationsProjection } from './conversations/projection.ts';
import { messagesProjection } from './messages/projection.ts';
import { contractsProjection } from './contracts/projection.ts';
import { reviewsProjection } from './reviews/projection.ts';
import { vendorRatingsProjection } from './vendor-ratings/projection.ts';
import { notificationsProjection } from './notifications/projection.ts';
import { tagsProjection } from './tags/projection.ts';
import { articlesProjection } from './articles/projection.ts';
import { categoriesProjection } from './categories/projection.ts';
import { brandsProjection } from './brands/projection.ts';
import { geoLocationsProjection } from './geo-locations/projection.ts';
import { configProjection } from './config/projection.ts';
import { languagesProjection } from './languages/projection.ts';
import { aclProjection } from './acl/projection.ts';
import { mediaProjection } from './media/projection.ts';
import { usersProjection } from './users/projection.ts';
import { trackingSourceDaysProjection, trackingSourcesProjection } from './tracking-sources/projection.ts';
import { customerJourneysProjection } from './customer-journeys/projection.ts';
import { serviceContractsProjection } from './service-contracts/projection.ts';
import { phoneNumberDispensesProjection } from './phone-number-dispenses/projection.ts';
import { analyticsOrdersProjection } from './analytics-orders/projection.ts';
import { orderMoneyProjection } from './order-money/projection.ts';
import { userAddressesProjection } from './user-addresses/projection.ts';
import { vendorBusinessDetailsProjection } from './vendor-business-details/projection.ts';
import { quoteInboxProjection, quoteRequestsProjection } from './quote-requests/projection.ts';
import { vendorObservanceProjection } from './vendor-observance/projection.ts';
import { vendorResponsesProjection } from './vendor-responses/projection.ts';
import { slotHoldsProjection } from './slot-holds/projection.ts';
import { receiptsProjection } from './receipts/projection.ts';

/** Every view of the product (README lists their collections and shapes). */
export const allProjections: readonly AnyProjection[] = [
  vendorCardsProjection, vendorPagesProjection, productsProjection, ordersProjection, calendarProjection, calendarSyncProjection, favoritesProjection,
  conversationsProjection, messagesProjection, contractsProjection, reviewsProjection, vendorRatingsProjection, notificationsProjection,
  tagsProjection, articlesProjection, categoriesProjection, brandsProjection, geoLocationsProjection, configProjection, customerJourneysProjection,
  languagesProjection, aclProjection, mediaProjection, usersProjection, trackingSourcesProjection, trackingSourceDaysProjection, serviceContractsProjection, phoneNumberDispensesProjection,
  analyticsOrdersProjection, orderMoneyProjection, userAddressesProjection, vendorBusinessDetailsProjection, quoteRequestsProjection, quoteInboxProjection,
  vendorObservanceProjection,
  vendorResponsesProjection,
  slotHoldsProjection,
  receiptsProjection,
];
