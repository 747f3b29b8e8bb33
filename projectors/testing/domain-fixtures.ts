import type { ProductDetails } from '../../domain/product/events.ts';
import type { VendorProfile } from '../../domain/vendor/events.ts';
import type { Actor } from '../../domain/shared/actor.ts';

// Valid domain values for projection tests, overridable field by field.

export const vendorProfile = (overrides: Partial<VendorProfile> = {}): VendorProfile => ({
  name: { he: 'להקת הכוכבים', en: 'The Stars Band' },
  tagIds: ['tag-music'],
  about: { en: '<p>We play</p>' },
  intro: { he: 'להקה לאירועים', en: 'A band for events' },
  languages: ['he', 'en'],
  originLocation: { he: 'חיפה', en: 'Haifa' },
  images: [{ url: 'https://media.example/1.jpg', description: { en: 'stage' } }],
  audio: [],
  videos: [{ youtubeId: 'dQw4w9WgXcQ', description: { en: 'live' } }],
  generalInfo: [{ title: { en: 'Setup' }, content: { en: '30 minutes' } }],
  geoLocationIds: ['geo-haifa'],
  ...overrides,
});

export const productDetails = (overrides: Partial<ProductDetails> = {}): ProductDetails => ({
  type: 'default',
  name: { he: 'הופעה', en: 'Show' },
  information: { en: '<p>One hour show</p>' },
  featured: false,
  images: [],
  price: { amountMinor: 150_000, currency: 'ILS' },
  additionalInformation: [],
  introText: { en: 'A show for your event' },
  serviceDuration: 60,
  ...overrides,
});

export const customerActor = (userId: string): Actor => ({ userId, roles: ['user'], groups: [], vendorId: null });
export const vendorActor = (userId: string, vendorId: string): Actor => ({ userId, roles: ['user', 'vendor'], groups: [], vendorId });
export const adminActor = (userId: string): Actor => ({ userId, roles: ['user', 'admin'], groups: [], vendorId: null });
