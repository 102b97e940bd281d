/**
 * Security headers on every response: helmet's, with the options the app gives (its Content
 * Security Policy, HSTS over https). The headers never vary from one request to the next, so
 * helmet works them out once, at start, and each request only sets them. @fastify/helmet built
 * helmet's middleware again for every request, parsing the policy each time: about 0.1 ms of a
 * booking create on the build machine (bench/README.md, "Booking create").
 *
 * Set on the raw response, as helmet does, so that a route writing its own head (the sync event
 * stream) sends them too.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export type SecurityHeaders = { set: readonly (readonly [string, string])[]; removed: readonly string[] };

/** The headers helmet sets, and those it removes, with these options. */
export function securityHeaders(options: HelmetOptions): SecurityHeaders {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  // Every helmet middleware answers at once; one that did not would have set headers per request.
  if (!done) throw new Error('helmet did not finish at once: its headers cannot be worked out at start');
  return { set: [...set], removed };
}

export const securityHeadersPlugin = fp<{ helmet: HelmetOptions }>(
  async (app, options) => {
    const { set, removed } = securityHeaders(options.helmet);
    app.addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of set) raw.setHeader(name, value);
      for (const name of removed) raw.removeHeader(name);
      done();
    });
  },
  { name: 'security-headers' },
);
