import { messageSection } from './section.ts';

// Texts of the search box's category suggestions (web/components/search-form.tsx), under the base
// `search` texts.
export const searchMessages = messageSection(
  {
    search: {
      artistsTitle: 'Artists', productsTitle: 'Services and products: {{count}}', articlesTitle: 'Articles: {{count}}',
      suggestions: {
        label: 'Suggested categories',
        count: 'Suggested categories: {{count}}. Use the up and down arrows to choose, Enter to open.',
        kind: 'Category',
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
    },
  },
);
