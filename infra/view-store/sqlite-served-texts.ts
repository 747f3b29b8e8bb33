// The texts findTexts answered, by rid, since the collection last changed (docs/embedded-views.md,
// "Listings"): a listing's page read from a kept order takes the texts of rows it served before from
// here instead of reading them again (a page of 24 vendor cards: ~60–200 µs of lookups and UTF-8
// decoding, ~10% of a cache miss of the vendor search). Like the kept orders and counts, it is
// dropped whenever the collection changes, so a text here is always the one the row would give now.
// Bounded in characters, least recently served dropped first: every card of 10,000 vendors fits;
// at 100,000 the most served ones (first pages of the common listings) stay.

/** Characters kept at most (2 bytes each for texts holding Hebrew: ~16 MB). */
const MAX_SERVED_CHARS = 8_000_000;

export class ServedTexts {
  /** What the texts are of (the columns and omission of findTexts): another omission starts afresh. */
  private key: string | null = null;
  private readonly byRid = new Map<number, string>();
  private chars = 0;
  private readonly maxChars: number;

  constructor(maxChars = MAX_SERVED_CHARS) {
    this.maxChars = maxChars;
  }

  /** The texts of this omission (those of another are dropped). */
  of(key: string): this {
    if (key !== this.key) {
      this.forget();
      this.key = key;
    }
    return this;
  }

  has(rid: number): boolean {
    return this.byRid.has(rid);
  }

  /**
   * A row's text, now the most recently served. Until the texts fill half their bound nothing is
   * dropped soon, and the order is left as it is (a move is a Map delete and set per text read; the
   * bench's 10,000 vendor cards fill ~4.9 million characters, past half, so theirs still move).
   */
  get(rid: number): string | undefined {
    const text = this.byRid.get(rid);
    if (text !== undefined && this.chars > this.maxChars / 2) {
      this.byRid.delete(rid);
      this.byRid.set(rid, text);
    }
    return text;
  }

  set(rid: number, text: string): void {
    if (text.length > this.maxChars) return;
    const old = this.byRid.get(rid);
    if (old !== undefined) {
      this.chars -= old.length;
      this.byRid.delete(rid);
    }
    this.byRid.set(rid, text);
    this.chars += text.length;
    if (this.chars <= this.maxChars) return;
    // A tenth at once: a Map walked from its start passes over the places of the entries deleted
    // before (until it is rehashed), so dropping one entry per new text cost ~4% of a miss at 100,000 vendors.
    for (const [oldest, dropped] of this.byRid) {
      if (this.chars <= this.maxChars * 0.9) break;
      this.byRid.delete(oldest);
      this.chars -= dropped.length;
    }
  }

  /** The collection changed. */
  forget(): void {
    this.byRid.clear();
    this.chars = 0;
  }
}
