/**
 * A pure function of a text, kept per text: the results of the texts asked for least recently go first
 * once the texts and results kept hold more than `maxCharacters` together (a text whose own size is
 * more is worked out each time and not kept).
 */
export function keptPerText(transform: (text: string) => string, maxCharacters: number): (text: string) => string {
  const kept = new Map<string, string>();
  let characters = 0;
  return (text) => {
    const known = kept.get(text);
    if (known !== undefined) {
      // Asked for again: the last to go.
      kept.delete(text);
      kept.set(text, known);
      return known;
    }
    const result = transform(text);
    const size = text.length + result.length;
    if (size > maxCharacters) return result;
    for (const [oldest, value] of kept) {
      if (characters + size <= maxCharacters) break;
      kept.delete(oldest);
      characters -= oldest.length + value.length;
    }
    kept.set(text, result);
    characters += size;
    return result;
  };
}
