import type { MessageSection } from './section.ts';
import { customerOrdersMessages } from './customer-orders.ts';
import { vendorOrdersMessages } from './vendor-orders.ts';
import { profileMessages } from './profile.ts';
import { myVendorsMessages } from './my-vendors.ts';
import { paymentsMessages } from './payments.ts';
import { reviewsMessages } from './reviews.ts';
import { notificationsMessages } from './notifications.ts';
import { conversationsMessages } from './conversations.ts';
import { contractsMessages } from './contracts.ts';
import { helpMessages } from './help.ts';
import { busyWindowsMessages } from './busy-windows.ts';
import { vendorProfileMessages } from './vendor-profile.ts';
import { productsMessages } from './products.ts';
import { vendorReviewsMessages } from './vendor-reviews.ts';
import { adminMessages } from './admin.ts';
import { adminHistoryMessages } from './admin-history.ts';
import { adminCatalogMessages } from './admin-catalog.ts';
import { adminContentMessages } from './admin-content.ts';
import { adminMediaAclMessages } from './admin-media-acl.ts';
import { adminAnalyticsMessages } from './admin-analytics.ts';
import { chartsMessages } from './charts.ts';
import { formControlsMessages } from './form-controls.ts';
import { searchMessages } from './search.ts';
import { accessibilityAccountMessages } from './accessibility-account.ts';
import { securityChallengeMessages } from './security-challenge.ts';
import { operatorMessages } from './operator.ts';
import { inactiveRegistrationMessages } from './inactive-registration.ts';
import { addressesMessages } from './addresses.ts';
import { adminToolsMessages } from './admin-tools.ts';
import { richTextMessages } from './rich-text.ts';
import { businessDetailsMessages } from './business-details.ts';
import { quotesMessages } from './quotes.ts';
import { orderCompletionMessages } from './order-completion.ts';
import { eventDetailsMessages } from './event-details.ts';
import { vendorMediaMessages } from './vendor-media.ts';
import { jewishCalendarMessages } from './jewish-calendar.ts';
import { reviewRepliesMessages } from './review-replies.ts';

// Every feature's texts, merged into the base messages by web/i18n/i18n.ts.
export const sections: MessageSection<Record<string, unknown>>[] = [
  customerOrdersMessages, vendorOrdersMessages, profileMessages, myVendorsMessages, paymentsMessages, reviewsMessages,
  notificationsMessages, conversationsMessages, contractsMessages, helpMessages, busyWindowsMessages, vendorProfileMessages,
  productsMessages, vendorReviewsMessages, formControlsMessages, searchMessages, quotesMessages,
  adminMessages, adminHistoryMessages, adminCatalogMessages, adminContentMessages, adminMediaAclMessages, adminAnalyticsMessages,
  chartsMessages, accessibilityAccountMessages, operatorMessages, securityChallengeMessages, inactiveRegistrationMessages, addressesMessages, adminToolsMessages, richTextMessages, businessDetailsMessages,
  orderCompletionMessages, eventDetailsMessages, vendorMediaMessages,
  reviewRepliesMessages, jewishCalendarMessages,
] as MessageSection<Record<string, unknown>>[];
