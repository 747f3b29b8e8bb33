import { messageSection } from './section.ts';

// Texts of the chart components (web/components/charts).
export const chartsMessages = messageSection(
  { charts: { showTable: 'Show as a table', hideTable: 'Hide the table', total: 'Total' } },
  { charts: { showTable: 'הצגה כטבלה', hideTable: 'הסתרת הטבלה', total: 'סה״כ' } },
);
