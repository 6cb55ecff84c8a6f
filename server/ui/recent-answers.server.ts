/**
 * The answers for the last `max` keys seen, made once each: a page's documents repeat the same
 * few inputs for every request. An answer of null is not kept. When a new key would pass `max`,
 * the oldest is forgotten.
 */
export function recentAnswers<V>(max: number): (key: string, make: () => V | null) => V | null {
  const kept = new Map<string, V>();
  return (key, make) => {
    const known = kept.get(key);
    if (known !== undefined) return known;
    const made = make();
    if (made === null) return null;
    if (kept.size >= max) kept.delete(kept.keys().next().value!);
    kept.set(key, made);
    return made;
  };
}
