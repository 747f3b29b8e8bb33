import { messageSection } from './section.ts';

// Texts of the my-vendors dashboard screen (favorite artists and saved services), and of the
// "save" toggle on a product page that fills the saved services.
export const myVendorsMessages = messageSection(
  {
    myVendors: {
      vendorsTitle: 'Favorite artists',
      productsTitle: 'Saved services',
      count: '{{count}} saved',
      remove: 'Remove',
      removeVendor: 'Remove {{name}} from favorites',
      removeProduct: 'Remove {{name}} from saved services',
      removing: 'Removing…',
      removeFailed: 'This could not be removed right now. Please try again.',
      noVendors: 'No favorite artists yet. Tap the heart on an artist to keep them here.',
      findArtists: 'Find artists',
      noProducts: 'No saved services yet. Use “Save” on a service page to keep it here.',
      browseStore: 'Browse services',
      byVendor: 'by {{name}}',
      view: 'View service',
    },
    favorites: {
      saveProduct: 'Save {{name}}',
      unsaveProduct: 'Remove {{name}} from saved services',
      signInToSave: 'Sign in to save',
      productSaveFailed: 'This could not be saved right now. Please try again.',
    },
  },
  {
    myVendors: {
      vendorsTitle: 'אמנים מועדפים',
      productsTitle: 'שירותים שמורים',
      count: '{{count}} שמורים',
      remove: 'הסרה',
      removeVendor: 'הסרת {{name}} מהמועדפים',
      removeProduct: 'הסרת {{name}} מהשירותים השמורים',
      removing: 'מסירים…',
      removeFailed: 'לא הצלחנו להסיר כרגע. נסו שוב.',
      noVendors: 'עדיין אין אמנים מועדפים. לחצו על הלב של אמן כדי לשמור אותו כאן.',
      findArtists: 'חיפוש אמנים',
      noProducts: 'עדיין אין שירותים שמורים. לחצו על "שמירה" בעמוד של שירות כדי לשמור אותו כאן.',
      browseStore: 'לכל השירותים',
      byVendor: 'מאת {{name}}',
      view: 'לעמוד השירות',
    },
    favorites: {
      saveProduct: 'שמירת {{name}}',
      unsaveProduct: 'הסרת {{name}} מהשירותים השמורים',
      signInToSave: 'התחברו כדי לשמור',
      productSaveFailed: 'לא הצלחנו לשמור כרגע. נסו שוב.',
    },
  },
);
