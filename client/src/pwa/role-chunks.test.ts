import { describe, expect, it } from 'vitest';
import { ROLE_CHUNKS_CACHE, ROLE_CHUNKS_URL, cacheRoleChunks, isBuiltAsset, parseRoleChunks, type RoleChunks } from './role-chunks';

const ORIGIN = 'https://app.example';

/** Cache Storage in memory: what cacheRoleChunks uses of it, keyed by absolute URL. */
function memoryCaches(fetched: string[]) {
  const stores = new Map<string, Map<string, Response>>();
  const absolute = (url: string) => new URL(url, ORIGIN).href;
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      keys: async () => [...store.keys()].map((url) => new Request(url)),
      match: async (url: string) => store.get(absolute(url)),
      delete: async (request: Request) => store.delete(request.url),
      addAll: async (urls: string[]) => {
        for (const url of urls) {
          fetched.push(url);
          store.set(absolute(url), new Response(`/* ${url} */`));
        }
      },
    };
  };
  return { caches: { open } as unknown as CacheStorage, stores };
}

function listFetch(list: unknown, status = 200): typeof fetch {
  return (async (url: string) => {
    expect(url).toBe(ROLE_CHUNKS_URL);
    return new Response(JSON.stringify(list), { status });
  }) as typeof fetch;
}

const LIST: RoleChunks = {
  areas: { staff: ['/assets/staff.tasks-a.js', '/assets/staff-a.css'], host: ['/assets/host.finances-a.js', '/assets/charts-a.js'], admin: ['/assets/admin.hosts-a.js', '/assets/charts-a.js'] },
  onFirstUse: ['/assets/qrcode-a.js'],
};

describe('cacheRoleChunks', () => {
  it("caches the area's files only, and only those the cache lacks", async () => {
    const fetched: string[] = [];
    const { caches, stores } = memoryCaches(fetched);
    expect(await cacheRoleChunks('staff', { caches, fetch: listFetch(LIST) })).toEqual({ added: 2, removed: 0 });
    expect(fetched).toEqual(['/assets/staff.tasks-a.js', '/assets/staff-a.css']);
    expect([...(stores.get(ROLE_CHUNKS_CACHE)?.keys() ?? [])]).toEqual([`${ORIGIN}/assets/staff.tasks-a.js`, `${ORIGIN}/assets/staff-a.css`]);
    expect(await cacheRoleChunks('staff', { caches, fetch: listFetch(LIST) })).toEqual({ added: 0, removed: 0 });
    expect(fetched).toHaveLength(2);
  });

  it("drops the files of older builds, keeping other areas' and first-use files of this one", async () => {
    const fetched: string[] = [];
    const { caches, stores } = memoryCaches(fetched);
    const cache = await caches.open(ROLE_CHUNKS_CACHE);
    await cache.addAll(['/assets/staff.tasks-OLD.js', '/assets/charts-a.js', '/assets/qrcode-a.js']);
    expect(await cacheRoleChunks('staff', { caches, fetch: listFetch(LIST) })).toEqual({ added: 2, removed: 1 });
    expect([...(stores.get(ROLE_CHUNKS_CACHE)?.keys() ?? [])].sort()).toEqual(
      ['/assets/charts-a.js', '/assets/qrcode-a.js', '/assets/staff-a.css', '/assets/staff.tasks-a.js'].map((p) => `${ORIGIN}${p}`),
    );
  });

  it('does nothing without Cache Storage, without the list (offline), or with a list that is not one', async () => {
    const { caches, stores } = memoryCaches([]);
    expect(await cacheRoleChunks('host', { fetch: listFetch(LIST) })).toBeNull();
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await cacheRoleChunks('host', { caches, fetch: offline })).toBeNull();
    expect(await cacheRoleChunks('host', { caches, fetch: listFetch(LIST, 404) })).toBeNull();
    expect(await cacheRoleChunks('host', { caches, fetch: listFetch({ areas: { host: ['https://elsewhere.example/x.js'] }, onFirstUse: [] }) })).toBeNull();
    expect(stores.size).toBe(0);
  });
});

describe('parseRoleChunks and isBuiltAsset', () => {
  it('accepts the build’s list and refuses anything else', () => {
    expect(parseRoleChunks(LIST)).toEqual(LIST);
    expect(parseRoleChunks({ areas: LIST.areas })).toBeNull();
    expect(parseRoleChunks({ ...LIST, areas: { ...LIST.areas, staff: 'x' } })).toBeNull();
    expect(parseRoleChunks(null)).toBeNull();
  });

  it('tells the build’s hashed files from the rest', () => {
    expect(isBuiltAsset(new URL(`${ORIGIN}/assets/index-a.js`), ORIGIN)).toBe(true);
    expect(isBuiltAsset(new URL(`${ORIGIN}/uploads/photo.jpg`), ORIGIN)).toBe(false);
    expect(isBuiltAsset(new URL('https://cdn.example/assets/x.js'), ORIGIN)).toBe(false);
  });
});
