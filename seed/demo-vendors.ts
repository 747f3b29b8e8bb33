// The demo marketplace's artists, for a believable demo: varied names, bios, prices and products per
// category, every artist's texts in Hebrew and English (name, tagline, about, general info, products' intro
// and information), each artist with a tagline of its own, photos from web/public/demo (made by
// scripts/generate-demo-images.ts) with their captions in both languages, no videos (no made-up YouTube ids).
// Deterministic: no randomness, every fresh start looks the same.
import { readFileSync } from 'node:fs';
import type { ProductType } from '../domain/product/events.ts';
import type { PaymentTerms } from '../domain/order/payment-terms.ts';
import { categories, places } from './demo-data.ts';

type Pair = { he: string; en: string };

export interface DemoVendor {
  key: string;
  name: Pair;
  intro: Pair;
  origin: Pair;
  /** Simple HTML. */
  about: Pair;
  categoryKeys: string[];
  placeKeys: string[];
  languages: string[];
  heroImageUrl: string;
  logoImageUrl?: string;
  /** Each photo's caption in Hebrew and English. */
  images: { url: string; thumbnailUrl?: string; description: Pair }[];
  videos: { youtubeId: string; description: Pair }[];
  generalInfo: { title: Pair; content: Pair }[];
  products: DemoProduct[];
}
export interface DemoProduct {
  type: ProductType;
  name: Pair;
  introText: Pair;
  /** Simple HTML. */
  information: Pair;
  priceShekels: number;
  serviceDuration: number;
  featured: boolean;
  additionalInformation: { title: Pair; content: Pair }[];
  /** Deposit, balance due, cancellation policy, most instalments (issue 26); absent: the defaults (paid in full, flexible, one payment). */
  paymentTerms?: PaymentTerms;
}

/**
 * The generated photos (web/public/demo/manifest.json): per artist, by its number, three performance
 * photos of its own with their thumbnails (a wide shot of the stage, a close-up, the venue) and a portrait.
 */
export interface DemoImages { artists: { photos: { url: string; thumbnailUrl: string }[]; portrait: string }[] }
export const demoImages: DemoImages = JSON.parse(readFileSync(new URL('../web/public/demo/manifest.json', import.meta.url), 'utf8')) as DemoImages;

const firstNames: [string, string][] = [
  ['נועה', 'Noa'], ['איתי', 'Itai'], ['מאיה', 'Maya'], ['יונתן', 'Yonatan'], ['שירה', 'Shira'], ['דניאל', 'Daniel'],
  ['תמר', 'Tamar'], ['עומר', 'Omer'], ['ליאור', 'Lior'], ['אביגיל', 'Avigail'], ['אורי', 'Uri'], ['הילה', 'Hila'],
  ['רונית', 'Ronit'], ['יעל', 'Yael'], ['אלון', 'Alon'], ['מיכל', 'Michal'], ['נדב', 'Nadav'], ['ענבל', 'Inbal'],
  ['גיל', 'Gil'], ['סהר', 'Sahar'], ['אסף', 'Asaf'], ['רותם', 'Rotem'], ['עדי', 'Adi'], ['בן', 'Ben'],
];
const lastNames: [string, string][] = [
  ['כהן', 'Cohen'], ['לוי', 'Levi'], ['מזרחי', 'Mizrahi'], ['פרץ', 'Peretz'], ['ביטון', 'Biton'], ['אברהם', 'Avraham'],
  ['פרידמן', 'Friedman'], ['שפירא', 'Shapira'], ['גולן', 'Golan'], ['אזולאי', 'Azulay'], ['דהן', 'Dahan'], ['רוזן', 'Rosen'],
  ['קפלן', 'Kaplan'], ['חדד', 'Hadad'], ['ברק', 'Barak'], ['סגל', 'Segal'],
];
/** Acts that go by a stage name rather than a person's. */
const stageNames: Record<string, Pair[]> = {
  bands: [{ he: 'להקת הקשת', en: 'The Rainbow Band' }, { he: 'גרוב סיטי', en: 'Groove City' }, { he: 'להקת אורות', en: 'Orot Band' }, { he: 'פרויקט יפו', en: 'Jaffa Project' }, { he: 'להקת ים', en: 'Yam Band' }, { he: 'הסוויט ביט', en: 'The Sweet Beat' }],
  djs: [{ he: 'די ג׳יי שחר', en: 'DJ Shahar' }, { he: 'די ג׳יי ליה', en: 'DJ Lia' }, { he: 'די ג׳יי אלון בס', en: 'DJ Alon Bass' }, { he: 'די ג׳יי נוי', en: 'DJ Noy' }, { he: 'די ג׳יי רועי מקס', en: 'DJ Roy Max' }, { he: 'די ג׳יי גלית', en: 'DJ Galit' }],
  klezmer: [{ he: 'כליזמרים של צפת', en: 'Safed Klezmer' }, { he: 'קלרינט וחברים', en: 'Clarinet & Friends' }, { he: 'תזמורת השמחה', en: 'Simcha Orchestra' }, { he: 'כליזמר ירושלים', en: 'Jerusalem Klezmer' }, { he: 'הניגון', en: 'HaNigun' }, { he: 'כלי זמר הגליל', en: 'Galilee Klezmer' }],
};

