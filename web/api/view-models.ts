// What the pages render: the query API's answers (its read contract, query-api/answer-schemas.ts) as
// the web reads them, and what web/api/adapters.ts adds to them.
import type { UserLocale } from '../../domain/user/commands.ts';
import type { Locale } from '../../domain/shared/translatable.ts';
import type * as z from 'zod/mini';
import type {
  ArticleAnswer, CalendarEntryAnswer, CategoryAnswer, ConversationAnswer, GeoLocationAnswer, LanguageAnswer, MessageAnswer, MyReviewAnswer,
  NamedContractAnswer, NotificationAnswer, OrderAnswer, PaymentsAnswer, ProductAnswer, PublicReviewAnswer, TagAnswer, UnreadCountsAnswer, VendorCardAnswer, VendorCustomerAnswer,
  VendorPageAnswer, VendorPageProductAnswer, VendorReviewsAnswer, VendorOwnReviewsAnswer,
} from '../../query-api/answer-schemas.ts';
import type { UserProfileAnswer } from '../../contracts/user-profile.ts';

/**
 * What the web reads of an answer: its schema's output without the loose objects' open index, so a
 * field the answer does not name is a tsc error instead of `unknown` (records keep their index).
 */
export type Answer<Schema extends z.ZodMiniType> = Closed<z.output<Schema>>;
type Closed<T> = T extends readonly (infer Item)[] ? Closed<Item>[]
  : T extends object ? { [K in keyof T as string extends K ? (unknown extends T[K] ? never : K) : K]: Closed<T[K]> }
  : T;

/** The page language: defined once in the domain (domain/shared/translatable.ts), re-exported for the web. */
export type { Locale };
export interface Money { amountMinor: number; currency: 'ILS' }
export interface Text { he?: string; en?: string }

/** A category tag as the pages use it: the fields of the tag answer that name and rank it. */
export type Category = Pick<Answer<typeof TagAnswer>, 'id' | 'alias' | 'name' | 'level' | 'order'>;
export type GeoLocation = Pick<Answer<typeof GeoLocationAnswer>, 'id' | 'name'>;

/**
 * A search result card: the vendor card answer, and what the web derives from it: the alias of the
 * vendor's highest-level tag (`artist` when it has none, SPEC §2), the tags' names, the lowest price as money.
 */
export type VendorCard = Answer<typeof VendorCardAnswer> & { categoryAlias: string; categoryNames: Text[]; priceFrom: Money | null };

/** A product as lists show it: the vendor page's product answer, its vendor, and whether the back office archived it (staff lists only). */
export type ProductSummary = Answer<typeof VendorPageProductAnswer> & Pick<Answer<typeof ProductAnswer>, 'vendorId' | 'archived'>;

/** One product as its page shows it: the product answer with its information sanitized for display. */
export type Product = ProductSummary & Pick<Answer<typeof ProductAnswer>, 'images' | 'additionalInformation'> & { informationHtml: Text };

/**
 * A vendor's page: the vendor page answer, with what the page derives from it: its card, the about text
 * sanitized, the places named, the products (each with its vendor) in the page's order, and the latest reviews.
 */
export type VendorPage = Omit<Answer<typeof VendorPageAnswer>, 'products' | 'profile'> & {
  /** The profile without its `about` as written: the page holds only the sanitized aboutHtml. */
  profile: Omit<Answer<typeof VendorPageAnswer>['profile'], 'about'>;
  card: VendorCard;
  aboutHtml: Text;
  geoLocations: GeoLocation[];
  products: ProductSummary[];
  reviews: Review[];
};

/** A public review (no customer, no order: `reviewId` is opaque). */
export type Review = Answer<typeof PublicReviewAnswer>;

export type BusyInterval = Pick<Answer<typeof CalendarEntryAnswer>, 'start' | 'end'>;

/** An order as its parties and staff read it (GET /api/orders/{id}): both parties named, with the customer's review. */
export type Order = Answer<typeof OrderAnswer>;
export type OrderStatus = Order['status'];
/** The customer's review of an order (one per order). */
export type OrderReview = NonNullable<Order['review']>;

