import { messageSection } from './section.ts';

// Texts of the shared form controls (web/components/translatable-field.tsx, repeatable-list.tsx,
// character-counter.tsx), used by every dashboard form.
export const formControlsMessages = messageSection(
  {
    formControls: {
      remove: 'Remove', removeItem: 'Remove {{item}}',
      counter: '{{length}} / {{max}}', tooLong: '{{length}} / {{max}}: too long by {{over}} characters',
      required: 'Required.', requiredOneLanguage: 'Required in at least one language.',
    },
  },
  {
    formControls: {
      remove: 'הסרה', removeItem: 'הסרת {{item}}',
      counter: '\u2066{{length}} / {{max}}\u2069', tooLong: '\u2066{{length}} / {{max}}\u2069: ארוך מדי ב־{{over}} תווים',
      required: 'שדה חובה.', requiredOneLanguage: 'חובה למלא לפחות בשפה אחת.',
    },
  },
);