interface CategoryStory {
  /** One tagline (the vendor's intro, SPEC §5: at most 100 characters) per artist of the category: no two artists share one. */
  taglines: Pair[];
  about: Pair;
  basePrice: number;
  timed: { name: Pair; minutes: number; intro: Pair };
  contract: { name: Pair; intro: Pair };
  fixed: { name: Pair; intro: Pair };
  setLength: Pair;
  equipment: Pair;
}

const stories: Record<string, CategoryStory> = {
  singers: {
    taglines: [
      { he: 'שירה חיה לחופה, לקבלת הפנים ולרחבה', en: 'Live vocals for the chuppah, the reception and the dance floor' },
      { he: 'קול חם לחתונות קטנות ולשמחות משפחתיות', en: 'A warm voice for small weddings and family celebrations' },
      { he: 'משירי ארץ ישראל ועד פופ עכשווי, בהופעה חיה', en: 'From Israeli classics to today\'s pop, performed live' },
      { he: 'שירה בעברית, באנגלית ובלדינו לכל רגע באירוע', en: 'Singing in Hebrew, English and Ladino for every moment of your event' },
      { he: 'רגע החופה בשיר שבחרתם, בעיבוד אישי', en: 'Your chuppah moment in the song you chose, in a personal arrangement' },
      { he: 'ערב של שירי ארץ ישראל עם פסנתר וקול', en: 'An evening of Israeli songs with piano and voice' },
    ],
    about: { he: '– חופות, קבלות פנים ומסיבות כבר יותר מעשר שנים, בעברית, באנגלית ובלדינו. הרפרטואר נבנה יחד איתכם: משירי ארץ ישראל ועד פופ עכשווי.', en: 'ceremonies, receptions and parties for over ten years, in Hebrew, English and Ladino. We build the repertoire together, from Israeli classics to today\'s pop.' },
    basePrice: 2400,
    timed: { name: { he: 'הופעה של שעתיים', en: 'Two-hour show' }, minutes: 120, intro: { he: 'הופעה חיה של שעתיים באירוע שלכם, כולל בדיקת סאונד.', en: 'A two-hour live performance at your event, sound check included.' } },
    contract: { name: { he: 'חבילת אירוע מלאה', en: 'Full event package' }, intro: { he: 'חופה, קבלת פנים ומסיבה – חבילה מותאמת שנסגרת בחוזה שירות.', en: 'Ceremony, reception and party: a tailored package agreed in a service contract.' } },
    fixed: { name: { he: 'ברכה מוקלטת', en: 'Recorded greeting' }, intro: { he: 'ברכת וידאו אישית עם שיר, נשלחת תוך שבוע.', en: 'A personal video greeting with a song, delivered within a week.' } },
    setLength: { he: 'שני סטים של 45 דקות', en: 'Two sets of 45 minutes' },
    equipment: { he: 'מערכת הגברה עצמאית עד 300 אורחים', en: 'Own sound system for up to 300 guests' },
  },
  bands: {
    taglines: [
      { he: 'להקה חיה שמעלה את כל האורחים לרחבה', en: 'A live band that gets every guest on the dance floor' },
      { he: 'פאנק, סול וגרוב לאירועי חברה ולמסיבות', en: 'Funk, soul and groove for company events and parties' },
      { he: 'שישה נגנים, מאות להיטים וקבלת פנים אקוסטית', en: 'Six musicians, hundreds of hits and an acoustic reception' },
      { he: 'מזרחית ורוק ישראלי בצליל ים־תיכוני', en: 'Mizrahi and Israeli rock with a Mediterranean sound' },
      { he: 'להיטי שנות השמונים והתשעים, בלייב מלא', en: 'Eighties and nineties hits, fully live' },
      { he: 'בלוז, ג׳אז ופופ לערב שכולו מוזיקה חיה', en: 'Blues, jazz and pop for an evening of live music' },
    ],
    about: { he: '– חמישה נגנים וזמרת, מוזיקה חיה מהריקוד הראשון ועד הסט האחרון. מנגנים מזרחית, פופ, רוק ולהיטי שנות השמונים.', en: 'five musicians and a singer, live music from the first dance to the last set. Mizrahi, pop, rock and eighties hits.' },
    basePrice: 6500,
    timed: { name: { he: 'ערב מוזיקה חיה', en: 'Live music evening' }, minutes: 240, intro: { he: 'ארבע שעות של להקה חיה, כולל הגברה ותאורה בסיסית.', en: 'Four hours of live band, basic sound and lights included.' } },
    contract: { name: { he: 'חבילת חתונה מלאה', en: 'Full wedding package' }, intro: { he: 'חופה אקוסטית, קבלת פנים ומסיבה – הכול בחוזה אחד.', en: 'Acoustic ceremony, reception and party, all in one contract.' } },
    fixed: { name: { he: 'שיר בהתאמה אישית', en: 'Custom song recording' }, intro: { he: 'שיר מקורי על הזוג או על החוגג, מוקלט באולפן.', en: 'An original song about the couple or the guest of honour, recorded in the studio.' } },
    setLength: { he: 'שלושה סטים של 50 דקות', en: 'Three sets of 50 minutes' },
    equipment: { he: 'הגברה ותאורה עד 500 אורחים', en: 'Sound and lights for up to 500 guests' },
  },
  djs: {
    taglines: [
      { he: 'רחבה מלאה מהשיר הראשון ועד האחרון', en: 'A full dance floor from the first song to the last' },
      { he: 'האוס, פופ ולהיטים ישראליים לחתונות', en: 'House, pop and Israeli hits for weddings' },
      { he: 'באסים כבדים ומיקסים חיים למסיבות עד הבוקר', en: 'Heavy bass and live mixes for parties till dawn' },
      { he: 'סטים שנבנים לבר ולבת מצווה, עם אפקטים ותאורה', en: 'Sets built for bar and bat mitzvahs, with effects and lights' },
      { he: 'מזרחית והיפ הופ במיקס אחד שלא עוצר', en: 'Mizrahi and hip hop in one non-stop mix' },
      { he: 'מוזיקה לאירועי חברה, להשקות ולערבי גאלה', en: 'Music for company events, launches and gala nights' },
    ],
    about: { he: '– רחבה מלאה מהשיר הראשון ועד האחרון. סטים של מזרחית, היפ הופ, האוס ולהיטים ישראליים, עם מיקסים חיים.', en: 'a full dance floor from the first song to the last. Mizrahi, hip hop, house and Israeli hits, mixed live.' },
    basePrice: 3500,
    timed: { name: { he: 'סט של ארבע שעות', en: 'Four-hour DJ set' }, minutes: 240, intro: { he: 'ארבע שעות על העמדה, כולל הגברה ותאורת רחבה.', en: 'Four hours behind the decks, sound and dance-floor lights included.' } },
    contract: { name: { he: 'חבילת חתונה עם הגברה ותאורה', en: 'Wedding package with sound and lights' }, intro: { he: 'קבלת פנים, חופה ומסיבה עם ציוד מלא, נסגר בחוזה.', en: 'Reception, ceremony and party with full equipment, agreed in a contract.' } },
    fixed: { name: { he: 'פלייליסט אישי', en: 'Personal playlist' }, intro: { he: 'פלייליסט של שלוש שעות לאירוע קטן, מותאם לטעם שלכם.', en: 'A three-hour playlist for a small event, made to your taste.' } },
    setLength: { he: 'עד חמש שעות ברצף', en: 'Up to five hours in a row' },
    equipment: { he: 'רמקולים, עמדת די ג׳יי, תאורה ועשן', en: 'Speakers, DJ booth, lights and haze' },
  },
  magicians: {
    taglines: [
      { he: 'קסמים מקרוב בין השולחנות ומופע על הבמה', en: 'Close-up magic between the tables and a show on stage' },
      { he: 'מנטליזם וקריאת מחשבות שמשאירים את הקהל פעור פה', en: 'Mentalism and mind reading that leave the audience speechless' },
      { he: 'מופע קסמים ליום הולדת, שבו הילדים הם הקוסמים', en: 'A birthday magic show where the children become the magicians' },
      { he: 'קסמי קלפים ואשליות לאירועי חברה', en: 'Card magic and illusions for company events' },
      { he: 'קסם אינטראקטיבי לבר ולבת מצווה', en: 'Interactive magic for bar and bat mitzvahs' },
      { he: 'מופע אשליות גדול עם במה, תאורה ומוזיקה', en: 'A grand illusion show with stage, lights and music' },
    ],
    about: { he: '– מופע קסמים אינטראקטיבי שבו הקהל הוא חלק מהקסם: קלפים, קריאת מחשבות ורגעים שמדברים עליהם שבועות.', en: 'an interactive magic show where the audience is part of the magic: cards, mind reading and moments people talk about for weeks.' },
    basePrice: 1800,
    timed: { name: { he: 'מופע קסמים', en: 'Magic show' }, minutes: 60, intro: { he: 'שעה של קסמים על הבמה ובין השולחנות.', en: 'An hour of magic on stage and between the tables.' } },
    contract: { name: { he: 'קוסם לאירוע חברה', en: 'Corporate event magic' }, intro: { he: 'מופע מותאם למסר של החברה, נסגר בחוזה שירות.', en: 'A show tailored to your company\'s message, agreed in a service contract.' } },
    fixed: { name: { he: 'שיעור קסמים מקוון', en: 'Online magic lesson' }, intro: { he: 'שיעור של 45 דקות בזום: שלושה קסמים שתוכלו לעשות לבד.', en: 'A 45-minute video lesson: three tricks you can do yourself.' } },
    setLength: { he: 'מופע של 60 דקות', en: 'A 60-minute show' },
    equipment: { he: 'במה ניידת והגברה כלולות', en: 'Portable stage and sound included' },
  },
  'stand-up': {
    taglines: [
      { he: 'סטנדאפ נקי ומצחיק לאירועי חברה', en: 'Clean, funny stand-up for company events' },
      { he: 'קטע שנכתב במיוחד על החוגג, ושעה של צחוק', en: 'A bit written about the guest of honour, and an hour of laughs' },
      { he: 'הומור על החיים בישראל, לקהל בעברית ובאנגלית', en: 'Comedy about life in Israel, for Hebrew and English audiences' },
      { he: 'הנחיה מצחיקה לכנסים, לערבי הוקרה ולהשקות', en: 'Funny hosting for conferences, award nights and launches' },
      { he: 'אימפרוביזציה עם הקהל – כל ערב אחר', en: 'Improvised comedy with the audience, different every night' },
      { he: 'ערב צחוק ליום הולדת 40, 50 או 60', en: 'A night of laughs for a 40th, 50th or 60th birthday' },
    ],
    about: { he: '– הופעות במועדוני הסטנדאפ של תל אביב ובאירועים פרטיים, עם קטע שנכתב מראש על החברה או על החוגג.', en: 'shows at Tel Aviv\'s comedy clubs and private events, with a bit written ahead about your company or the guest of honour.' },
    basePrice: 3000,
    timed: { name: { he: 'מופע סטנדאפ', en: 'Stand-up set' }, minutes: 60, intro: { he: 'שעה של צחוק, כולל קטע שנכתב במיוחד לאירוע.', en: 'An hour of laughs, with a bit written for your event.' } },
    contract: { name: { he: 'ערב הומור לחברה', en: 'Company comedy night' }, intro: { he: 'ערב שלם עם שני קומיקאים ומנחה, בחוזה שירות.', en: 'A full evening with two comics and a host, in a service contract.' } },
    fixed: { name: { he: 'ברכה מצחיקה מוקלטת', en: 'Funny recorded greeting' }, intro: { he: 'סרטון ברכה מצחיק ואישי, נשלח תוך חמישה ימים.', en: 'A funny personal video greeting, delivered within five days.' } },
    setLength: { he: '45 עד 60 דקות', en: '45 to 60 minutes' },
    equipment: { he: 'מיקרופון אלחוטי; הגברה לפי הצורך', en: 'Wireless microphone; sound on request' },
  },
  klezmer: {
    taglines: [
      { he: 'ניגונים חסידיים מסמטאות צפת לחופה שלכם', en: 'Hasidic tunes from the lanes of Safed to your chuppah' },
      { he: 'קלרינט שמח לקבלת הפנים ולריקוד המצווה', en: 'A joyful clarinet for the reception and the mitzvah dance' },
      { he: 'תזמורת כליזמרים מלאה לחתונות גדולות', en: 'A full klezmer orchestra for big weddings' },
      { he: 'כליזמר ירושלמי מסורתי עם נגיעות של ג׳אז', en: 'Traditional Jerusalem klezmer with a touch of jazz' },
      { he: 'ניגונים שקטים לטקס ההינומה ולרגעים המרגשים', en: 'Quiet niggunim for the bedeken and the moving moments' },
      { he: 'כינור, אקורדיון וקלרינט מהרי הגליל', en: 'Violin, accordion and clarinet from the hills of the Galilee' },
    ],
    about: { he: '– קלרינט, כינור, אקורדיון וקונטרבס: ניגונים חסידיים, מוזיקה יידית ושמחה ישנה-חדשה לקבלת פנים ולחופה.', en: 'clarinet, violin, accordion and double bass: Hasidic niggunim, Yiddish tunes and old-new joy for the reception and the chuppah.' },
    basePrice: 4000,
    timed: { name: { he: 'כליזמרים לקבלת פנים', en: 'Klezmer reception' }, minutes: 90, intro: { he: 'שעה וחצי של ניגונים בקבלת הפנים ובחופה.', en: 'An hour and a half of tunes for the reception and the chuppah.' } },
    contract: { name: { he: 'חבילת חתונה מסורתית', en: 'Traditional wedding package' }, intro: { he: 'קבלת פנים, חופה וריקודים – תזמורת מלאה בחוזה.', en: 'Reception, chuppah and dancing: a full band in one contract.' } },
    fixed: { name: { he: 'הקלטת ניגון', en: 'Recorded niggun' }, intro: { he: 'ניגון לבחירתכם מוקלט באולפן, לסרטון או למצגת.', en: 'A tune of your choice recorded in the studio, for a video or slideshow.' } },
    setLength: { he: 'סטים של 40 דקות', en: 'Sets of 40 minutes' },
    equipment: { he: 'נגינה אקוסטית; הגברה לאולמות גדולים', en: 'Acoustic; sound for large halls' },
  },
  violinists: {
    taglines: [
      { he: 'כינור קלאסי לטקס ולקבלת הפנים', en: 'Classical violin for the ceremony and the reception' },
      { he: 'באך וויוואלדי לכניסה לחופה', en: 'Bach and Vivaldi for the walk to the chuppah' },
      { he: 'שירי אהבה ישראליים בעיבוד לכינור', en: 'Israeli love songs arranged for violin' },
      { he: 'רביעיית כלי קשת לאירועים אלגנטיים', en: 'A string quartet for elegant events' },
      { he: 'כינור חשמלי ולופים לרחבת הריקודים', en: 'Electric violin and loops for the dance floor' },
      { he: 'מוזיקה קאמרית לארוחות ערב ולערבי גאלה', en: 'Chamber music for dinners and gala evenings' },
    ],
    about: { he: '– באך, ויוואלדי ושירי אהבה ישראליים בעיבוד לכינור, בנגינה של בוגרי האקדמיה למוזיקה. אפשר להוסיף צ׳לו ופסנתר.', en: 'Bach, Vivaldi and Israeli love songs arranged for violin, played by music academy graduates; cello and piano can join.' },
    basePrice: 2200,
    timed: { name: { he: 'כינור לטקס', en: 'Violin for the ceremony' }, minutes: 60, intro: { he: 'נגינה בקבלת הפנים ובכניסה לחופה.', en: 'Music for the reception and the walk to the chuppah.' } },
    contract: { name: { he: 'רביעיית כלי קשת', en: 'String quartet package' }, intro: { he: 'רביעייה לטקס ולארוחה, עם רפרטואר שנבחר יחד.', en: 'A quartet for the ceremony and dinner, with a repertoire chosen together.' } },
    fixed: { name: { he: 'הקלטה לסרטון', en: 'Recording for your video' }, intro: { he: 'קטע כינור מוקלט באיכות אולפן לסרטון החתונה.', en: 'A studio-quality violin piece for your wedding video.' } },
    setLength: { he: 'עד שעתיים', en: 'Up to two hours' },
    equipment: { he: 'אקוסטי; מגבר קטן לחוץ', en: 'Acoustic; a small amplifier outdoors' },
  },
  dancers: {
    taglines: [
      { he: 'מופעי מחול קצרים ומרשימים לפתיחת האירוע', en: 'Short, striking dance shows to open your event' },
      { he: 'לטיני וסלסה שמעלים את כולם לרחבה', en: 'Latin and salsa that bring everyone to the floor' },
      { he: 'היפ הופ ומחול רחוב לבר ולבת מצווה', en: 'Hip hop and street dance for bar and bat mitzvahs' },
      { he: 'כוריאוגרפיה אישית לריקוד הראשון שלכם', en: 'Personal choreography for your first dance' },
      { he: 'ריקודי עם ומחול ישראלי שכולם מצטרפים אליהם', en: 'Folk and Israeli dances everyone can join' },
      { he: 'מופע מחול עם אש ותאורה לערבי חברה', en: 'A dance show with fire and lights for company nights' },
    ],
    about: { he: '– להקת מחול שמעלה מופעים קצרים ומרשימים ומעלה את האורחים לרחבה. לטיני, היפ הופ ומחול ישראלי.', en: 'a dance company with short, striking shows that bring guests to the floor: Latin, hip hop and Israeli dance.' },
    basePrice: 2000,
    timed: { name: { he: 'מופע מחול', en: 'Dance show' }, minutes: 45, intro: { he: 'מופע של 20 דקות ועוד 25 דקות של הרקדה.', en: 'A 20-minute show and 25 more minutes leading the dancing.' } },
    contract: { name: { he: 'כוריאוגרפיה לריקוד חתונה', en: 'Wedding dance choreography' }, intro: { he: 'ארבעה מפגשי הכנה וליווי ביום האירוע, בחוזה.', en: 'Four rehearsals and support on the day, in a contract.' } },
    fixed: { name: { he: 'שיעור ריקוד מוקלט', en: 'Recorded dance lesson' }, intro: { he: 'סרטון הדרכה לריקוד הראשון, מותאם לשיר שלכם.', en: 'A video lesson for your first dance, set to your song.' } },
    setLength: { he: '20 דקות מופע, 25 דקות הרקדה', en: '20 minutes of show, 25 of leading' },
    equipment: { he: 'צריך במה או רחבה של 4 על 4 מטרים', en: 'Needs a stage or floor of 4 by 4 metres' },
  },
  clowns: {
    taglines: [
      { he: 'הפעלות שמחות לימי הולדת בגילאי 3 עד 9', en: 'Happy birthday parties for ages 3 to 9' },
      { he: 'בלונים, בועות ענק וצחוק בלי הפסקה', en: 'Balloons, giant bubbles and non-stop laughter' },
      { he: 'ליצנות ושמחה לגנים ולמתנ״סים', en: 'Clowning and fun for kindergartens and community centres' },
      { he: 'מופע ליצנים עם קסמים קטנים ופסלי בלונים', en: 'A clown show with small magic tricks and balloon animals' },
      { he: 'הפעלה דו־לשונית לילדים, בעברית ובאנגלית', en: 'A bilingual party for children, in Hebrew and English' },
      { he: 'ליצן על קביים לפסטיבלים ולאירועי קהילה', en: 'A stilt-walking clown for festivals and community events' },
    ],
    about: { he: '– הפעלה שמחה לילדים בגילאי 3 עד 9: בלונים, בועות סבון, קסמים קטנים והרבה צחוק.', en: 'a happy party for children aged 3 to 9: balloons, soap bubbles, small magic tricks and lots of laughing.' },
    basePrice: 900,
    timed: { name: { he: 'הפעלה ליום הולדת', en: 'Birthday party show' }, minutes: 60, intro: { he: 'שעה של הפעלה, כולל פסלי בלונים לכל הילדים.', en: 'An hour of fun, with balloon animals for every child.' } },
    contract: { name: { he: 'ליצן לאירוע קהילתי', en: 'Community event clown' }, intro: { he: 'יום כיף לקהילה או לגן, עם שני ליצנים, בחוזה.', en: 'A fun day for a community or kindergarten with two clowns, in a contract.' } },
    fixed: { name: { he: 'ברכת וידאו מליצן', en: 'Clown video greeting' }, intro: { he: 'ברכה מצולמת לילד או לילדה, עם השם שלהם.', en: 'A filmed greeting for the birthday child, with their name.' } },
    setLength: { he: 'שעה', en: 'One hour' },
    equipment: { he: 'רמקול נייד ובלונים', en: 'Portable speaker and balloons' },
  },
  guitarists: {
    taglines: [
      { he: 'גיטרה אקוסטית וקול לאירועים אינטימיים', en: 'Acoustic guitar and vocals for intimate events' },
      { he: 'בוסה נובה וג׳אז שקט לבראנצ׳ים ולקבלות פנים', en: 'Bossa nova and soft jazz for brunches and receptions' },
      { he: 'גיטרה קלאסית לטקס חופה מרגש', en: 'Classical guitar for a moving chuppah ceremony' },
      { he: 'פולק ושירי ארץ ישראל באווירת מדורה', en: 'Folk and Israeli songs with a campfire feel' },
      { he: 'גיטרה ספרדית ופלמנקו לערב חם', en: 'Spanish guitar and flamenco for a warm evening' },
      { he: 'רוק אקוסטי ולהיטים שכולם שרים יחד', en: 'Acoustic rock and hits everyone sings along to' },
    ],
    about: { he: '– נגינה בקבלות פנים, בבראנצ׳ים ובחתונות קטנות: שירי ארץ ישראל, פולק ובוסה נובה, בשקט הנכון.', en: 'music for receptions, brunches and small weddings: Israeli songs, folk and bossa nova, at just the right volume.' },
    basePrice: 1600,
    timed: { name: { he: 'גיטרה לקבלת פנים', en: 'Acoustic guitar reception' }, minutes: 90, intro: { he: 'שעה וחצי של גיטרה ושירה בקבלת הפנים.', en: 'An hour and a half of guitar and song for the reception.' } },
    contract: { name: { he: 'חבילת טקס ומסיבה', en: 'Ceremony and party package' }, intro: { he: 'נגינה בחופה ומסיבה קטנה, בחוזה שירות.', en: 'Music for the ceremony and a small party, in a service contract.' } },
    fixed: { name: { he: 'שיר מוקלט', en: 'Recorded song' }, intro: { he: 'שיר לבחירתכם מוקלט בגיטרה ובקול.', en: 'A song of your choice recorded on guitar and voice.' } },
    setLength: { he: 'שני סטים של 40 דקות', en: 'Two sets of 40 minutes' },
    equipment: { he: 'הגברה קטנה עד 120 אורחים', en: 'Small sound system for up to 120 guests' },
  },
};

