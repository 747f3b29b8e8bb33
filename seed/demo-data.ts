// The demo marketplace's content: artist categories, places, languages, vendors, products and
// articles, in Hebrew and English. Deterministic (no randomness), so every fresh start looks the same.
import type { ProductType } from '../domain/product/events.ts';

export interface DemoTag { key: string; he: string; en: string; /** One artist of the category, for intros. */ heOne: string; enOne: string }
export interface DemoPlace { key: string; he: string; en: string; lat: number; lng: number }
export interface DemoVendor {
  key: string;
  name: { he: string; en: string };
  intro: { he: string; en: string };
  origin: { he: string; en: string };
  about: string;
  categoryKeys: string[];
  placeKeys: string[];
  languages: string[];
  videos: { youtubeId: string; description: string }[];
  generalInfo: { title: string; content: string }[];
  products: DemoProduct[];
}
export interface DemoProduct {
  type: ProductType;
  name: { he: string; en: string };
  introText: string;
  information: string;
  priceShekels: number;
  serviceDuration: number;
  featured: boolean;
}

export const categories: DemoTag[] = [
  { key: 'singers', he: 'זמרים', en: 'Singers', heOne: 'זמר/ת', enOne: 'Singer' },
  { key: 'bands', he: 'להקות', en: 'Bands', heOne: 'להקה', enOne: 'Band' },
  { key: 'djs', he: 'תקליטנים', en: 'DJs', heOne: 'תקליטן/ית', enOne: 'DJ' },
  { key: 'magicians', he: 'קוסמים', en: 'Magicians', heOne: 'קוסם/ת', enOne: 'Magician' },
  { key: 'stand-up', he: 'סטנדאפיסטים', en: 'Stand-up comedians', heOne: 'סטנדאפיסט/ית', enOne: 'Stand-up comedian' },
  { key: 'klezmer', he: 'כליזמרים', en: 'Klezmer', heOne: 'כליזמר', enOne: 'Klezmer musician' },
  { key: 'violinists', he: 'כנרים', en: 'Violinists', heOne: 'כנר/ית', enOne: 'Violinist' },
  { key: 'dancers', he: 'רקדנים', en: 'Dancers', heOne: 'רקדן/ית', enOne: 'Dancer' },
  { key: 'clowns', he: 'ליצנים', en: 'Clowns', heOne: 'ליצן/ית', enOne: 'Clown' },
  { key: 'guitarists', he: 'גיטריסטים', en: 'Guitarists', heOne: 'גיטריסט/ית', enOne: 'Guitarist' },
];

export const places: DemoPlace[] = [
  { key: 'tel-aviv', he: 'תל אביב', en: 'Tel Aviv', lat: 32.0853, lng: 34.7818 },
  { key: 'jerusalem', he: 'ירושלים', en: 'Jerusalem', lat: 31.7683, lng: 35.2137 },
  { key: 'haifa', he: 'חיפה', en: 'Haifa', lat: 32.794, lng: 34.9896 },
  { key: 'beer-sheva', he: 'באר שבע', en: "Be'er Sheva", lat: 31.252, lng: 34.7915 },
  { key: 'eilat', he: 'אילת', en: 'Eilat', lat: 29.5577, lng: 34.9519 },
  { key: 'netanya', he: 'נתניה', en: 'Netanya', lat: 32.3215, lng: 34.8532 },
  { key: 'rishon', he: 'ראשון לציון', en: 'Rishon LeZion', lat: 31.973, lng: 34.7925 },
  { key: 'herzliya', he: 'הרצליה', en: 'Herzliya', lat: 32.1624, lng: 34.8447 },
  { key: 'ashdod', he: 'אשדוד', en: 'Ashdod', lat: 31.8014, lng: 34.6435 },
  { key: 'galilee', he: 'הגליל', en: 'Galilee', lat: 32.9, lng: 35.3 },
];

