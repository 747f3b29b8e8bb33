// A map that holds at most `capacity` entries and lets the least recently used go first: the memory of
// the process's caches (folded streams, parsed answers, verified tokens, ...) stays bounded however
// many keys go by. A Map keeps its keys in insertion order, so using an entry moves it to the end and
// the first key is always the one to let go.

export class LeastRecentlyUsed<K, V> {
  readonly #entries = new Map<K, V>();
  readonly capacity: number;

  constructor(capacity: number) {
    if (!(capacity >= 1)) throw new RangeError(`a capacity of at least 1, not ${capacity}`);
    this.capacity = capacity;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value of `key`, now the most recently used; undefined if none. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined || this.#entries.has(key)) {
      this.#entries.delete(key);
      this.#entries.set(key, value as V);
    }
    return value;
  }

  /** The value of `key`, leaving its place as it is. */
  peek(key: K): V | undefined {
    return this.#entries.get(key);
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /** Keeps `value` as the most recently used; the least recently used goes once more than `capacity` are held. */
  set(key: K, value: V): this {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value as K);
    return this;
  }

  delete(key: K): boolean {
    return this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}
