// The texts findTexts answered, by rid, since the collection last changed (docs/embedded-views.md,
// "Listings"): a listing's page read from a kept order takes the texts of rows it served before from
// here instead of reading them again (a page of 24 vendor cards: ~60–200 µs of lookups and UTF-8
// decoding, ~10% of a cache miss of the vendor search). Like the kept orders and counts, it is
// dropped whenever the collection changes, so a text here is always the one the row would give now.
// Bounded in characters: when full, texts not served again since the last drop go first, the oldest
// first, so the most served ones stay. Every card of 100,000 vendors fits (~480 characters each): with
// 8 million (~15,000 cards) the search's deep pages at that scale read most of their rows again.

/** Characters kept at most (2 bytes each for texts holding Hebrew: ~128 MB when full). */
const MAX_SERVED_CHARS = 64_000_000;

/** A served text, and the drop (epoch) it was last served after. */
interface Served { text: string; epoch: number }

export class ServedTexts {
  /** What the texts are of (the columns and omission of findTexts): another omission starts afresh. */
  private key: string | null = null;
  private readonly byRid = new Map<number, Served>();
  private chars = 0;
  private readonly maxChars: number;
  /** Drops so far: a text served since the last one is marked with it. */
  private epoch = 0;

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

  /** Whether a row's text is kept, without marking it served (tests; reads use get). */
  has(rid: number): boolean {
    return this.byRid.has(rid);
  }

  /**
   * A row's text, marked as served since the last drop. A mark, not a move to the end of the Map: the
   * Map's delete and set for every text read was ~3% of a cache miss at 10,000 vendors.
   */
  get(rid: number): string | undefined {
    const served = this.byRid.get(rid);
    if (served === undefined) return undefined;
    served.epoch = this.epoch;
    return served.text;
  }

  set(rid: number, text: string): void {
    if (text.length > this.maxChars) return;
    const old = this.byRid.get(rid);
    if (old !== undefined) {
      this.chars -= old.text.length;
      this.byRid.delete(rid);
    }
    // Answered once: it stays past the next drop only if it is served again before it.
    this.byRid.set(rid, { text, epoch: this.epoch - 1 });
    this.chars += text.length;
    if (this.chars > this.maxChars) this.drop();
  }

  /**
   * Down to nine tenths of the bound at once: first the texts not served again since the last drop, oldest
   * first (a Map is walked in insertion order), then, if that is not enough, the oldest of the others.
   * A tenth at once: a Map walked from its start passes over the places of the entries deleted before
   * (until it is rehashed), so dropping one entry per new text cost ~4% of a miss at 100,000 vendors.
   */
  private drop(): void {
    const target = this.maxChars * 0.9;
    for (const [rid, served] of this.byRid) {
      if (this.chars <= target) break;
      if (served.epoch === this.epoch) continue;
      this.byRid.delete(rid);
      this.chars -= served.text.length;
    }
    for (const [rid, served] of this.byRid) {
      if (this.chars <= target) break;
      this.byRid.delete(rid);
      this.chars -= served.text.length;
    }
    this.epoch += 1;
  }

  /** How many texts are kept (tests). */
  get size(): number {
    return this.byRid.size;
  }

  /** The collection changed. */
  forget(): void {
    this.byRid.clear();
    this.chars = 0;
  }
}
