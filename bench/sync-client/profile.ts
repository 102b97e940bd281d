/**
 * Where a page's main thread spends a span of time: the Chrome DevTools protocol `Profiler`
 * (sampling, every 250 µs) over the span, then self time per function and per source file,
 * mapped back to the sources with the build's hidden source maps (`<CLIENT_DIST>-sourcemaps/`,
 * scripts/vite-precompress.ts moves them there) when they are there. Used by the client sync
 * benchmark around the first sync (SYNC_BENCH_PROFILE=1).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame };
type Profile = { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[]; startTime: number; endTime: number };

export type ProfileEntry = { name: string; where: string; ms: number };
export type ProfileSummary = { totalMs: number; functions: ProfileEntry[]; files: ProfileEntry[] };

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** One segment of a source map line: generated column, source index, original line and column, name index. */
type Segment = [number, number, number, number, number | undefined];

type SourceMap = { sources: string[]; names: string[]; lines: Segment[][] };

/** The `mappings` of a source map (version 3: base64 VLQ, fields relative to the previous segment). */
function decodeMappings(mappings: string): Segment[][] {
  const lines: Segment[][] = [];
  let source = 0;
  let line = 0;
  let column = 0;
  let name = 0;
  for (const text of mappings.split(';')) {
    const segments: Segment[] = [];
    let generated = 0;
    for (const part of text.split(',')) {
      if (!part) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of part) {
        const digit = DIGIT.get(char) ?? 0;
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      generated += fields[0] ?? 0;
      if (fields.length < 4) continue;
      source += fields[1] ?? 0;
      line += fields[2] ?? 0;
      column += fields[3] ?? 0;
      let nameIndex: number | undefined;
      if (fields.length > 4) {
        name += fields[4] ?? 0;
        nameIndex = name;
      }
      segments.push([generated, source, line, column, nameIndex]);
    }
    lines.push(segments);
  }
  return lines;
}

function loadMap(file: string): SourceMap | null {
  try {
    const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as { sources: string[]; names: string[]; mappings: string };
    return { sources: raw.sources, names: raw.names, lines: decodeMappings(raw.mappings) };
  } catch {
    return null;
  }
}

/** Maps a script position to its source (`file:line`), with the original name when the map has one. */
function sourceMapper(mapsDir: string) {
  const maps = new Map<string, SourceMap | null>();
  return (frame: CallFrame): { where: string; name: string | null } => {
    const file = frame.url ? path.basename(new URL(frame.url, 'http://x/').pathname) : '';
    if (!file.endsWith('.js')) return { where: frame.url || '(native)', name: null };
    if (!maps.has(file)) maps.set(file, loadMap(path.join(mapsDir, 'assets', `${file}.map`)) ?? loadMap(path.join(mapsDir, `${file}.map`)));
    const map = maps.get(file);
    const segments = map?.lines[frame.lineNumber];
    if (!map || !segments?.length) return { where: `${file}:${frame.lineNumber + 1}`, name: null };
    let lo = 0;
    let hi = segments.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((segments[mid]?.[0] ?? 0) <= frame.columnNumber) lo = mid;
      else hi = mid - 1;
    }
    const segment = segments[lo] as Segment;
    const source = (map.sources[segment[1]] ?? file).replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '');
    return { where: `${source}:${segment[2] + 1}`, name: segment[4] === undefined ? null : (map.names[segment[4]] ?? null) };
  };
}

/** Starts sampling the page's main thread; the answered function stops and summarises. */
export async function startProfile(page: Page, mapsDir: string): Promise<() => Promise<ProfileSummary>> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    await cdp.detach();
    return summarise(profile, sourceMapper(mapsDir));
  };
}

function summarise(profile: Profile, map: ReturnType<typeof sourceMapper>): ProfileSummary {
  const byNode = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // A sample's time is the delta to the next sample (the last one has none).
  for (let i = 0; i < samples.length - 1; i += 1) byNode.set(samples[i] as number, (byNode.get(samples[i] as number) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  const functions = new Map<string, ProfileEntry>();
  const files = new Map<string, ProfileEntry>();
  for (const node of profile.nodes) {
    const ms = byNode.get(node.id) ?? 0;
    if (ms === 0) continue;
    const { where, name } = map(node.callFrame);
    const fn = name ?? (node.callFrame.functionName || '(anonymous)');
    const key = `${fn}@${where}`;
    const entry = functions.get(key) ?? { name: fn, where, ms: 0 };
    entry.ms += ms;
    functions.set(key, entry);
    const file = where.startsWith('(') || !where.includes(':') ? fn : where.replace(/:\d+$/, '');
    const fileEntry = files.get(file) ?? { name: file, where: '', ms: 0 };
    fileEntry.ms += ms;
    files.set(file, fileEntry);
  }
  const sorted = (m: Map<string, ProfileEntry>) => [...m.values()].sort((a, b) => b.ms - a.ms);
  return { totalMs: (profile.endTime - profile.startTime) / 1000, functions: sorted(functions), files: sorted(files) };
}

/** The top entries as lines to print. */
export function profileLines(summary: ProfileSummary, top = 15, whose = "the page's main thread"): string[] {
  const pct = (ms: number) => `${((ms / summary.totalMs) * 100).toFixed(1).padStart(5)} %`;
  const line = (e: ProfileEntry) => `     ${e.ms.toFixed(0).padStart(6)} ms ${pct(e.ms)}  ${e.name}${e.where ? `  ${e.where}` : ''}`;
  return [
    `   profile of ${whose} over ${summary.totalMs.toFixed(0)} ms (self time; Chrome DevTools protocol Profiler, 250 µs sampling)`,
    '   by source file:',
    ...summary.files.slice(0, top).map(line),
    '   by function:',
    ...summary.functions.slice(0, top).map(line),
  ];
}
