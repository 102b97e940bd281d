/**
 * A Vite plugin that reads the chunk graph of the client build (scripts/bundle-plan.ts does the
 * working out) and:
 * - fails the build when the JavaScript of the first screen (the entry, its static imports and
 *   the /login route) is over FIRST_SCREEN_BUDGET gzipped;
 * - writes `role-chunks.json` (each area's own files, as URLs), which the page reads after sign-in
 *   to cache its role's chunks (client/src/pwa/role-chunks.ts), and keeps those files out of the
 *   service worker's precache (`precacheFilter`, used by vite.config.ts);
 * - prints the first screen's weight and the largest dependencies, gzipped.
 */
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { AREAS, budgetError, firstScreenJs, firstScreenLibraries, mergedModules, planBundle, type Area, type BuiltChunk, type BundlePlan } from './bundle-plan';

/** The issue "Budgets": the first screen's JavaScript, gzipped. */
export const FIRST_SCREEN_BUDGET = 200 * 1024;
export const ROLE_CHUNKS_FILE = 'role-chunks.json';

type OutputChunkLike = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  moduleIds: readonly string[];
  code: string;
  map: { mappings: string; sources: string[] } | null;
  viteMetadata?: { importedCss: Set<string> };
};

function gzipSize(text: string): number {
  return zlib.gzipSync(text, { level: zlib.constants.Z_BEST_COMPRESSION }).length;
}

/** The package a module id comes from (`@scope/name` or `name`), or null for our own code. */
export function packageOf(id: string): string | null {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id.split('?')[0]);
  return match ? match[1] : null;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The numbers of one source-map segment (base64 VLQ). */
function decodeSegment(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    out.push(value & 1 ? -(value >> 1) : value >> 1);
    value = 0;
    shift = 0;
  }
  return out;
}

/** Minified bytes of a chunk per package, from its source map (each segment's columns go to its source's package). */
function bytesByPackage(code: string, map: { mappings: string; sources: string[] }): Map<string, number> {
  const lines = code.split('\n');
  const bytes = new Map<string, number>();
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    const segments = line.split(',').filter(Boolean).map(decodeSegment);
    let column = 0;
    segments.forEach((segment, i) => {
      column += segment[0] ?? 0;
      if (segment.length > 1) source += segment[1] ?? 0;
      const next = i + 1 < segments.length ? column + (segments[i + 1]?.[0] ?? 0) : (lines[index]?.length ?? column);
      const name = packageOf(map.sources[source] ?? '') ?? '(our code)';
      bytes.set(name, (bytes.get(name) ?? 0) + next - column);
    });
  });
  return bytes;
}

/**
 * What each dependency costs in the build, gzipped: its minified bytes in each chunk (from the
 * source maps) times that chunk's gzip ratio. The largest first.
 */
function dependencyCosts(chunks: OutputChunkLike[]): { name: string; gzipBytes: number }[] {
  const costs = new Map<string, number>();
  for (const chunk of chunks) {
    if (!chunk.map || chunk.code.length === 0) continue;
    const ratio = gzipSize(chunk.code) / chunk.code.length;
    for (const [name, bytes] of bytesByPackage(chunk.code, chunk.map)) costs.set(name, (costs.get(name) ?? 0) + bytes * ratio);
  }
  return [...costs].map(([name, gzipBytes]) => ({ name, gzipBytes })).sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** Workbox's manifest transform (workbox-build's ManifestTransform, the part we use). */
type ManifestEntry = { url: string; revision: string | null; size: number };
type ManifestTransform = (entries: ManifestEntry[]) => { manifest: ManifestEntry[]; warnings: string[] };

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** A bundle's chunks as the plan reads them; `sizes` false skips the gzip sizes (0), which only the budget needs. */
function builtChunks(outputs: readonly { type: string; fileName: string }[], sizes: boolean): BuiltChunk[] {
  const names = new Set(outputs.map((o) => o.fileName));
  const exists = (file: string) => names.has(file);
  return outputs
    .filter((o): o is typeof o & OutputChunkLike => o.type === 'chunk')
    .map((o) => ({
      file: o.fileName,
      isEntry: o.isEntry,
      imports: o.imports.filter(exists),
      dynamicImports: o.dynamicImports.filter(exists),
      modules: o.moduleIds,
      css: [...(o.viteMetadata?.importedCss ?? [])].filter(exists),
      bytes: Buffer.byteLength(o.code),
      gzipBytes: sizes ? gzipSize(o.code) : 0,
    }));
}

