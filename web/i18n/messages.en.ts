// English (en-US) texts. Every key exists in Hebrew too (a test compares the key sets).
export const en = {
  site: { name: 'HaBama', tagline: 'Find and book performing artists for every event in Israel.', description: 'HaBama is a marketplace for booking singers, bands, DJs, magicians and other performing artists in Israel.' },
  language: { he: 'עברית', en: 'English' },
  core: {
    genericError403: 'You are not allowed to do this.',
    genericError404: 'We could not find what you were looking for.',
    genericError422: 'Some details are not valid. Please check and try again.',
    genericError500: 'Something went wrong. Please try again in a moment.',
    genericSuccess: 'Saved successfully.',
    close: 'Close', loading: 'Loading', checkingUser: 'Checking your account', skipToContent: 'Skip to content',
  },
  nav: {
    main: 'Main menu', footer: 'Site links', menu: 'Menu', breadcrumbs: 'Breadcrumbs', search: 'Search', categories: 'Categories', store: 'Store',
    blog: 'Blog', about: 'About', contact: 'Contact', terms: 'Terms', login: 'Sign in', register: 'Register', logout: 'Sign out', joinAsArtist: 'Join as an artist', help: 'Help',
  },
  footer: { support: 'Support on WhatsApp:', demoNumber: 'demo number' },
  home: {
    title: 'Book performing artists for your event', description: 'Search singers, bands, DJs, magicians and more by category, place and date, and book them online.',
    heading: 'The artist for your event, one search away', lead: '{{count}} artists across Israel, with free dates you can book right now.',
    categories: 'Browse by category', featured: 'Popular artists', fromTheBlog: 'From the blog', seeAll: 'See all',
  },
  search: {
    title: 'Find an artist', titleFor: 'Artists for “{{text}}”', description: 'Search performing artists by name, category, location and free date.',
    text: 'Name or keyword', textPlaceholder: 'e.g. wedding band', category: 'Category', anyCategory: 'All categories', location: 'Location',
    anyLocation: 'All of Israel', date: 'Free on', submit: 'Search', resultCount: 'Artists found: {{count}}', noResults: 'No artists match this search. Try fewer filters.',
    pages: 'Pages', previous: 'Previous', next: 'Next', pageOf: 'Page {{page}} of {{pages}}',
  },
  categories: { title: 'Artist categories', description: 'All categories of performing artists on HaBama.', categoryDescription: '{{name}} for weddings, bar mitzvahs and company events, bookable online.' },
  vendor: {
    description: '{{name}} on HaBama: about, media, prices and free dates.', about: 'About', images: 'Photos', audio: 'Audio', videos: 'Videos', video: 'Video',
    playVideo: 'Play video: {{title}}', products: 'Services and prices', noProducts: 'This artist has no services listed yet.', pickDate: 'Pick a date',
    calendar: 'Free dates', noTimedProducts: 'This artist has no services booked by date.', calendarUnavailable: 'The calendar cannot be shown right now.',
    reviews: 'Reviews', noReviews: 'No reviews yet.', reviewCount: 'Reviews: {{count}}', otherLanguageReviews: 'Reviews in {{language}} ({{count}})', details: 'Details', languages: 'Languages', origin: 'Based in',
    performsIn: 'Performs in', priceFrom: 'From', pricesFrom: 'Prices from', generalInfo: 'General information', storePage: 'All services in the store',
  },
  product: {
    type: { default: 'Product', timedService: 'Booked by date', contractService: 'By service contract' },
    duration: '{{minutes}} minutes', information: 'Details', order: 'Order',
  },
  booking: {
    product: 'Service', previousMonth: 'Previous month', nextMonth: 'Next month', free: 'free', unavailable: 'not available', freeLegend: 'Has free time',
    slotsOn: 'Free times on {{date}}', pickDate: 'Pick a free date to see the times.', book: 'Book this time',
  },
  favorites: {
    title: 'Favorites', description: 'The artists you saved.', empty: 'You have not saved any artists yet. Tap the heart on an artist to keep it here.',
    add: 'Add {{name}} to favorites', remove: 'Remove {{name}} from favorites', save: 'Save', saved: 'Saved',
  },
  store: {
    title: 'Store', description: 'Services and products of our artists, with prices in shekels.', allVendors: 'All artists', vendorsTitle: 'All artists',
    vendorStoreTitle: 'Services of {{name}}', noProducts: 'No products yet.',
  },
  blog: { title: 'Blog', description: 'Guides and ideas for planning events with live entertainment.', empty: 'No articles yet.' },
  auth: {
    loginTitle: 'Sign in', loginDescription: 'Sign in to book artists, pay and follow your orders.', email: 'E-mail', password: 'Password', login: 'Sign in',
    wrongCredentials: 'The e-mail or password is wrong.', inactive: 'This account is not activated yet. Open the link in the activation e-mail.',
    noAccount: 'No account yet?', registerLink: 'Register', haveAccount: 'Already registered?', twoFactorLink: 'Two-factor sign-in',
    twoFactorTitle: 'Two-factor sign-in', twoFactorText: 'Accounts here sign in with one factor: your e-mail and password. No code is needed.', backToLogin: 'Back to sign in',
    activationTitle: 'Account activation', activating: 'Activating your account…', activate: 'Activate my account', activated: 'Your account is active. You can sign in now.',
    activationMissing: 'The activation link is missing its token. Open the link from the e-mail again.',
    registerTitle: 'Register', registerDescription: 'Open an account to book and pay artists.', fullName: 'Full name', phone: 'Phone (optional)',
    phoneHint: 'As you dial it, e.g. 050‑123‑4567 or 02‑123‑4567; from abroad with + and the country code.',
    phoneInvalid: 'This is not a phone number. Type it as you dial it, e.g. 050‑123‑4567 or 02‑123‑4567, or with + and the country code.',
    passwordRule: 'At least 8 characters.', register: 'Register', registered: 'Almost done: we sent an activation link to your e-mail.',
  },
  artist: {
    title: 'Join as an artist', description: 'Open an artist page on HaBama and get booked.', lead: 'Tell customers who you are. You can add photos, media and services later.',
    nameHe: 'Name in Hebrew', nameEn: 'Name in English', intro: 'Short intro (up to 100 characters)', origin: 'Where you are from (up to 20 characters)',
    languages: 'Languages you perform in', categories: 'Categories', places: 'Where you perform', about: 'About you', submit: 'Open my artist page', optional: '(optional: needed before you are paid)',
  },
  checkout: {
    title: 'Checkout', description: 'Review your order and pay securely.', steps: 'Checkout steps', stepDetails: 'Details', stepPayment: 'Payment', stepDone: 'Done',
    when: 'When:', total: 'Total', notes: 'Notes for the artist', notesPlaceholder: 'Event type, address, special requests', placeOrder: 'Place order',
    slotTaken: 'This time was just taken or is no longer free. Please pick another time.',
    completeTitle: 'Order placed', completeText: 'Thank you! Your order is registered.',
  },
  payment: {
    title: 'Payment', cardNumber: 'Card number', pay: 'Pay now', declined: 'The card was declined. Try another card.',
    sandbox: 'Test payments: card {{card}} is accepted, 4000000000000002 is declined.',
  },
  order: {
    title: 'Your order', completeTitle: 'Order complete', thanks: 'Payment received (card ending {{card}}). The artist will confirm soon.', status: 'Status:',
    timeline: 'History', myOrders: 'All my orders', view: 'View order',
    statuses: { new: 'Awaiting payment', payed: 'Paid', approved: 'Approved', completed: 'Completed', canceled: 'Canceled' },
  },
  dashboard: {
    menu: 'Account menu', language: 'Language', role: 'Account type', roleVendor: 'Artist', roleCustomer: 'Customer', noOrders: 'No orders yet.',
    sectionEmpty: 'Nothing to show here yet.',
    items: {
      profile: 'Profile', 'my-vendors': 'My artists', orders: 'Orders', payments: 'Payments', reviews: 'Reviews', notifications: 'Notifications',
      conversations: 'Conversations', contracts: 'Contracts', 'vendor/busy-windows': 'Busy times', 'vendor/profile': 'Artist profile',
      'vendor/orders': 'Artist orders', 'vendor/reviews': 'Artist reviews', 'vendor/products': 'Services and products', help: 'Help',
    },
  },
  notifications: { title: 'Notifications', empty: 'No notifications yet.' },
  notification: {
    'order.placed': 'Order placed: {{productName}}', 'order.payed': 'Order paid: {{productName}}', 'order.approved': 'The artist approved your order {{productName}}',
    'order.completed': 'Order completed: {{productName}}', 'order.canceled': 'Order canceled: {{productName}}', 'order.paymentDeclined': 'A payment was declined', 'order.refunded': 'A refund was issued',
    'message.posted': 'New message', 'contract.drafted': 'A contract was drafted', 'contract.sent': 'A contract is waiting for your signature',
    'contract.signed': 'A contract was signed', 'contract.fullySigned': 'The contract is signed by both sides', 'contract.canceled': 'A contract was canceled',
  },
  chunkError: {
    title: 'This page could not load',
    'not-found': 'The site was updated while this page was open, and part of it is no longer there. Loading the page again brings the new version.',
    load: 'Part of this page did not arrive. Check the connection, then load the page again.',
    timeout: 'Part of this page took more than two minutes to arrive. Check the connection, then load the page again.',
    reload: 'Load the page again',
  },
  errors: {
    title: 'Something went wrong', backHome: 'Back to the home page', unavailableTitle: 'Just a moment', unavailable: 'The site is catching its breath for a moment. Please try again in a few seconds.', tryAgain: 'Try again', notFoundTitle: 'Page not found',
    notFoundText: 'The page you asked for does not exist or was moved.', unauthorizedTitle: 'No access',
    inSeconds: 'in {{seconds}} s.', stayHere: 'Stay on this page',
    takingYou: { login: 'Taking you to the sign-in page', admin: 'Taking you to the back office', operator: 'Taking you to today\'s work', dashboard: 'Taking you to your account' },
    goTo: { login: 'Sign in', admin: 'Back office', operator: 'Today\'s work', dashboard: 'My account' },
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Messages = Shape<typeof en>;