const information: Record<ProductType, Pair> = {
  timedService: { he: '<p>מגיעים שעה לפני ההתחלה לבדיקת סאונד. ההזמנה היא לשעה שבחרתם בלוח השנה; אפשר להאריך בתיאום.</p>', en: '<p>Arrival one hour before the start for a sound check. You book the time you picked in the calendar; it can be extended by arrangement.</p>' },
  contractService: { he: '<p>הרפרטואר, לוח הזמנים והתוספות נקבעים בחוזה השירות, שנחתם בידי שני הצדדים לפני האירוע.</p>', en: '<p>Repertoire, schedule and extras are set in the service contract, signed by both sides before the event.</p>' },
  default: { he: '<p>שלחו לנו את השמות, האירוע וכל פרט שחשוב לכם, ואנחנו נחזור אליכם תוך יומיים.</p>', en: '<p>Send us the names, the occasion and any detail that matters to you, and we will get back to you within two days.</p>' },
};

const personName = (i: number): Pair => {
  const [firstHe, firstEn] = firstNames[(i * 7) % firstNames.length]!;
  const [lastHe, lastEn] = lastNames[(i * 5 + Math.floor(i / 48)) % lastNames.length]!;
  return { he: `${firstHe} ${lastHe}`, en: `${firstEn} ${lastEn}` };
};

