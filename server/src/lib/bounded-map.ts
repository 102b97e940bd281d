/**
 * Process caches that must not grow without end (per actor, per token): a Map of at most `limit`
 * entries, where a new key pushes out the one set first.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, limit: number): V {
  if (map.size >= limit && !map.has(key)) map.delete(map.keys().next().value as K);
  map.set(key, value);
  return value;
}
