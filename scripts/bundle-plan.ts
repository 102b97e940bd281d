/**
 * What the built client is made of, worked out from Rollup's chunk graph (scripts/vite-bundle-plan.ts
 * feeds it): which chunks every visitor needs (the shell: the entry, what it imports, the public
 * pages such as /login), which chunks only one area needs (admin, host, staff: their pages, charts,
 * what they alone import), and what the first screen costs in gzipped JavaScript. Pure functions,
 * so that the budget and the plan are unit-tested on small fixtures (scripts/bundle-plan.test.ts).
 */

export const AREAS = ['admin', 'host', 'staff'] as const;
export type Area = (typeof AREAS)[number];

/** One JavaScript chunk of the build, as the plan needs it. */
export type BuiltChunk = {
  /** Path inside the output folder, e.g. `assets/index-abc.js`. */
  file: string;
  isEntry: boolean;
  /** Files of the chunks it imports statically (loaded with it) and dynamically (loaded on demand). */
  imports: readonly string[];
  dynamicImports: readonly string[];
  /** Ids of the source modules in it. */
  modules: readonly string[];
  /** CSS files it brings with it. */
  css: readonly string[];
  bytes: number;
  gzipBytes: number;
};

/**
 * The plan. `precache`: what the service worker installs for everyone (the shell: the entry, the
 * first modules and what they import, the chunks every area uses). `areas`: each area's own files,
 * cached by a device after its role signs in. `onFirstUse`: the rest (other public pages, the demo
 * data, two-step setup), cached by the service worker the first time they are loaded.
 */
export type BundlePlan = {
  precache: string[];
  areas: Record<Area, string[]>;
  onFirstUse: string[];
};

const ROUTE_DIR = '/client/src/routes/';

/** The area whose route module this is (`routes/_staff.tsx`, `routes/_staff/…`), or null for a public route. */
export function areaOfModule(id: string): Area | null {
  const at = id.indexOf(ROUTE_DIR);
  if (at < 0) return null;
  const match = /^_(admin|host|staff)(\/|\.tsx)/.exec(id.slice(at + ROUTE_DIR.length));
  return match ? (match[1] as Area) : null;
}

function holds(chunk: BuiltChunk, moduleSuffix: string): boolean {
  return chunk.modules.some((id) => id.split('?')[0].endsWith(moduleSuffix));
}

/** The chunk files loaded with `roots` before any of their code runs (static imports only). */
export function staticClosure(chunks: readonly BuiltChunk[], roots: Iterable<string>): Set<string> {
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(byFile.get(file)?.imports ?? []));
  }
  return seen;
}

/** The entry, the chunks holding `firstModules`, and everything they import statically. */
function firstFiles(chunks: readonly BuiltChunk[], firstModules: readonly string[]): Set<string> {
  const roots = chunks.filter((c) => c.isEntry || firstModules.some((m) => holds(c, m))).map((c) => c.file);
  return staticClosure(chunks, roots);
}

function withCss(chunks: readonly BuiltChunk[], files: Set<string>): string[] {
  const out = new Set<string>();
  for (const chunk of chunks) {
    if (!files.has(chunk.file)) continue;
    out.add(chunk.file);
    for (const css of chunk.css) out.add(css);
  }
  return [...out].sort();
}

/**
 * `firstModules`: the modules (path suffixes) every visitor needs at once besides the entry, such
 * as the sign-in page and the sync runtime. An area's page chunks are the split chunks of its
 * route modules (the entry holds every route's definition, not its page), with the chunks of the
 * modules `areaModules` gives it (path suffixes: an area's message catalogs, which the entry loads
 * on demand and no route imports).
 */
export function planBundle(chunks: readonly BuiltChunk[], firstModules: readonly string[], areaModules: Partial<Record<Area, readonly string[]>> = {}): BundlePlan {
  const first = firstFiles(chunks, firstModules);
  // What an area's pages need to open (their chunks and what those import). What a page loads
  // later, on demand (a setup dialog's library), is cached on first use.
  const needs = AREAS.map((area) => {
    const own = areaModules[area] ?? [];
    const roots = chunks.filter((c) => !c.isEntry && (c.modules.some((id) => areaOfModule(id) === area) || own.some((m) => holds(c, m)))).map((c) => c.file);
    return new Set([...staticClosure(chunks, roots)].filter((f) => !first.has(f)));
  });
  // What every area uses is precached too (the app's frame: layout, navigation, common widgets).
  const everyArea = new Set([...needs[0]].filter((f) => needs.every((n) => n.has(f))));
  const precache = new Set([...first, ...everyArea]);
  const precacheFiles = withCss(chunks, precache);
  const inPrecache = new Set(precacheFiles);
  const areas = Object.fromEntries(AREAS.map((area, i) => [area, withCss(chunks, needs[i]).filter((f) => !inPrecache.has(f))])) as Record<Area, string[]>;
  const attributed = new Set([...precacheFiles, ...AREAS.flatMap((a) => areas[a])]);
  const onFirstUse = withCss(chunks, new Set(chunks.map((c) => c.file))).filter((f) => !attributed.has(f));
  return { precache: precacheFiles, areas, onFirstUse };
}

export type FirstScreen = { files: string[]; gzipBytes: number };

/**
 * The JavaScript a first visit needs before the sign-in screen shows: the entry with its static
 * imports, and the chunks of the `/login` route with theirs.
 */
export function firstScreenJs(chunks: readonly BuiltChunk[], firstRoute = '/client/src/routes/login.tsx'): FirstScreen {
  const roots = chunks.filter((c) => c.isEntry || (!c.isEntry && c.modules.some((id) => id.split('?')[0].endsWith(firstRoute)))).map((c) => c.file);
  const files = staticClosure(chunks, roots);
  const gzipBytes = chunks.filter((c) => files.has(c.file)).reduce((n, c) => n + c.gzipBytes, 0);
  return { files: [...files].sort(), gzipBytes };
}

