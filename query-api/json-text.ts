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
