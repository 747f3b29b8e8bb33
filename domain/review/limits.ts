// The review's limits, without zod, so the browser's forms can read them (docs/reviews.md).

/** The longest reply of a vendor to a review. */
export const REVIEW_REPLY_MAX = 2000;
/** How long after posting its customer may still edit a review. */
export const REVIEW_EDIT_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Until when (ISO) the customer may edit a review posted at `postedAt` (ISO). */
export const editableUntil = (postedAt: string): string => new Date(Date.parse(postedAt) + REVIEW_EDIT_DAYS * DAY_MS).toISOString();
