/**
 * `build` with its answer kept per key: the first call for a key builds it, later calls return
 * the same value. Rules whose finding depends only on a class, an action or a registry status
 * build it for the first candidate and share it (frozen) with the next million, so ranking does
 * not allocate a finding and its text per candidate. Past `limit` keys (free text, say) it
 * builds each answer afresh rather than grow.
 */
export function memoByKey<K, V>(build: (key: K) => V, limit = 1_000): (key: K) => V {
  const answers = new Map<K, V>();
  return (key) => {
    const known = answers.get(key);
    if (known !== undefined || answers.has(key)) return known as V;
    const answer = build(key);
    if (answer !== null && typeof answer === 'object') Object.freeze(answer);
    if (answers.size < limit) answers.set(key, answer);
    return answer;
  };
}
