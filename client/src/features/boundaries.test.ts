/**
 * The features' boundaries: each folder here has an index.ts, and code outside a feature (routes,
 * the shell, other features) imports it only through that index, never one of its other files,
 * stylesheets included. A piece two features share lives in components/, lib/ or data/, or is
 * exported by the index of the feature that owns it. The one exception is SPLIT_ENTRIES: modules a
 * route imports directly so that its chunk (the sign-in screen above all, held to the first-screen
 * budget of scripts/bundle-plan.ts) does not take the whole feature.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FEATURES = path.dirname(fileURLToPath(import.meta.url));
const SRC = path.dirname(FEATURES);

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) && entry.name !== 'routeTree.gen.ts' ? [full] : [];
  });
}

/** The relative module paths a file imports (static, dynamic and side-effect imports). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)'(\.[^']*)'/gm)].map((m) => m[1] ?? '');
}

/** The feature a path is in, and the path inside it ('' for the folder itself). */
function featureOf(file: string): { feature: string; inside: string } | null {
  const relative = path.relative(FEATURES, file);
  if (relative.startsWith('..') || relative === '') return null;
  const [feature = '', ...rest] = relative.split(path.sep);
  return { feature, inside: rest.join('/') };
}

/**
 * Modules that are public besides their feature's index, for code splitting (feature/file, no
 * extension). The tasks' rules and write builders are also the service worker's (the badge count,
 * a notification's Start/Complete), which must not bundle the feature's screens and their catalogs.
 */
const SPLIT_ENTRIES = new Set(['two-step/ask', 'two-step/TotpCodeStep', 'two-step/TwoStepPrompt', 'admin/hosts-search', 'tasks/task-rules', 'tasks/mutations']);

const features = fs
  .readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('feature boundaries', () => {
  it('every feature folder has an index.ts', () => {
    expect(features.filter((feature) => !fs.existsSync(path.join(FEATURES, feature, 'index.ts')))).toEqual([]);
  });

  it('nothing reaches into another feature past its index', () => {
    const crossings: string[] = [];
    for (const file of filesUnder(SRC)) {
      const from = featureOf(file);
      for (const spec of importsOf(file)) {
        const target = featureOf(path.resolve(path.dirname(file), spec));
        if (!target || target.feature === from?.feature) continue;
        if (SPLIT_ENTRIES.has(`${target.feature}/${target.inside.replace(/\.tsx?$/, '')}`)) continue;
        if (target.inside !== '' && target.inside !== 'index') crossings.push(`${path.relative(SRC, file)} → ${spec}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
