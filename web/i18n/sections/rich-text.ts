import { messageSection } from './section.ts';

// Texts of the rich-text editor's toolbar (web/components/rich-text-editor.tsx).
export const richTextMessages = messageSection(
  {
    richText: {
      toolbar: 'Formatting of {{field}}', bold: 'Bold', italic: 'Italic', heading: 'Heading', bulletList: 'Bulleted list', numberedList: 'Numbered list',
      link: 'Link', unlink: 'Remove the link', clear: 'Plain text', linkAddress: 'Link address', linkApply: 'Add the link', cancel: 'Cancel',
      linkInvalid: 'Write a web address (https://…), an e-mail (mailto:…) or a phone (tel:…).',
    },
  },
  {
    richText: {
      toolbar: 'עיצוב של {{field}}', bold: 'הדגשה', italic: 'נטוי', heading: 'כותרת', bulletList: 'רשימת תבליטים', numberedList: 'רשימה ממוספרת',
      link: 'קישור', unlink: 'הסרת הקישור', clear: 'טקסט רגיל', linkAddress: 'כתובת הקישור', linkApply: 'הוספת הקישור', cancel: 'ביטול',
      linkInvalid: 'יש לכתוב כתובת אתר (https://…), אימייל (mailto:…) או טלפון (tel:…).',
    },
  },
);
