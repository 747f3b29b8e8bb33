import { messageSection } from './section.ts';

// The Jewish calendar (docs/jewish-calendar.md): `jewishCalendar` on the artist page's booking calendar
// and the checkout (the storefront), `observance` on the artist's busy-times screen (a dashboard: its
// key is in web/i18n/route-group-messages.ts, so the storefront's first load does not carry it).
export const jewishCalendarMessages = messageSection(
  {
    jewishCalendar: {
      hebrewMonths: 'Hebrew months: {{months}}',
      restLegend: 'Not available from candle lighting to havdalah ({{place}})',
      restOnDay: 'The artist does not perform on {{names}}: from {{from}} to {{to}} ({{place}}).',
      afterShabbat: 'Saturday night',
      afterHoliday: 'After the holiday',
      marksTitle: 'Holidays and memorial days this month',
      restRefused: "The artist does not perform on Shabbat or this holiday at this time in the event's city (from candle lighting to havdalah). Please choose another time.",
    },
    observance: {
      title: 'Shabbat and holidays',
      intro: 'If you do not perform on Shabbat or the Jewish holidays, customers are not offered times from candle lighting to havdalah in the event’s city. Saturday-night slots after havdalah stay open.',
      shabbat: 'I perform on Shabbat',
      holidays: 'I perform on Jewish holidays',
      holidaysHint: 'Rosh Hashana, Yom Kippur, Sukkot (first day), Shemini Atzeret / Simchat Torah, Pesach (first and seventh days), Shavuot.',
      alsoTitle: 'I also don’t perform on',
      'minor-fasts': 'Fast days (Tzom Gedaliah, 10 Tevet, Ta’anit Esther, 17 Tammuz), from dawn',
      'tisha-bav': 'Tisha B’Av',
      'yom-hashoah': 'Yom HaShoah (Holocaust Remembrance Day)',
      'yom-hazikaron': 'Yom HaZikaron (Memorial Day)',
      save: 'Save', saving: 'Saving…', saved: 'Saved. Your calendar follows your choice.',
      summaryEveryDay: 'You perform every day.',
    },
  },
  {
    jewishCalendar: {
      hebrewMonths: 'חודשים עבריים: {{months}}',
      restLegend: 'לא זמין מהדלקת נרות עד הבדלה ({{place}})',
      restOnDay: 'האמן/ית לא מופיע/ה ב{{names}}: מ־{{from}} עד {{to}} ({{place}}).',
      afterShabbat: 'מוצאי שבת',
      afterHoliday: 'מוצאי חג',
      marksTitle: 'חגים וימי זיכרון החודש',
      restRefused: 'האמן/ית לא מופיע/ה בשבת או בחג בשעה זו בעיר האירוע (מהדלקת נרות עד הבדלה). נא לבחור זמן אחר.',
    },
    observance: {
      title: 'שבת וחגים',
      intro: 'אם אינך מופיע/ה בשבת או בחגי ישראל, לקוחות לא יקבלו הצעת זמנים מהדלקת נרות ועד הבדלה בעיר האירוע. זמנים במוצאי שבת אחרי ההבדלה נשארים פתוחים.',
      shabbat: 'אני מופיע/ה בשבת',
      holidays: 'אני מופיע/ה בחגים',
      holidaysHint: 'ראש השנה, יום כיפור, סוכות (היום הראשון), שמיני עצרת / שמחת תורה, פסח (הראשון והשביעי), שבועות.',
      alsoTitle: 'אני גם לא מופיע/ה ב',
      'minor-fasts': 'תעניות (צום גדליה, עשרה בטבת, תענית אסתר, י״ז בתמוז), מעלות השחר',
      'tisha-bav': 'תשעה באב',
      'yom-hashoah': 'יום השואה',
      'yom-hazikaron': 'יום הזיכרון',
      save: 'שמירה', saving: 'שומר…', saved: 'נשמר. היומן שלך פועל לפי הבחירה.',
      summaryEveryDay: 'את/ה מופיע/ה בכל יום.',
    },
  },
);
