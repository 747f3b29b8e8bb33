// Randomized tests draw from a seeded generator (mulberry32): the same seed gives the same cases, so a
// failure can be replayed. Its low bits vary too (a float LCG's were all multiples of 4 in one test).

/** Unsigned 32-bit integers from `seed`. */
function mulberry32(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** Integers in [0, n). */
export function seededIntegers(seed: number): (n: number) => number {
  const next = mulberry32(seed);
  return (n) => next() % n;
}

/** Numbers in [0, 1). */
export function seededFloats(seed: number): () => number {
  const next = mulberry32(seed);
  return () => next() / 4294967296;
}
