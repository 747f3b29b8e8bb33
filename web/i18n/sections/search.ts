import { messageSection } from './section.ts';

// Texts of the search box's category suggestions (web/components/search-form.tsx) and of the results'
// sort (web/components/search-sort.tsx), and the response badge of cards and vendor pages (web/components/response-badge.tsx),
// under the base `search` texts.
export const searchMessages = messageSection(
  {
    search: {
      artistsTitle: 'Artists', productsTitle: 'Services and products: {{count}}', articlesTitle: 'Articles: {{count}}',
      suggestions: {
        label: 'Suggested categories',
        count: 'Suggested categories: {{count}}. Use the up and down arrows to choose, Enter to open.',
        kind: 'Category',
      },
      sort: {
        label: 'Sort by', apply: 'Sort',
        relevance: 'Best match', name: 'Name', rating: 'Top rated', price: 'Lowest price', distance: 'Nearest to the location', response: 'Fastest to reply',
        fromPlace: 'Nearest to {{place}} first: artists who perform there, then those close by.',
        needsPlace: 'To sort by distance, choose a location above.',
      },
      response: {
        hour: 'Usually replies within an hour', hours: 'Usually replies within a few hours', day: 'Usually replies within a day',
        rate: 'Replies to {{percent}}% of messages and quote requests',
        about: 'From the messages and quote requests of the last 90 days',
      },
    },
  },
  {
    search: {
      artistsTitle: 'אמנים', productsTitle: 'שירותים ומוצרים: {{count}}', articlesTitle: 'מאמרים: {{count}}',
      suggestions: {
        label: 'קטגוריות מוצעות',
        count: 'קטגוריות מוצעות: {{count}}. בחרו בחצים למעלה ולמטה, ואנטר לפתיחה.',
        kind: 'קטגוריה',
      },
      sort: {
        label: 'מיון לפי', apply: 'מיון',
        relevance: 'הכי מתאימים', name: 'שם', rating: 'הדירוג הגבוה', price: 'המחיר הנמוך', distance: 'הקרובים למקום', response: 'העונים הכי מהר',
        fromPlace: 'הקרובים ל{{place}} קודם: אמנים שמופיעים שם, ואחריהם הקרובים אליו.',
        needsPlace: 'כדי למיין לפי מרחק, בחרו מיקום למעלה.',
      },
      response: {
        hour: 'בדרך כלל עונה תוך שעה', hours: 'בדרך כלל עונה תוך כמה שעות', day: 'בדרך כלל עונה תוך יום',
        rate: 'עונה ל־{{percent}}% מההודעות ובקשות ההצעה',
        about: 'לפי ההודעות ובקשות ההצעה של 90 הימים האחרונים',
      },
    },
  },
);
