// Documents' texts as UTF-8, kept by text (docs/embedded-views.md, "Served texts"). A listing's page is
// sent as bytes: encoding its text for each answer cost ~8% of a cache miss of the vendor search, as
// V8 writes strings holding Hebrew (two bytes a character) to UTF-8 several times slower than ASCII. The
// view store hands over the same string for a document it served before, so the lookup is one hash
// (computed once per string) and the bytes are joined by copying. The bytes are a function of the
// text alone: nothing here needs forgetting when a view changes; a changed document is another text.
// Bounded in bytes, the oldest tenth dropped when full.

/** Bytes kept at most (about 13,000 vendor cards). */
const MAX_KEPT_BYTES = 16 * 1024 * 1024;
/** A text longer than this (characters) is encoded each time, never kept. */
const MAX_KEPT_TEXT = 64 * 1024;

export class Utf8Texts {
  private readonly byText = new Map<string, Buffer>();
  private bytes = 0;
  private readonly maxBytes: number;

  constructor(maxBytes = MAX_KEPT_BYTES) {
    this.maxBytes = maxBytes;
  }

  /** The text as UTF-8 (a buffer shared with other callers: never written to). */
  of(text: string): Buffer {
    let encoded = this.byText.get(text);
    if (encoded !== undefined) return encoded;
    encoded = Buffer.from(text, 'utf8');
    if (text.length > MAX_KEPT_TEXT || encoded.length > this.maxBytes) return encoded;
    this.byText.set(text, encoded);
    this.bytes += encoded.length;
    if (this.bytes > this.maxBytes) {
      for (const [oldest, dropped] of this.byText) {
        if (this.bytes <= this.maxBytes * 0.9) break;
        this.byText.delete(oldest);
        this.bytes -= dropped.length;
      }
    }
    return encoded;
  }

  /** How many texts are kept (tests). */
  get size(): number {
    return this.byText.size;
  }
}

/** The process's texts of documents (the query API's listings). */
export const documentTexts = new Utf8Texts();

const COMMA = Buffer.from(',');

/**
 * `{"items":[…],"total":n}` as UTF-8 from the documents' texts, each with `heads[i]` in place of its
 * opening brace where heads are given: the bytes of list-page.ts's text of the same page.
 */
export function pageBytes(items: readonly string[], heads: readonly string[] | null, total: number, texts: Utf8Texts = documentTexts): Buffer {
  const parts: Buffer[] = [Buffer.from('{"items":[')];
  for (let at = 0; at < items.length; at++) {
    if (at > 0) parts.push(COMMA);
    const item = texts.of(items[at]!);
    if (heads) {
      // A document's text begins with `{`, one byte.
      parts.push(Buffer.from(heads[at]!, 'utf8'), item.subarray(1));
    } else parts.push(item);
  }
  parts.push(Buffer.from(`],"total":${total}}`));
  return Buffer.concat(parts);
}
