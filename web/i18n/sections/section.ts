// A feature's texts in both languages, kept beside each other so a screen's words are added in one
// place. web/i18n/i18n.ts merges every section into the base messages (deeply, so a section may add
// keys under an existing top-level key), and the translations test compares the merged key sets.
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export interface MessageSection<T> { en: T; he: Shape<T> }

/** The Hebrew texts must have exactly the English keys (checked by the compiler and by the test). */
export const messageSection = <T extends Record<string, unknown>>(en: T, he: Shape<T>): MessageSection<T> => ({ en, he });
