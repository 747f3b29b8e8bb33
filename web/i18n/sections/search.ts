import { messageSection } from './section.ts';

// Texts of the search box's category suggestions (web/components/search-form.tsx) and of the results'
// sort (web/components/search-sort.tsx), under the base `search` texts.
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
        relevance: 'Best match', name: 'Name', rating: 'Top rated', price: 'Lowest price', distance: 'Nearest to the location',
        fromPlace: 'Nearest to {{place}} first: artists who perform there, then those close by.',
        needsPlace: 'To sort by distance, choose a location above.',
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
        relevance: 'הכי מתאימים', name: 'שם', rating: 'הדירוג הגבוה', price: 'המחיר הנמוך', distance: 'הקרובים למקום',
        fromPlace: 'הקרובים ל{{place}} קודם: אמנים שמופיעים שם, ואחריהם הקרובים אליו.',
        needsPlace: 'כדי למיין לפי מרחק, בחרו מיקום למעלה.',
      },
    },
  },
);
