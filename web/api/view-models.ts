// What the pages render. The API documents (projectors/README.md) are mapped to these in
// web/api/adapters.ts only, so a change of a document shape is fixed in one place.
export type Locale = 'he' | 'en';
export interface Money { amountMinor: number; currency: 'ILS' }
export interface Text { he?: string; en?: string }

export interface Category { id: string; alias: string; name: Text; level: number; order: number }
export interface GeoLocation { id: string; name: Text }

export interface VendorCard {
  id: string;
  name: Text;
  intro: Text;
  originLocation: Text;
  /** Alias of the vendor's highest-level tag, `artist` when it has none (SPEC §2). */
  categoryAlias: string;
  categoryNames: Text[];
  geoLocationIds: string[];
  languages: string[];
  logoImageUrl: string | null;
  heroImageUrl: string | null;
  ratingAvg: number | null;
  ratingCount: number;
  priceFrom: Money | null;
}

export interface ProductSummary {
  id: string;
  vendorId: string;
  type: 'default' | 'timedService' | 'contractService';
  name: Text;
  introText: string;
  price: Money;
  featured: boolean;
  introImage: string | null;
  /** Minutes. */
  serviceDuration: number;
}

export interface Product extends ProductSummary {
  /** Sanitized HTML. */
  informationHtml: string;
  images: string[];
  additionalInformation: { title: Text; content: Text }[];
}

export interface VendorPage {
  card: VendorCard;
  ownerUserId: string | null;
  /** Sanitized HTML. */
  aboutHtml: string;
  images: { url: string; description: string }[];
  audio: { url: string; description: string }[];
  videos: { youtubeId: string; description: string }[];
  generalInfo: { title: string; content: string }[];
  geoLocations: GeoLocation[];
  products: ProductSummary[];
  reviewsSummary: { count: number; avg: number | null };
  reviews: Review[];
}

export interface Review { id: string; rating: number; text: string; at: string }

export interface BusyInterval { start: string; end: string }

export type OrderStatus = 'new' | 'payed' | 'approved' | 'completed' | 'canceled';
export interface Order {
  id: string;
  vendorId: string;
  customerId: string;
  status: OrderStatus;
  product: { id: string; name: Text; type: ProductSummary['type']; price: Money; serviceDuration: number | null };
  total: Money;
  slot: { start: string; end: string } | null;
  notes: string | null;
  payment: { cardLast4: string; at: string } | null;
  declines: { reason: string; at: string }[];
  timeline: { event: string; status: string; role: string; at: string }[];
  placedAt: string;
}

export interface Article {
  id: string;
  alias: string;
  title: Text;
  /** Sanitized HTML per locale. */
  bodyHtml: Text;
  excerpt: Text | null;
  kind: 'blog' | 'page';
  categoryId: string | null;
  imageUrl: string | null;
  publishedAt: string;
}

export interface BlogCategory { id: string; alias: string; name: Text; description: Text | null }

export interface CurrentUser {
  id: string;
  email: string;
  fullName: string;
  locale: string;
  vendorId: string | null;
  isAdmin: boolean;
  isOperator: boolean;
  groups: string[];
}

export interface Notification {
  id: string;
  kind: string;
  subject: Record<string, string>;
  params: Record<string, string>;
  at: string;
  read: boolean;
}

export interface Page<T> { items: T[]; total: number }
