/**
 * Two Vite plugins that keep what the client never runs of zod out of its chunks (each plugin is
 * made once per build: vite-plugin-pwa asks that the page's and the service worker's builds do
 * not share plugin objects).
 *
 * - `drizzleZodNamespace`: drizzle-zod (shared/schema/entities.ts) imports zod's whole namespace
 *   and passes it around as a value, which keeps everything it names (every locale, JSON Schema
 *   both ways, the schema compiler); its `zod/v4` import is answered with
 *   client/src/lib/zod-for-drizzle.ts, the builders it calls.
 * - `zodWithoutJsonSchema`: every zod schema carries its JSON Schema conversion (classic
 *   `schemas.js` imports the processors and the `toJSONSchema` factories); the browser never
 *   converts a schema (the server's OpenAPI description does), so for the client those two modules
 *   are stubs with the same exports that throw when called. Built from the real module's export
 *   list, so an upgrade of zod that adds a processor is stubbed too.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export function drizzleZodNamespace(shim: string): Plugin {
  return {
    name: 'staykeep:drizzle-zod-namespace',
    enforce: 'pre',
    resolveId: (source, importer) => (source === 'zod/v4' && importer?.includes('/node_modules/drizzle-zod/') ? shim : null),
  };
}

const STUB_PREFIX = '\0zod-without-json-schema:';
const STUBBED = ['../core/json-schema-processors.js', '../core/to-json-schema.js'];

/** The names a module exports (`export function|const|class name`, `export { a as b }`). */
export function exportedNames(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/^export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([A-Za-z_$][\w$]*)/gm)) names.add(match[1] ?? '');
  for (const match of source.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const part of (match[1] ?? '').split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop()?.trim();
      if (name) names.add(name);
    }
  }
  return [...names].filter(Boolean).sort();
}

/**
 * A module with `names` as exports, each a factory whose product throws: a schema's `~standard`
 * (which makes its JSON Schema methods when read) still works, converting one throws.
 */
export function stubModule(names: readonly string[]): string {
  const lines = [
    "const unavailable = () => () => { throw new Error('JSON Schema conversion is not part of the client build (scripts/vite-zod-trim.ts)'); };",
    ...names.map((name) => `export const ${name} = unavailable;`),
  ];
  return `${lines.join('\n')}\n`;
}

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'staykeep:zod-without-json-schema',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !STUBBED.includes(source)) return null;
      if (!/[/\\]zod[/\\]v4[/\\]classic[/\\]schemas\.js$/.test(importer.split('?')[0] ?? '')) return null;
      return `${STUB_PREFIX}${path.resolve(path.dirname(importer), source)}`;
    },
    load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      return stubModule(exportedNames(fs.readFileSync(id.slice(STUB_PREFIX.length), 'utf8')));
    },
  };
}
