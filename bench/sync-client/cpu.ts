/**
 * CPU time of this process and of every process it started (Chromium and the Playwright driver),
 * from /proc: on a machine shared with other work, wall-clock figures stretch, and the CPU time
 * says what the work itself cost. Null where there is no /proc.
 */
import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

type Stat = { ppid: number; ticks: number };

function readStat(pid: string): Stat | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields are counted after its last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ppid) && Number.isFinite(ticks) ? { ppid, ticks } : null;
  } catch {
    return null;
  }
}

/** CPU milliseconds used so far by the descendants of this process (not this process itself). */
export function childrenCpuMs(): number | null {
  const byType = childrenCpuByType();
  return byType === null ? null : [...byType.values()].reduce((a, b) => a + b, 0);
}

/** Chromium's process type (`--type=renderer`, `gpu-process`, `utility`…), `browser` without one, else the command. */
function processType(pid: number): string {
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
    const type = args.find((a) => a.startsWith('--type='))?.slice('--type='.length);
    const sub = args.find((a) => a.startsWith('--utility-sub-type='))?.slice('--utility-sub-type='.length);
    if (type) return sub ? `${type} ${sub.replace(/^.*\./, '')}` : type;
    return /chrom/i.test(args[0] ?? '') ? 'browser' : (args[0]?.split('/').pop() ?? 'other');
  } catch {
    return 'gone';
  }
}

/**
 * CPU milliseconds used so far by the descendants of this process, per kind of process (Chromium's
 * browser, renderer, GPU and utility processes; the Playwright driver), or null without /proc.
 */
export type CpuByType = Map<string, number>;

export function childrenCpuByType(): CpuByType | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  const stats = new Map<number, Stat>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat) stats.set(Number(entry), stat);
  }
  const children = new Map<number, number[]>();
  for (const [pid, stat] of stats) {
    const list = children.get(stat.ppid);
    if (list) list.push(pid);
    else children.set(stat.ppid, [pid]);
  }
  const byType = new Map<string, number>();
  const queue = [...(children.get(process.pid) ?? [])];
  while (queue.length) {
    const pid = queue.pop() as number;
    const type = processType(pid);
    byType.set(type, (byType.get(type) ?? 0) + ((stats.get(pid)?.ticks ?? 0) / TICKS_PER_SECOND) * 1000);
    queue.push(...(children.get(pid) ?? []));
  }
  return byType;
}

/** What each kind of process used between two readings of childrenCpuByType, largest first. */
export function cpuByTypeSince(before: Map<string, number> | null, after: Map<string, number> | null): string {
  if (!before || !after) return 'n/a';
  return [...after]
    .map(([type, ms]) => [type, ms - (before.get(type) ?? 0)] as const)
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([type, ms]) => `${type} ${ms.toFixed(0)} ms`)
    .join(', ');
}

export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
