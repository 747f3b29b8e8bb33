// SPEC §9 "Routing history: web history in production, otherwise hash history", with SPEC §9 "Server
// rendering on". Both hold in this product as follows: every page the server renders (in production
// and in development alike) uses web history — addresses are real paths the server answers, which a
// hash would hide from it. Outside production the app can also run with no server pass at all, in the
// client-only shell (`/app-shell`, web/app/client-only-app.tsx: a page the server sends without content
// or data, where the browser renders everything), and there it uses hash history (`/app-shell#/search`),
// as a client-only build does where the server knows one address only.
export type HistoryMode = 'web' | 'hash';

export function historyModeOf(options: { production: boolean; serverRendered: boolean }): HistoryMode {
  return options.production || options.serverRendered ? 'web' : 'hash';
}

/** The client-only shell's path (outside production only; web/server.ts). */
export const APP_SHELL_PATH = '/app-shell';