export const languages = [
  { code: 'he', he: 'עברית', en: 'Hebrew' },
  { code: 'en', he: 'אנגלית', en: 'English' },
  { code: 'ru', he: 'רוסית', en: 'Russian' },
  { code: 'ar', he: 'ערבית', en: 'Arabic' },
  { code: 'fr', he: 'צרפתית', en: 'French' },
  { code: 'am', he: 'אמהרית', en: 'Amharic' },
];

const firstNames = [
  ['נועה', 'Noa'], ['איתי', 'Itai'], ['מאיה', 'Maya'], ['יונתן', 'Yonatan'], ['שירה', 'Shira'], ['דניאל', 'Daniel'],
  ['תמר', 'Tamar'], ['עומר', 'Omer'], ['ליאור', 'Lior'], ['אביגיל', 'Avigail'], ['אורי', 'Uri'], ['הילה', 'Hila'],
] as const;
const lastNames = [
  ['כהן', 'Cohen'], ['לוי', 'Levi'], ['מזרחי', 'Mizrahi'], ['פרץ', 'Peretz'], ['ביטון', 'Biton'],
  ['אברהם', 'Avraham'], ['פרידמן', 'Friedman'], ['שפירא', 'Shapira'], ['גולן', 'Golan'], ['אזולאי', 'Azulay'],
] as const;
const youtubeIds = ['dQw4w9WgXcQ', '3JZ_D3ELwOQ', 'kJQP7kiw5Fk', 'OPf0YbXqDm0', 'JGwWNGJdvx8'];

/** How many vendors the demo seeds (issue 2: at least 50). */
export const demoVendorCount = 60;

export function demoVendors(count = demoVendorCount): DemoVendor[] {
  const vendors: DemoVendor[] = [];
  for (let i = 0; i < count; i++) {
    const [firstHe, firstEn] = firstNames[i % firstNames.length]!;
    const [lastHe, lastEn] = lastNames[Math.floor(i / firstNames.length) % lastNames.length]!;
    const category = categories[i % categories.length]!;
    const secondCategory = categories[(i * 3 + 1) % categories.length]!;
    const place = places[i % places.length]!;
    const secondPlace = places[(i * 7 + 3) % places.length]!;
    const origin = places[(i + 4) % places.length]!;
    const basePrice = 600 + ((i * 137) % 40) * 50;
    const categoryKeys = i % 4 === 0 ? [category.key, secondCategory.key] : [category.key];
    vendors.push({
      key: `demo-vendor-${String(i + 1).padStart(3, '0')}`,
      name: { he: `${firstHe} ${lastHe}`, en: `${firstEn} ${lastEn}` },
      intro: {
        he: `${category.heOne} לאירועים, ${place.he}`.slice(0, 100),
        en: `${category.enOne} for weddings and events in ${place.en}`.slice(0, 100),
      },
      origin: { he: origin.he.slice(0, 20), en: origin.en.slice(0, 20) },
      about: `<p><strong>${firstEn} ${lastEn}</strong> performs at weddings, bar and bat mitzvahs and company events across Israel.</p><p>${firstHe} ${lastHe} מופיע/ה באירועים בכל הארץ.</p>`,
      categoryKeys: [...new Set(categoryKeys)],
      placeKeys: [...new Set([place.key, secondPlace.key])],
      languages: i % 3 === 0 ? ['he', 'en', 'ru'] : ['he', 'en'],
      videos: [{ youtubeId: youtubeIds[i % youtubeIds.length]!, description: `${firstEn} live` }],
      generalInfo: [
        { title: 'Set length', content: '2 sets of 45 minutes' },
        { title: 'Equipment', content: 'Own sound system for up to 300 guests' },
      ],
      products: productsFor(i, basePrice, category),
    });
  }
  return vendors;
}

