/**
 * Serves the built client from the same origin as the API. Hashed assets are cached for a year; the
 * service worker and index.html are revalidated. Every non-API, non-file path answers index.html
 * with 200, so that a deep link or a reload works; the client shows its own not-found page.
 * Each file goes out as the Brotli or gzip copy the build wrote beside it
 * (scripts/vite-precompress.ts) when the browser accepts one, with `Vary: accept-encoding`; a
 * source map is never served (the build keeps them out of this folder; one left there is refused).
 */
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

const API_PREFIXES = ['/api/', '/ical/', '/docs'];

export const clientPlugin = fp<{ distDir: string }>(
  async (app, opts) => {
    const indexFile = path.join(opts.distDir, 'index.html');
    const hasBuild = fs.existsSync(indexFile);
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        allowedPath: (pathName) => !pathName.endsWith('.map'),
        setHeaders(res, filePath) {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
          else res.header('Cache-Control', 'no-cache');
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const isApi = API_PREFIXES.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p));
      const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(url);
      if (isApi || looksLikeFile || request.method !== 'GET') {
        return reply.status(404).send({ error: `Route ${request.method} ${url} not found` });
      }
      if (!hasBuild) return reply.status(503).type('text/plain').send('The client is not built yet: run npm start (or npm run build).');
      return reply.sendFile('index.html');
    });
  },
  { name: 'client' },
);