/** "in <place>" in Hebrew: the definite article goes into the ב (בגליל), a name's own ה stays (בהרצליה). */
const inPlace = (place: { key: string; he: string }) => `ב${place.key === 'galilee' ? place.he.slice(1) : place.he}`;
/** A place's English name in a sentence ("the Galilee"). */
const placeInEnglish = (place: { key: string; en: string }) => (place.key === 'galilee' ? 'the Galilee' : place.en);

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** How many vendors the demo seeds (the spec asks for at least 50). */
export const demoVendorCount = 60;

export function demoVendors(count = demoVendorCount): DemoVendor[] {
  const vendors: DemoVendor[] = [];
  for (let i = 0; i < count; i++) {
    const category = categories[i % categories.length]!;
    const story = stories[category.key]!;
    const secondCategory = categories[(i * 3 + 1) % categories.length]!;
    const place = places[i % places.length]!;
    const secondPlace = places[(i * 7 + 3) % places.length]!;
    const origin = places[(i + 4) % places.length]!;
    const stage = stageNames[category.key]?.[Math.floor(i / categories.length) % 6];
    const name = stage ?? personName(i);
    const basePrice = roundTo(story.basePrice * (0.8 + ((i * 37) % 9) * 0.06), 50);
    const about: Pair = {
      he: `<p><strong>${name.he}</strong> ${story.about.he}</p><p>מופיעים ${inPlace(place)}, ${inPlace(secondPlace)} ובכל הארץ.</p>`,
      en: `<p><strong>${name.en}</strong> – ${story.about.en}</p><p>Performing in ${placeInEnglish(place)}, ${placeInEnglish(secondPlace)} and all over Israel.</p>`,
    };
    const pictures = demoImages.artists[i % demoImages.artists.length]!;
    // The three photos: a wide shot of the stage, a close-up, the venue with its audience.
    const captions: Pair[] = [
      { he: `${name.he} על הבמה ${inPlace(place)}`, en: `${name.en} on stage in ${placeInEnglish(place)}` },
      { he: `${name.he} מקרוב, באמצע ההופעה`, en: `${name.en} up close, mid-performance` },
      { he: `${name.he} והקהל על רחבת הריקודים`, en: `${name.en} and the crowd on the dance floor` },
    ];
    vendors.push({
      key: `demo-vendor-${String(i + 1).padStart(3, '0')}`,
      name,
      intro: story.taglines[Math.floor(i / categories.length) % story.taglines.length]!,
      origin: { he: origin.he.slice(0, 20), en: origin.en.slice(0, 20) },
      about,
      categoryKeys: [...new Set(i % 4 === 0 ? [category.key, secondCategory.key] : [category.key])],
      placeKeys: [...new Set([place.key, secondPlace.key])],
      languages: i % 3 === 0 ? ['he', 'en', 'ru'] : i % 7 === 0 ? ['he', 'en', 'fr'] : ['he', 'en'],
      heroImageUrl: pictures.photos[0]!.url,
      ...(stage ? {} : { logoImageUrl: pictures.portrait }),
      images: pictures.photos.map((photo, n) => ({ ...photo, description: captions[n % captions.length]! })),
      videos: [],
      generalInfo: [
        { title: { he: 'אורך הופעה', en: 'Set length' }, content: story.setLength },
        { title: { he: 'ציוד', en: 'Equipment' }, content: story.equipment },
        { title: { he: 'נסיעות', en: 'Travel' }, content: { he: `מ${origin.he} לכל הארץ; מעל 60 ק״מ בתוספת נסיעה`, en: `From ${placeInEnglish(origin)} anywhere in Israel; travel added beyond 60 km` } },
      ],
      products: productsFor(i, basePrice, story),
    });
  }
  return vendors;
}

