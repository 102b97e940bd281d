/**
 * Each role downloads its own code. The service worker precaches the shell only (the entry, the
 * sign-in page, the sync runtime, what every area uses); the build lists each area's own files in
 * `/role-chunks.json` (scripts/vite-bundle-plan.ts). After sign-in the page caches its area's list
 * here, so that every page of the role opens offline; the service worker answers `/assets/` files
 * outside the precache from this cache, else from the network, keeping them for next time
 * (client/src/sw.ts). File names carry their content's hash: a cached file never goes stale, and
 * files of older builds are dropped here.
 */
import type { Area } from '../auth/session';

export const ROLE_CHUNKS_CACHE = 'staykeep-role-chunks';
export const ROLE_CHUNKS_URL = '/role-chunks.json';

/** The build's hashed files (JavaScript, CSS): what the role cache holds. */
export function isBuiltAsset(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/assets/');
}

export type RoleChunks = { areas: Record<Area, string[]>; onFirstUse: string[] };

function isUrlList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string' && v.startsWith('/assets/'));
}

/** The build's list, checked (null when it is not one). */
export function parseRoleChunks(value: unknown): RoleChunks | null {
  if (typeof value !== 'object' || value === null || !('areas' in value) || !('onFirstUse' in value)) return null;
  const { areas, onFirstUse } = value;
  if (typeof areas !== 'object' || areas === null || !isUrlList(onFirstUse)) return null;
  const byArea = areas as Record<string, unknown>;
  if (!isUrlList(byArea.admin) || !isUrlList(byArea.host) || !isUrlList(byArea.staff)) return null;
  return { areas: { admin: byArea.admin, host: byArea.host, staff: byArea.staff }, onFirstUse };
}

export type RoleChunkDeps = { caches: CacheStorage; fetch: typeof fetch };

/**
 * Caches the files of `area` that the cache lacks and drops the files no list of this build
 * names (older builds). Answers how many files it added and removed; null without Cache Storage
 * or the list (offline with no service worker: nothing to do).
 */
export async function cacheRoleChunks(area: Area, deps: Partial<RoleChunkDeps> = globalThis): Promise<{ added: number; removed: number } | null> {
  if (!deps.caches || !deps.fetch) return null;
  let list: RoleChunks | null;
  try {
    const response = await deps.fetch(ROLE_CHUNKS_URL);
    list = response.ok ? parseRoleChunks(await response.json()) : null;
  } catch {
    return null;
  }
  if (!list) return null;
  const cache = await deps.caches.open(ROLE_CHUNKS_CACHE);
  const current = new Set([...Object.values(list.areas).flat(), ...list.onFirstUse]);
  let removed = 0;
  for (const request of await cache.keys()) {
    if (current.has(new URL(request.url).pathname)) continue;
    await cache.delete(request);
    removed += 1;
  }
  const missing: string[] = [];
  for (const url of list.areas[area]) if (!(await cache.match(url))) missing.push(url);
  await cache.addAll(missing);
  return { added: missing.length, removed };
}
