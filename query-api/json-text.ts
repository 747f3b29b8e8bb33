// An answer already written as JSON text (a listing whose documents the view store handed over as
// text, query-api/list-page.ts): the read pipeline sends the text as it is instead of parsing the
// documents and writing them again. Anything that serializes it anyway gets the same JSON.
export class JsonText {
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/** The JSON text of a route's answer. */
export const answerText = (answer: unknown): string => (answer instanceof JsonText ? answer.text : JSON.stringify(answer));

/**
 * The JSON text of a page, `{"items":[…],"total":n}`, from its items' JSON texts, made by one join: a
 * flat string, which Buffer.from encodes as it is (the concatenation of a joined list around it was
 * copied once more to flatten it: ~30 KB a page of 30 vendor cards).
 */
export function pageText(items: readonly string[], total: number): JsonText {
  if (items.length === 0) return new JsonText(`{"items":[],"total":${total}}`);
  const parts = items.slice();
  const last = parts.length - 1;
  parts[0] = `{"items":[${parts[0]}`;
  parts[last] = `${parts[last]}],"total":${total}}`;
  return new JsonText(parts.join(','));
}
