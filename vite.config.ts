/**
 * Client build: the React app in client/ is built into dist/client, which the server serves with
 * an SPA fallback (server/src/plugins/client.ts). The router plugin generates
 * client/src/routeTree.gen.ts from the files in client/src/routes and splits each route into its
 * own lazily loaded chunk.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

const rootDir = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  root: path.join(rootDir, 'client'),
  publicDir: path.join(rootDir, 'client/public'),
  // The router plugin must run before the React plugin so that it sees the route files untouched.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single' }), react()],
  build: {
    outDir: path.join(rootDir, 'dist/client'),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ical': { target: apiTarget, changeOrigin: false },
      '/docs': { target: apiTarget, changeOrigin: false },
    },
  },
});
