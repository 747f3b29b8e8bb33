// The messages of one language as the browser loads them: a module web/client-bundle.ts makes at build
// time from the server's merged messages (web/i18n/i18n.ts), one chunk per language.
declare module 'page-messages:he' {
  export const messages: import('./i18n-instance.ts').MessageTree;
}
declare module 'page-messages:en' {
  export const messages: import('./i18n-instance.ts').MessageTree;
}
// The texts only the dashboards and the back office use (web/i18n/route-group-messages.ts), one chunk per language.
declare module 'route-group-messages:he' {
  export const messages: import('./i18n-instance.ts').MessageTree;
}
declare module 'route-group-messages:en' {
  export const messages: import('./i18n-instance.ts').MessageTree;
}
