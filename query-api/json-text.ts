// An answer already written as JSON text (a listing whose documents the view store handed over as
// text, query-api/list-page.ts): the read pipeline sends the text as it is instead of parsing the
// documents and writing them again. Anything that serializes it anyway gets the same JSON.
export class JsonText {
  readonly text: string;
  /**
   * The same text as UTF-8, put together from pieces encoded before (utf8-texts.ts), where the answer
   * can: what HTTP sends, so the whole text is not encoded again for each answer.
   */
  readonly utf8?: () => Buffer;

  constructor(text: string, utf8?: () => Buffer) {
    this.text = text;
    if (utf8) this.utf8 = utf8;
  }

  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/** The JSON text of a route's answer. */
export const answerText = (answer: unknown): string => (answer instanceof JsonText ? answer.text : JSON.stringify(answer));
