/**
 * A tiny local stand-in for an OTA's calendar host (no test reaches the internet): serves iCal
 * bodies over real HTTP on 127.0.0.1 so that tests and benchmarks exercise the real fetch (sockets,
 * redirects, status codes, slow and oversized answers). Routes are set per path and may be changed
 * between requests, which is how a test plays "the OTA re-exported its calendar".
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeRoute = {
  status?: number;
  /** The body as given (bytes are sent verbatim: fixtures with folds inside UTF-8 sequences). */
  body?: string | Uint8Array;
  headers?: Record<string, string>;
  /** Wait this long before answering (the timeout test). */
  delayMs?: number;
  /** Answer 302 with this Location. */
  redirect?: string;
  /** Stream this many bytes of filler without a Content-Length (the size-cap test). */
  streamBytes?: number;
};

export type FakeFeedServer = {
  origin: string;
  url: (path: string) => string;
  set: (path: string, route: FakeRoute) => void;
  /** How many requests a path received. */
  hits: (path: string) => number;
  close: () => Promise<void>;
};

function send(res: http.ServerResponse, route: FakeRoute): void {
  if (route.redirect) {
    res.writeHead(route.status ?? 302, { location: route.redirect });
    res.end();
    return;
  }
  if (route.streamBytes !== undefined) {
    res.writeHead(route.status ?? 200, { 'content-type': 'text/calendar', ...route.headers });
    const chunk = Buffer.from(`BEGIN:VCALENDAR\r\n${'X'.repeat(16 * 1024)}`);
    let left = route.streamBytes;
    const pump = () => {
      while (left > 0) {
        const piece = chunk.subarray(0, Math.min(chunk.length, left));
        left -= piece.length;
        if (!res.write(piece)) {
          res.once('drain', pump);
          return;
        }
      }
      res.end();
    };
    pump();
    return;
  }
  const body = route.body === undefined ? Buffer.alloc(0) : Buffer.from(route.body);
  res.writeHead(route.status ?? 200, { 'content-type': 'text/calendar; charset=utf-8', 'content-length': String(body.length), ...route.headers });
  res.end(body);
}

export async function startFakeFeedServer(host = '127.0.0.1'): Promise<FakeFeedServer> {
  const routes = new Map<string, FakeRoute>();
  const counts = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const route = routes.get(path);
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
      return;
    }
    if (route.delayMs) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) send(res, route);
      }, route.delayMs);
      timers.add(timer);
      return;
    }
    send(res, route);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    set: (path, route) => void routes.set(path, route),
    hits: (path) => counts.get(path) ?? 0,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
