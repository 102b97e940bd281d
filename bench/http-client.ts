/**
 * HTTP on a real listening server, for the benchmarks that time a route server side: a client in
 * another process (so that no client work runs inside the server's figures) and the server's own
 * clock on each request.
 */
import { spawn } from 'node:child_process';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * The client: a child Node process POSTing the JSON bodies one after another with fetch
 * (keep-alive), answering each round trip and response body; any other status than `status`
 * fails the run.
 */
const CLIENT = `
let input = '';
for await (const chunk of process.stdin) input += chunk;
const { url, token, payloads, status } = JSON.parse(input);
const headers = { authorization: 'Bearer ' + token, 'content-type': 'application/json' };
const times = [];
const bodies = [];
for (const payload of payloads) {
  const t = performance.now();
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(payload) });
  const body = await res.text();
  times.push(performance.now() - t);
  if (res.status !== status) { console.error('POST answered ' + res.status + ': ' + body.slice(0, 500)); process.exit(1); }
  bodies.push(body);
}
process.stdout.write(JSON.stringify({ times, bodies }));
`;

export type Sent = { times: number[]; bodies: string[] };

/** POSTs `payloads` one after another from a child process; answers the round trips and bodies. */
export function sendSequentially(url: string, token: string, payloads: unknown[], status: number): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', CLIENT], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`the HTTP client exited with ${code}`));
      else resolve(JSON.parse(out) as Sent);
    });
    child.stdin.end(JSON.stringify({ url, token, payloads, status }));
  });
}

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

/**
 * Times every request on the server, from the request to the response handed to the socket
 * (routing, auth, reading and parsing the body, validation, the handler, serialising): what
 * Fastify's reply.elapsedTime measures, taken on the HTTP server itself because the app has
 * already booted (no hook can be added), its 'request' listener ahead of Fastify's. With the
 * server process doing nothing else meanwhile, its CPU time over the span is the request's own.
 */
export function timeServerSide(server: Server): { wall: number[]; cpu: number[] } {
  const timed = { wall: [] as number[], cpu: [] as number[] };
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    const cpu = process.cpuUsage();
    const t = performance.now();
    res.once('finish', () => {
      timed.wall.push(performance.now() - t);
      timed.cpu.push(cpuMs(process.cpuUsage(cpu)));
    });
  });
  return timed;
}
