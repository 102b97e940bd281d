/**
 * A second process that keeps one core busy, for the benchmarks whose goals must also hold when
 * the server shares the machine (issue 18: booking create, sync push). A plain Node child that
 * computes without pause until it is stopped; the benchmark that starts it says so in its output.
 */
import { spawn } from 'node:child_process';

const BUSY = `let x = 0; for (;;) { for (let i = 0; i < 1e6; i += 1) x = (x * 31 + i) % 1000003; }`;

export type CpuLoad = { pid: number; stop: () => Promise<void> };

/** Starts the busy process; resolves once it runs. */
export function startCpuLoad(): Promise<CpuLoad> {
  const child = spawn(process.execPath, ['-e', BUSY], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('spawn', () => {
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      resolve({
        pid: child.pid ?? -1,
        stop: async () => {
          child.kill('SIGKILL');
          await exited;
        },
      });
    });
  });
}

/** Runs `work` while the busy process runs, and stops it after, whatever happens. */
export async function underCpuLoad<T>(work: (load: CpuLoad) => Promise<T>): Promise<T> {
  const load = await startCpuLoad();
  try {
    return await work(load);
  } finally {
    await load.stop();
  }
}
