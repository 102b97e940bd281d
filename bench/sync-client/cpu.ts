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
  let ticks = 0;
  const queue = [...(children.get(process.pid) ?? [])];
  while (queue.length) {
    const pid = queue.pop() as number;
    ticks += stats.get(pid)?.ticks ?? 0;
    queue.push(...(children.get(pid) ?? []));
  }
  return (ticks / TICKS_PER_SECOND) * 1000;
}

export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