/** An article as answered, with its body sanitized for display per language (empty in lists, which carry no body). */
export type Article = Answer<typeof ArticleAnswer> & { bodyHtml: Text };

export type BlogCategory = Pick<Answer<typeof CategoryAnswer>, 'id' | 'alias' | 'name' | 'description'>;

/** The signed-in user as GET /api/user/current answers it (SPEC §3 profile: `uuid`, its `Vendor`), without the roles the checks below already read. */
export type CurrentUser = Omit<z.output<typeof UserProfileAnswer>, 'roles' | 'phone'>;

/** A notification as the query API answers it (GET /api/notifications). */
export type Notification = Answer<typeof NotificationAnswer>;

export interface Page<T> { items: T[]; total: number }

/** The vendor profile as its editor holds it (SPEC §3 vendor form): the profile answer (`about` as written, not sanitized), its image links '' when none. */
export type VendorProfileDraft = Omit<Answer<typeof VendorPageAnswer>['profile'], 'heroImageUrl' | 'logoImageUrl'> & { heroImageUrl: string; logoImageUrl: string };

export type LanguageEntry = Pick<Answer<typeof LanguageAnswer>, 'code' | 'name'>;

/** A service contract between a vendor and a customer, as its parties read it: both parties named. */
export type ServiceContract = Answer<typeof NamedContractAnswer>;
export type ContractStatus = ServiceContract['status'];
export type ContractParty = 'customer' | 'vendor';

/** Someone a vendor deals with (GET /api/vendor/customers): a contract can be drafted for them. */
export type VendorCustomer = Answer<typeof VendorCustomerAnswer>;

/** The signed-in user's own account (GET /api/user/current), for the profile form. */
export type AccountProfile = Pick<z.output<typeof UserProfileAnswer>, 'uuid' | 'email' | 'fullName' | 'phone' | 'locale' | 'Vendor'>;

/** A review the signed-in customer wrote (GET /api/reviews): one per order. */
export type MyReview = Answer<typeof MyReviewAnswer>;

/** The rating summary of a vendor's reviews, its distribution counting every star '1'..'5' (0 when none). */
export type RatingSummary = Omit<Answer<typeof VendorReviewsAnswer>['summary'], 'distribution'> & { distribution: Record<'1' | '2' | '3' | '4' | '5', number> };
export type VendorReviews = Omit<Answer<typeof VendorReviewsAnswer>, 'summary'> & { summary: RatingSummary };
/** The signed-in vendor's own reviews (GET /api/vendor/reviews): each with its order, to reply to it. */
export type VendorOwnReviews = Omit<Answer<typeof VendorOwnReviewsAnswer>, 'summary'> & { summary: RatingSummary };
export type VendorOwnReview = VendorOwnReviews['items'][number];

/** The signed-in customer's card charges and refunds (GET /api/payments), with totals over all of them. */
export type Payments = Answer<typeof PaymentsAnswer>;
/** A charge, or a refund (its amount always positive: money back). */
export type PaymentEntry = Payments['items'][number];

/** An entry of a vendor's own calendar (GET /api/vendor/{id}/calendar read by its owner). */
export type VendorCalendarEntry = Answer<typeof CalendarEntryAnswer>;

/** A product as its editor reads it (GET /api/ecommerce/product/{id}): every SPEC §3 field, information as the vendor wrote it (not sanitized for display). */
export type ProductDraft = Answer<typeof ProductAnswer>;

/** Who wrote a chat message, or whose unread count it is. */
export type ConversationSide = ChatMessage['side'];

/** A conversation of a customer with a vendor, with each side's name and unread counts. */
export type Conversation = Answer<typeof ConversationAnswer>;

export type ChatMessage = Answer<typeof MessageAnswer>;

/** The header badges (GET /api/unread-counts). */
export type UnreadCounts = Answer<typeof UnreadCountsAnswer>;
