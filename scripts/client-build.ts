/**
 * Builds the client with Vite's JS API when dist/client is missing or older than its sources
 * (anything under client/ or shared/, vite.config.ts, or its plugins: compression, bundle plan). No typecheck here: `npm test` does that.
 * Shared by `npm start` and the browser-test runner.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** CLIENT_DIST moves the build (two people building at once on one tree need two folders). */
export const CLIENT_DIST_DIR = path.resolve(ROOT_DIR, process.env.CLIENT_DIST ?? 'dist/client');
const BUILD_MARKER = path.join(CLIENT_DIST_DIR, 'index.html');
const SOURCE_DIRS = ['client', 'shared'].map((d) => path.join(ROOT_DIR, d));
const SOURCE_FILES = ['vite.config.ts', 'scripts/vite-precompress.ts', 'scripts/vite-bundle-plan.ts', 'scripts/bundle-plan.ts'].map((f) => path.join(ROOT_DIR, f));

/** The newest modification time among the files of a folder (0 when it has none). */
function newestMtime(dir: string): number {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

/** Why a build is needed, or null when dist/client is up to date. */
export function clientBuildReason(): string | null {
  if (!fs.existsSync(BUILD_MARKER)) return 'no client build yet';
  const built = fs.statSync(BUILD_MARKER).mtimeMs;
  const newest = Math.max(...SOURCE_DIRS.map(newestMtime), ...SOURCE_FILES.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
  return newest > built ? 'client sources changed since the last build' : null;
}

/** Builds when needed; answers whether it built. */
export async function ensureClientBuilt(log: (line: string) => void = console.log): Promise<boolean> {
  const reason = clientBuildReason();
  if (!reason) return false;
  log(`Building the client (${reason})…`);
  const started = Date.now();
  const { build } = await import('vite');
  await build({ configFile: path.join(ROOT_DIR, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  log(`Client built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}