function productsFor(i: number, basePrice: number, category: DemoTag): DemoProduct[] {
  const timed: DemoProduct = {
    type: 'timedService',
    name: { he: `הופעה של שעתיים`, en: `Two-hour show` },
    introText: `A two-hour ${category.en.toLowerCase()} performance at your event.`,
    information: '<p>Arrival one hour before, sound check included.</p>',
    priceShekels: basePrice * 2,
    serviceDuration: 120,
    featured: i % 5 === 0,
  };
  const contract: DemoProduct = {
    type: 'contractService',
    name: { he: 'חבילת אירוע מלאה', en: 'Full event package' },
    introText: 'A tailored package agreed in a signed service contract.',
    information: '<p>Repertoire, schedule and extras are set in the contract.</p>',
    priceShekels: basePrice * 5,
    serviceDuration: 300,
    featured: false,
  };
  const fixed: DemoProduct = {
    type: 'default',
    name: { he: 'ברכה מוקלטת', en: 'Recorded greeting' },
    introText: 'A personal recorded video greeting, delivered within a week.',
    information: '<p>Send us the names and the occasion.</p>',
    priceShekels: Math.round(basePrice / 4),
    serviceDuration: 0,
    featured: false,
  };
  // The first vendor (the demo vendor account's) has one of each type; the others vary.
  if (i === 0) return [timed, contract, fixed];
  if (i % 3 === 0) return [timed, fixed];
  if (i % 3 === 1) return [timed];
  return [timed, contract];
}

export const articles = [
  {
    key: 'about', kind: 'page' as const, alias: 'about',
    title: { he: 'אודות', en: 'About us' },
    body: { he: '<p>הבמה היא שוק אמנים ישראלי: מוצאים, משוחחים ומזמינים אמנים לכל אירוע.</p>', en: '<p>We are an Israeli marketplace where you find, chat with and book performing artists for any event.</p>' },
  },
  {
    key: 'contact', kind: 'page' as const, alias: 'contact',
    title: { he: 'צור קשר', en: 'Contact' },
    body: { he: '<p>כתבו לנו בוואטסאפ או במייל support@demo.local.</p>', en: '<p>Write to us on WhatsApp or at support@demo.local.</p>' },
  },
  {
    key: 'terms', kind: 'page' as const, alias: 'terms',
    title: { he: 'תנאי שימוש', en: 'Terms of use' },
    body: { he: '<p>התשלום מוחזר במלואו בביטול לפני אישור האמן.</p>', en: '<p>Payment is fully refunded when an order is canceled before the artist approves it.</p>' },
  },
  {
    key: 'wedding-guide', kind: 'blog' as const, alias: 'choosing-a-wedding-band',
    title: { he: 'איך בוחרים להקה לחתונה', en: 'How to choose a wedding band' },
    body: { he: '<p>שלושה דברים לבדוק לפני שסוגרים: רפרטואר, ציוד והמלצות.</p>', en: '<p>Three things to check before you book: repertoire, equipment and reviews.</p>' },
  },
  {
    key: 'bar-mitzvah', kind: 'blog' as const, alias: 'bar-mitzvah-entertainment',
    title: { he: 'בידור לבר מצווה', en: 'Bar mitzvah entertainment ideas' },
    body: { he: '<p>קוסם, תקליטן או להקה? כך תבחרו.</p>', en: '<p>A magician, a DJ or a band? Here is how to decide.</p>' },
  },
  {
    key: 'company-events', kind: 'blog' as const, alias: 'company-event-checklist',
    title: { he: 'צ׳קליסט לאירוע חברה', en: 'Company event checklist' },
    body: { he: '<p>מה לסגור חודש לפני, שבוע לפני ויום לפני.</p>', en: '<p>What to settle a month, a week and a day before.</p>' },
  },
];

export const blogCategories = [
  { key: 'guides', alias: 'guides', name: { he: 'מדריכים', en: 'Guides' } },
];

export const configEntries = [
  { key: 'support.whatsapp', value: '+972500000000' },
  { key: 'site.name', value: 'HaBama' },
];
