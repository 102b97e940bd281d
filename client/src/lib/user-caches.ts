/**
 * Caches of the signed-in user's data kept outside the offline store (react-query's:
 * lib/query-area.tsx). The entry (main.tsx) empties them when the signed-in user changes, so that
 * a new user never sees the previous one's; a cache adds itself here when it is first made, so
 * that the entry does not load the library behind it.
 */
export const userCaches = new Set<{ clear(): void }>();

export function clearUserCaches(): void {
  for (const cache of userCaches) cache.clear();
}
