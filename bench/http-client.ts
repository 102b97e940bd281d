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

/**
 * The floor of an HTTP write on this machine: node:http with no framework, the JSON body parsed
 * and one row inserted into a bare table and committed, in SQLite with the app's journal and
 * durability (WAL, `synchronous = FULL`, so one fsync per commit), on the same disk as the app's
 * database. Timed server side like the app (`timeServerSide`), with the same client: what a
 * request with one durable write costs before any of the app's work.
 */
export async function startWriteFloor(databaseFile: string): Promise<{ url: string; timed: { wall: number[]; cpu: number[] }; close: () => Promise<void> }> {
  const { default: Database } = await import('better-sqlite3');
  const { createServer } = await import('node:http');
  const db = new Database(databaseFile);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE IF NOT EXISTS floor_rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO floor_rows (body) VALUES (?)');
  const write = db.transaction((body: string) => insert.run(body));
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const parsed = JSON.parse(body) as unknown;
      const { lastInsertRowid } = write(JSON.stringify(parsed));
      res.writeHead(201, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ ID: String(lastInsertRowid) }));
    });
  });
  const timed = timeServerSide(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the floor server has no port');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    timed,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      db.close();
    },
  };
}