/**
 * The terms of an artist's services, varied as artists set them (issue 26): a percent deposit under the
 * moderate policy, half up front under the strict one with 6 instalments, none at all, or an amount with
 * a schedule of the artist's own. The contract packages take 30% under the moderate policy, 6 instalments.
 */
function timedTermsFor(i: number, basePrice: number): PaymentTerms | undefined {
  switch (i % 4) {
    case 0: return { deposit: { kind: 'percent', percent: 30 }, balanceDueDays: 14, cancellationPolicy: { kind: 'moderate' }, maxInstalments: 3 };
    case 1: return { deposit: { kind: 'percent', percent: 50 }, balanceDueDays: 30, cancellationPolicy: { kind: 'strict' }, maxInstalments: 6 };
    case 2: return undefined;
    default: return {
      deposit: { kind: 'amount', amount: { amountMinor: roundTo(basePrice * 0.2, 100) * 100, currency: 'ILS' } }, balanceDueDays: 7,
      cancellationPolicy: { kind: 'custom', schedule: [{ daysBefore: 45, percent: 100 }, { daysBefore: 21, percent: 50 }, { daysBefore: 7, percent: 20 }] }, maxInstalments: 4,
    };
  }
}

function productsFor(i: number, basePrice: number, story: CategoryStory): DemoProduct[] {
  const timedTerms = timedTermsFor(i, basePrice);
  const timed: DemoProduct = {
    type: 'timedService', name: story.timed.name, introText: story.timed.intro, information: information.timedService,
    priceShekels: basePrice, serviceDuration: story.timed.minutes, featured: i % 5 === 0,
    additionalInformation: [{ title: { he: 'מה כלול', en: 'What is included' }, content: { he: `הופעה של ${story.timed.minutes} דקות, הגעה והקמה`, en: `A ${story.timed.minutes}-minute performance, travel and setup` } }],
    ...(timedTerms ? { paymentTerms: timedTerms } : {}),
  };
  const contract: DemoProduct = {
    type: 'contractService', name: story.contract.name, introText: story.contract.intro, information: information.contractService,
    priceShekels: roundTo(basePrice * 2.6, 100), serviceDuration: 300, featured: i % 7 === 1,
    additionalInformation: [{ title: { he: 'מקדמה', en: 'Deposit' }, content: { he: '30% בחתימה על החוזה', en: '30% when the contract is signed' } }],
    paymentTerms: { deposit: { kind: 'percent', percent: 30 }, balanceDueDays: 14, cancellationPolicy: { kind: 'moderate' }, maxInstalments: 6 },
  };
  const fixed: DemoProduct = {
    type: 'default', name: story.fixed.name, introText: story.fixed.intro, information: information.default,
    priceShekels: roundTo(basePrice / 6, 10), serviceDuration: 0, featured: false, additionalInformation: [],
  };
  // The first vendor (the demo vendor account's) has one of each type; the others vary.
  if (i === 0) return [timed, contract, fixed];
  if (i % 3 === 0) return [timed, fixed];
  if (i % 3 === 1) return [timed];
  return [timed, contract];
}
