/**
 * Client build: the React app in client/ is built into dist/client, which the server serves with
 * an SPA fallback (server/src/plugins/client.ts). The router plugin generates
 * client/src/routeTree.gen.ts from the files in client/src/routes and splits each route into its
 * own lazily loaded chunk. vite-plugin-pwa builds our own service worker (client/src/sw.ts,
 * injectManifest) to the stable path /sw.js with the list of files to precache, and writes the
 * web app manifest (name, icons, standalone display) that makes the app installable.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/vite-precompress';

const rootDir = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/** The brand teal of client/src/styles.css. */
const THEME_COLOR = '#0f766e';

export default defineConfig({
  root: path.join(rootDir, 'client'),
  publicDir: path.join(rootDir, 'client/public'),
  // The router plugin must run before the React plugin so that it sees the route files untouched.
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single' }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // The page registers the worker itself (client/src/components/layout/UpdatePrompt.tsx) and
      // asks before a new version takes over.
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/',
        name: 'Staykeep',
        short_name: 'Staykeep',
        description: 'Properties, bookings, guests, calendars and housekeeping for short-term rental hosts, online or offline.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        categories: ['business', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // A classic script: every browser with service workers runs it, module workers or not.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        // The route chunks are small; the main chunk must fit whole.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    // Last: Brotli and gzip copies of every file, source maps moved out of the served folder.
    precompress(),
  ],
  build: {
    outDir: path.resolve(rootDir, process.env.CLIENT_DIST ?? 'dist/client'),
    emptyOutDir: true,
    // Maps for debugging, named by no file and kept out of the served folder (scripts/vite-precompress.ts).
    sourcemap: 'hidden',
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ical': { target: apiTarget, changeOrigin: false },
      '/docs': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
});
