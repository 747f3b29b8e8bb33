// Which documents a view store that started empty (a rebuild's dropped views) may hold: a Bloom filter
// over the `<collection, _id>` written since. "No" is certain, so the page buffer knows a new document
// (and its tombstone) is absent without asking the store: otherwise a rebuild asks the store about every
// new document twice, and each answer is "nothing". "Maybe" asks the store. Fixed size: 4 MB
// whatever the number of documents; past a few million the false "maybe"s only cost the lookups again.

/** Bits of the filter (a power of two). */
const BITS = 1 << 25;
/** Bits set per id. */
const PROBES = 4;

export interface WrittenIds {
  add(collection: string, id: string): void;
  /** False only when no document with this id was added to the collection. */
  mayHold(collection: string, id: string): boolean;
}

export function writtenIds(bits = BITS): WrittenIds {
  const words = new Int32Array(bits >>> 5);
  const mask = bits - 1;
  let first = 0;
  let second = 0;
  /** Two independent 32-bit hashes of the pair (FNV-1a and a multiply-xor), into `first` and `second`. */
  function hash(collection: string, id: string): void {
    let a = 0x811c9dc5;
    let b = 0x9747b28c;
    for (let index = 0; index < collection.length; index++) {
      const code = collection.charCodeAt(index);
      a = Math.imul(a ^ code, 0x01000193);
      b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 15);
    }
    a = Math.imul(a ^ 0xffff, 0x01000193); // between the two: ('ab', 'c') is not ('a', 'bc')
    for (let index = 0; index < id.length; index++) {
      const code = id.charCodeAt(index);
      a = Math.imul(a ^ code, 0x01000193);
      b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 15);
    }
    first = a;
    second = Math.imul(b ^ (b >>> 13), 0xc2b2ae35) | 1;
  }
  // Collections with nothing added: "no" without hashing (a rebuild asks for the tombstone of every new
  // document, and most collections never have one).
  const added = new Set<string>();
  return {
    add(collection, id) {
      added.add(collection);
      hash(collection, id);
      for (let probe = 0; probe < PROBES; probe++) {
        const bit = (first + probe * second) & mask;
        words[bit >>> 5]! |= 1 << (bit & 31);
      }
    },
    mayHold(collection, id) {
      if (!added.has(collection)) return false;
      hash(collection, id);
      for (let probe = 0; probe < PROBES; probe++) {
        const bit = (first + probe * second) & mask;
        if ((words[bit >>> 5]! & (1 << (bit & 31))) === 0) return false;
      }
      return true;
    },
  };
}
