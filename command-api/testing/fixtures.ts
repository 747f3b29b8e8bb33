// Valid bodies for the routes, for tests and the demo seed to start from.
export const vendorProfile = (name = 'The Star Band') => ({
  name: { he: `להקת ${name}`, en: name },
  tagIds: [],
  about: '<p>Live music for weddings and events.</p>',
  intro: { he: 'להקה חיה לאירועים', en: 'A live band for events' },
  languages: ['he', 'en'],
  originLocation: { he: 'תל אביב', en: 'Tel Aviv' },
  images: [],
  audio: [],
  videos: [],
  generalInfo: [],
  geoLocationIds: [],
});

export type ProductKind = 'default' | 'timedService' | 'contractService';

export const productDetails = (type: ProductKind = 'timedService', shekels = 1500) => ({
  type,
  name: { he: 'הופעה', en: `Show (${type})` },
  information: '<p>A full show.</p>',
  featured: false,
  images: [],
  price: { amountMinor: shekels * 100, currency: 'ILS' as const },
  additionalInformation: [],
  introText: 'Two hours of live music.',
  serviceDuration: type === 'timedService' ? 120 : 0,
});
