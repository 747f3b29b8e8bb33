import { messageSection } from './section.ts';

// Texts of the admin frame: title, side nav groups and items (SPEC §2, §6).
export const adminMessages = messageSection(
  {
    admin: {
      title: 'Back office', nav: 'Back office menu',
      groups: { overview: 'Overview', ecommerce: 'Ecommerce', entities: 'Entities', system: 'System', tools: 'Tools' },
      items: {
        home: 'Dashboard', operator: 'Today\'s work', analytics: 'Analytics', vendor: 'Artists', product: 'Products', order: 'Orders', money: 'Money', category: 'Categories', tag: 'Tags',
        article: 'Articles', serviceContract: 'Service contracts', media: 'Media', user: 'Users', acl: 'Access rules', language: 'Languages',
        config: 'Configuration', conversations: 'Conversation messages', tracking: 'Source tracking', phoneNumberDispense: 'Phone number dispenses',
        userAction: 'User actions', myConversations: 'My conversations', export: 'Analysts\' export', paymentsPlayground: 'Payments playground',
        styleguide: 'Styleguide',
      },
    },
  },
  {
    admin: {
      title: 'ניהול', nav: 'תפריט הניהול',
      groups: { overview: 'סקירה', ecommerce: 'מסחר', entities: 'ישויות', system: 'מערכת', tools: 'כלים' },
      items: {
        home: 'לוח בקרה', operator: 'העבודה של היום', analytics: 'נתונים', vendor: 'אמנים', product: 'מוצרים', order: 'הזמנות', money: 'כספים', category: 'קטגוריות', tag: 'תגיות',
        article: 'מאמרים', serviceContract: 'חוזי שירות', media: 'מדיה', user: 'משתמשים', acl: 'כללי גישה', language: 'שפות',
        config: 'הגדרות', conversations: 'הודעות שיחה', tracking: 'מקורות תנועה', phoneNumberDispense: 'חלוקת מספרי טלפון',
        userAction: 'פעולות משתמשים', myConversations: 'השיחות שלי', export: 'ייצוא לאנליסטים', paymentsPlayground: 'ניסוי תשלומים',
        styleguide: 'מדריך סגנון',
      },
    },
  },
);
