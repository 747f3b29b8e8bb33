import { messageSection } from './section.ts';

// Texts of the page the no-inactive-registration guard sends an archived artist to (web/pages/vendor-dashboard/inactive.tsx).
export const inactiveRegistrationMessages = messageSection(
  {
    inactiveRegistration: {
      title: 'Your artist page is archived',
      text: 'The back office archived your artist page: customers cannot find or book you, and your profile, services and busy times cannot be changed until it is brought back.',
      reason: 'The reason given:',
      stillOpen: 'Your orders, reviews and conversations are still here.',
      support: 'Talk to support',
      whatsapp: 'Support on WhatsApp:',
    },
  },
  {
    inactiveRegistration: {
      title: 'עמוד האמן שלך בארכיון',
      text: 'צוות האתר העביר את עמוד האמן שלך לארכיון: לקוחות לא יכולים למצוא אותך או להזמין, ואי אפשר לשנות את הפרופיל, השירותים והזמנים התפוסים עד שהעמוד יוחזר.',
      reason: 'הסיבה שנמסרה:',
      stillOpen: 'ההזמנות, הביקורות והשיחות שלך עדיין כאן.',
      support: 'פנייה לתמיכה',
      whatsapp: 'תמיכה בוואטסאפ:',
    },
  },
);
