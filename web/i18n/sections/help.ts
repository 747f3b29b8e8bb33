import { messageSection } from './section.ts';

// Texts of the help dashboard screen: WhatsApp support and the questions and answers.
export const helpMessages = messageSection(
  {
    help: {
      whatsappTitle: 'Talk to us on WhatsApp',
      whatsappText: 'A question about an order, a payment or your account? Write to our support team on WhatsApp.',
      whatsappButton: 'Open WhatsApp',
      whatsappLabel: 'Write to support on WhatsApp at {{number}} (opens WhatsApp)',
      noWhatsapp: 'WhatsApp support is not available right now. You can reach us through the contact page.',
      contact: 'Contact us',
      faqMissing: 'The questions and answers cannot be shown right now. Write to us and we will help.',
      description: 'Answers to common questions about booking, paying and your account, and how to reach our support team.',
    },
  },
  {
    help: {
      whatsappTitle: 'דברו איתנו בוואטסאפ',
      whatsappText: 'שאלה על הזמנה, תשלום או החשבון שלכם? כתבו לצוות התמיכה שלנו בוואטסאפ.',
      whatsappButton: 'פתיחת וואטסאפ',
      whatsappLabel: 'כתיבה לתמיכה בוואטסאפ למספר {{number}} (נפתח בוואטסאפ)',
      noWhatsapp: 'התמיכה בוואטסאפ אינה זמינה כרגע. אפשר לפנות אלינו דרך עמוד צור קשר.',
      contact: 'צור קשר',
      faqMissing: 'השאלות והתשובות אינן זמינות כרגע. כתבו לנו ונשמח לעזור.',
      description: 'תשובות לשאלות נפוצות על הזמנה, תשלום והחשבון שלכם, ואיך לפנות לצוות התמיכה.',
    },
  },
);
