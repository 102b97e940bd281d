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
import { AREAS, budgetError, firstScreenJs, planBundle, type BuiltChunk, type BundlePlan } from './bundle-plan';

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
  modules: Record<string, { code: string | null }>;
  code: string;
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

/** Each dependency's code in the build (what tree-shaking kept), gzipped on its own: the largest first. */
function dependencyCosts(chunks: OutputChunkLike[]): { name: string; gzipBytes: number }[] {
  const code = new Map<string, string[]>();
  for (const chunk of chunks) {
    for (const [id, module] of Object.entries(chunk.modules)) {
      const name = packageOf(id);
      if (!name || !module.code) continue;
      code.set(name, [...(code.get(name) ?? []), module.code]);
    }
  }
  return [...code].map(([name, parts]) => ({ name, gzipBytes: gzipSize(parts.join('\n')) })).sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** Workbox's manifest transform (workbox-build's ManifestTransform, the part we use). */
type ManifestEntry = { url: string; revision: string | null; size: number };
type ManifestTransform = (entries: ManifestEntry[]) => { manifest: ManifestEntry[]; warnings: string[] };

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function bundlePlan(firstModules: readonly string[]): { plugin: Plugin; precacheFilter: ManifestTransform } {
  let plan: BundlePlan | null = null;
  const plugin: Plugin = {
    name: 'staykeep:bundle-plan',
    apply: 'build',
    generateBundle(_options, bundle) {
      const outputs = Object.values(bundle).filter((o): o is typeof o & OutputChunkLike => o.type === 'chunk');
      const chunks: BuiltChunk[] = outputs.map((o) => ({
        file: o.fileName,
        isEntry: o.isEntry,
        imports: o.imports,
        dynamicImports: o.dynamicImports,
        modules: o.moduleIds,
        css: [...(o.viteMetadata?.importedCss ?? [])],
        bytes: Buffer.byteLength(o.code),
        gzipBytes: gzipSize(o.code),
      }));
      const first = firstScreenJs(chunks);
      const over = budgetError(first, FIRST_SCREEN_BUDGET);
      if (over) this.error(over);
      plan = planBundle(chunks, firstModules);
      const urls = (files: string[]) => files.map((f) => `/${f}`);
      const areas = Object.fromEntries(AREAS.map((area) => [area, urls((plan as BundlePlan).areas[area])]));
      this.emitFile({ type: 'asset', fileName: ROLE_CHUNKS_FILE, source: `${JSON.stringify({ areas, onFirstUse: urls(plan.onFirstUse) })}\n` });
      const costs = dependencyCosts(outputs).slice(0, 12).map((c) => `${c.name} ${kb(c.gzipBytes)}`);
      this.info(`first screen: ${kb(first.gzipBytes)} of JavaScript gzipped (budget ${kb(FIRST_SCREEN_BUDGET)}), ${first.files.length} files`);
      this.info(`largest dependencies (gzipped): ${costs.join(', ')}`);
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