/** Set in the environment while the first pass of mergeChunks runs: vite.config.ts leaves out what writes files. */
export const PLAN_PASS_ENV = 'STAYKEEP_CHUNK_PLAN_PASS';

/**
 * Fewer, larger files (scripts/bundle-plan.ts `mergedModules` says which and why). The bundler
 * cannot know beforehand which chunks it will make, so a first pass of the same build (not
 * written, about half the build's time) finds them, and this build puts each group's modules into
 * one file. A group's modules keep the imports they had: every file a group's chunks imported is
 * in the first screen's files or in the group, so no file is loaded earlier than before.
 */
export function mergeChunks(
  configFile: string,
  firstModules: readonly string[],
  areaModules: Partial<Record<Area, readonly string[]>>,
  wholeAreas: readonly Area[],
  signedInModules: readonly string[] = [],
): Plugin {
  return {
    name: 'staykeep:merge-chunks',
    apply: 'build',
    async config(_config, env) {
      if (process.env[PLAN_PASS_ENV]) return;
      process.env[PLAN_PASS_ENV] = '1';
      let groups: Record<string, string[]>;
      try {
        const { build } = await import('vite');
        const result = await build({ configFile, mode: env.mode, logLevel: 'silent', build: { write: false, sourcemap: false } });
        const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
        groups = mergedModules(builtChunks(outputs, false), firstModules, areaModules, wholeAreas, signedInModules);
      } finally {
        delete process.env[PLAN_PASS_ENV];
      }
      const byModule = new Map<string, string>();
      for (const [name, ids] of Object.entries(groups)) for (const id of ids) byModule.set(id, name);
      return {
        build: {
          rolldownOptions: {
            // Each group exactly as listed: its modules' imports are already where they belong.
            output: { codeSplitting: { groups: [{ name: (id: string) => byModule.get(id) ?? null, includeDependenciesRecursively: false }] } },
          },
        },
      };
    },
  };
}

export function bundlePlan(firstModules: readonly string[], areaModules: Partial<Record<Area, readonly string[]>> = {}): { plugin: Plugin; precacheFilter: ManifestTransform } {
  let plan: BundlePlan | null = null;
  const plugin: Plugin = {
    name: 'staykeep:bundle-plan',
    apply: 'build',
    // After Vite's own hooks, which drop the chunks that held only CSS: the list names files that exist.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const outputs = Object.values(bundle).filter((o): o is typeof o & OutputChunkLike => o.type === 'chunk');
        const chunks = builtChunks(Object.values(bundle), true);
        const first = firstScreenJs(chunks);
        const over = budgetError(first, FIRST_SCREEN_BUDGET) ?? firstScreenLibraries(chunks, first);
        if (over) this.error(over);
        plan = planBundle(chunks, firstModules, areaModules);
        const urls = (files: string[]) => files.map((f) => `/${f}`);
        const areas = Object.fromEntries(AREAS.map((area) => [area, urls((plan as BundlePlan).areas[area])]));
        this.emitFile({ type: 'asset', fileName: ROLE_CHUNKS_FILE, source: `${JSON.stringify({ areas, onFirstUse: urls(plan.onFirstUse) })}\n` });
        const costs = dependencyCosts(outputs).filter((c) => c.name !== '(our code)').slice(0, 12).map((c) => `${c.name} ${kb(c.gzipBytes)}`);
        this.info(`first screen: ${kb(first.gzipBytes)} of JavaScript gzipped (budget ${kb(FIRST_SCREEN_BUDGET)}), ${first.files.length} files`);
        this.info(`largest dependencies (gzipped): ${costs.join(', ')}`);
      },
    },
  };
  // The service worker's precache: the shell only; each area's own files are cached after sign-in.
  const precacheFilter: ManifestTransform = (entries) => {
    if (!plan) return { manifest: entries, warnings: ['The bundle plan was not made: every file is precached.'] };
    const later = new Set([...AREAS.flatMap((area) => (plan as BundlePlan).areas[area]), ...plan.onFirstUse]);
    return { manifest: entries.filter((entry) => !later.has(entry.url)), warnings: [] };
  };
  return { plugin, precacheFilter };
}
