/**
 * The corpus must give the same stay dates whatever the server's timezone. process.env.TZ is not
 * reliably re-read by every date library once loaded, so each zone runs the corpus checker in a
 * child process started with TZ set (west of UTC with DST, UTC+14, and a +05:45 zone).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../src/integrations/ical/fixtures/corpus';

type Report = { timeZone: string; offsetMinutes: number; cases: number; failures: string[] };

function runCorpus(timeZone: string): Promise<{ code: number; report: Report | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(FIXTURES_DIR, 'check-corpus.ts')],
      { env: { ...process.env, TZ: timeZone }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const line = stdout.trim().split('\n').pop() ?? '';
        let report: Report | null;
        try {
          report = JSON.parse(line) as Report;
        } catch {
          report = null;
        }
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, report, stderr });
      },
    );
  });
}

describe('the corpus under other server timezones', () => {
  it('America/Los_Angeles, Pacific/Kiritimati and Asia/Kathmandu give the expected instances', { timeout: 90_000 }, async () => {
    const zones = [
      ['America/Los_Angeles', -480],
      ['Pacific/Kiritimati', 840],
      ['Asia/Kathmandu', 345],
    ] as const;
    const runs = await Promise.all(zones.map(([zone]) => runCorpus(zone)));
    runs.forEach((run, n) => {
      const [zone, offset] = zones[n] ?? ['', 0];
      expect(run.stderr.replace(/npm warn.*\n?/g, '')).toBe('');
      // The child really ran in that zone (its January offset; ICU may report an alias of the
      // name), and every case passed.
      expect(run.report, zone).toMatchObject({ offsetMinutes: offset, cases: 14 });
      expect(run.report?.failures).toEqual([]);
      expect(run.code).toBe(0);
    });
  });
});