/** The budget's verdict: null when within it, else the message that fails the build. */
export function budgetError(first: FirstScreen, limitBytes: number): string | null {
  if (first.gzipBytes <= limitBytes) return null;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return `The JavaScript of the first screen is ${kb(first.gzipBytes)} gzipped, over the budget of ${kb(limitBytes)} (${first.files.join(', ')}). Split what /login does not show into lazy chunks (see README, "Budgets").`;
}

/** Libraries the sign-in screen never runs: the offline store, the schemas, the cache of online reads. */
export const NOT_ON_FIRST_SCREEN = ['dexie', 'zod', '@tanstack/query-core', '@tanstack/react-query'] as const;

/** The verdict on the first screen's libraries: null when it loads none of `packages`, else the message that fails the build. */
export function firstScreenLibraries(chunks: readonly BuiltChunk[], first: FirstScreen, packages: readonly string[] = NOT_ON_FIRST_SCREEN): string | null {
  const files = new Set(first.files);
  const found = new Set<string>();
  for (const chunk of chunks) {
    if (!files.has(chunk.file)) continue;
    for (const id of chunk.modules) for (const name of packages) if (id.includes(`/node_modules/${name}/`)) found.add(`${name} (${chunk.file})`);
  }
  if (found.size === 0) return null;
  return `The first screen loads ${[...found].sort().join(', ')}, which /login does not use. Import it from a lazy chunk (docs/architecture.md, "A light first screen").`;
}

/**
 * The modules to merge into fewer, larger files, worked out from a build's chunks (a first pass of
 * the same build, scripts/vite-bundle-plan.ts): the bundler makes a chunk per set of pages that
 * share code, dozens of 1 to 5 KB files, and over HTTP/1.1 (six connections per origin) a staff
 * page's 40 of them cost a phone seven round trips before the page shows. Even from the service
 * worker's cache each file costs the page's main thread its own preload link, fetch and compile.
 * - `signed-in`: what `signedInModules` (path suffixes: the stored session, the sync runtime, its
 *   after-sync watcher) import besides the first screen, which a signed-in start loads all of
 *   before its first screen (precached for everyone, like them). What the first screen's other
 *   lazy work (the worker's registration, a language's catalogs) or a public page that needs no
 *   offline store (sign-up, password reset) also imports stays apart: neither may bring the store
 *   and the sync with it;
 * - `areas`: the chunks every area needs and the first screen does not (the signed-in frame, its
 *   widgets): precached for everyone, so one file of them costs no device more bytes;
 * - `area-<area>`: the chunks only that area needs, for the areas given (small areas only: each page
 *   of it then comes with the others), and `areas-<a>-<b>`: the chunks such an area shares with the
 *   same other areas (every area's are in `areas`). Message catalogs stay apart, one file per
 *   language.
 */
export function mergedModules(
  chunks: readonly BuiltChunk[],
  firstModules: readonly string[],
  areaModules: Partial<Record<Area, readonly string[]>>,
  wholeAreas: readonly Area[],
  signedInModules: readonly string[] = [],
): Record<string, string[]> {
  const plan = planBundle(chunks, firstModules, areaModules);
  const first = firstFiles(chunks, firstModules);
  const isCatalog = (c: BuiltChunk) => c.modules.some((id) => id.includes('i18n-catalog'));
  const modulesOf = (files: Iterable<string>) => {
    const wanted = new Set(files);
    return chunks.filter((c) => wanted.has(c.file) && !c.isEntry && !isCatalog(c)).flatMap((c) => c.modules);
  };
  const groups: Record<string, string[]> = {};
  if (signedInModules.length > 0) {
    const holding = (suffixes: readonly string[]) => chunks.filter((c) => !c.isEntry && suffixes.some((m) => holds(c, m))).map((c) => c.file);
    // A public page that loads the store anyway (the demo) may load it in one file too.
    const store = new Set(chunks.filter((c) => c.modules.some((id) => id.includes('/node_modules/dexie/'))).map((c) => c.file));
    const lightPages = plan.onFirstUse.filter((f) => ![...staticClosure(chunks, [f])].some((x) => store.has(x)));
    const apart = new Set([
      ...firstScreenJs(chunks).files,
      ...staticClosure(chunks, holding(firstModules.filter((m) => !signedInModules.includes(m)))),
      ...staticClosure(chunks, lightPages),
    ]);
    const signedIn = [...staticClosure(chunks, holding(signedInModules))].filter((f) => first.has(f) && !apart.has(f));
    groups['signed-in'] = modulesOf(signedIn);
  }
  groups.areas = modulesOf(plan.precache.filter((f) => !first.has(f)));
  // A file two areas share stays out of either's own file: in one area's file the other area would
  // download it all. The files a whole area shares with the same other area go into one file of
  // their own (the staff's task dialog and texts, which the host's housekeeping shows too).
  const sharers = (f: string) => AREAS.filter((a) => plan.areas[a].includes(f));
  const shared = new Map<string, Set<string>>();
  for (const area of wholeAreas) {
    groups[`area-${area}`] = modulesOf(plan.areas[area].filter((f) => sharers(f).length === 1));
    for (const f of plan.areas[area]) {
      const by = sharers(f);
      if (by.length < 2) continue;
      const name = `areas-${by.join('-')}`;
      shared.set(name, (shared.get(name) ?? new Set()).add(f));
    }
  }
  // A lone shared file (with its stylesheet) stays as it is.
  for (const [name, files] of shared) if (chunks.filter((c) => files.has(c.file)).length > 1) groups[name] = modulesOf(files);
  return groups;
}
