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
import { PLAN_PASS_ENV, bundlePlan, mergeChunks } from './scripts/vite-bundle-plan';
import { i18nCatalogs } from './scripts/vite-i18n';
import { drizzleZodNamespace, zodWithoutJsonSchema } from './scripts/vite-zod-trim';
import { NAMESPACE_LOCALES, type ClientNamespace } from './shared/i18n/namespaces';

const rootDir = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/** The brand teal of client/src/styles.css. */
const THEME_COLOR = '#0f766e';

const zodForDrizzle = path.join(rootDir, 'client/src/lib/zod-for-drizzle.ts');

/**
 * What a signed-in start loads before its first screen, merged into one file (scripts/bundle-plan.ts):
 * the store with the stored session and the auth calls (read first, offline too), the sync runtime
 * with its after-sync watcher.
 */
const signedInModules = ['/client/src/auth/device-session.ts', '/client/src/sync/runtime.ts', '/client/src/pwa/after-pull.ts'];
/** Besides the entry, precached for everyone (scripts/vite-bundle-plan.ts). */
const firstModules = [
  // The sign-in page, what a signed-in start loads (all after the first screen) and the update
  // prompt's worker registration.
  '/client/src/routes/login.tsx',
  ...signedInModules,
  'workbox-window.prod.es5.mjs',
  // The catalogs every area speaks, in every language: switching language never waits for the network.
  ...catalogModules(['common', 'account']),
];
/** An area's own messages come with its code, for the role that uses it (every language of it). */
const areaModules = { staff: catalogModules(['staff']), host: catalogModules(['host']), admin: catalogModules(['admin']) };
/** The shell and each area's own chunks, the first screen's budget (scripts/vite-bundle-plan.ts). */
const plan = bundlePlan(firstModules, areaModules);
/** The first pass of mergeChunks: a build that writes nothing. */
const planPass = Boolean(process.env[PLAN_PASS_ENV]);

/** The compiled catalog modules of these namespaces, every language each is written in (scripts/vite-i18n.ts). */
function catalogModules(namespaces: readonly ClientNamespace[]): string[] {
  return namespaces.flatMap((namespace) => NAMESPACE_LOCALES[namespace].map((locale) => `virtual:i18n-catalog/${namespace}/${locale}`));
}

export default defineConfig({
  root: path.join(rootDir, 'client'),
  publicDir: path.join(rootDir, 'client/public'),
  // The router plugin must run before the React plugin so that it sees the route files untouched.
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single' }),
    react(),
    i18nCatalogs(),
    // What the browser never runs of zod (scripts/vite-zod-trim.ts).
    drizzleZodNamespace(zodForDrizzle),
    zodWithoutJsonSchema(),
    plan.plugin,
    // Fewer, larger files: what a signed-in start loads in one, what every area needs in another,
    // and the staff area's own in a third.
    mergeChunks(fileURLToPath(import.meta.url), firstModules, areaModules, ['staff'], signedInModules),
    VitePWA({
      // The first pass of mergeChunks writes no worker (its register module is still resolved).
      disable: planPass,
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // The page registers the worker itself (client/src/components/layout/UpdatePrompt.tsx) and
      // asks before a new version takes over.
      registerType: 'prompt',
      injectRegister: false,
      includeManifestIcons: false,
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
          // The logo's silhouette, for places that draw icons in one colour (status bars, badges).
          { src: '/icons/icon-monochrome-512.png', sizes: '512x512', type: 'image/png', purpose: 'monochrome' },
        ],
        // An open window of the app takes a launch (a shortcut, a notification) instead of a new one.
        display_override: ['standalone', 'minimal-ui'],
        launch_handler: { client_mode: 'navigate-existing' },
        // Real screens (made from the running app, see client/README.md): the richer install dialog.
        screenshots: [
          { src: '/screenshots/staff-today-390x844.jpg', sizes: '390x844', type: 'image/jpeg', form_factor: 'narrow', label: 'Today: a housekeeper’s tasks, with or without signal' },
          { src: '/screenshots/host-dashboard-1280x800.jpg', sizes: '1280x800', type: 'image/jpeg', form_factor: 'wide', label: 'The host’s dashboard: arrivals, occupancy, revenue and what needs attention' },
        ],
        // Each for the role that can use it (another role's shortcut lands on its own home page).
        shortcuts: [
          { name: 'Today', short_name: 'Today', description: 'A housekeeper’s tasks for today', url: '/staff/dashboard', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'Tasks', short_name: 'Tasks', description: 'All of a housekeeper’s tasks', url: '/staff/tasks', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'Calendar', short_name: 'Calendar', description: 'The host’s calendar of stays and blocks', url: '/host/calendar', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'New booking', short_name: 'New booking', description: 'Add a booking (the host’s bookings page with an empty form)', url: '/host/bookings?new=1', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
        ],
      },
      injectManifest: {
        // A classic script: every browser with service workers runs it, module workers or not.
        rollupFormat: 'iife',
        plugins: [drizzleZodNamespace(zodForDrizzle), zodWithoutJsonSchema()],
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}', 'role-chunks.json'],
        // The shell only: the chunks of one area (admin, host, staff) are cached after sign-in by
        // that role's device (client/src/pwa/role-chunks.ts), or when first used.
        manifestTransforms: [plan.precacheFilter],
        // The plugin adds the manifest itself (globbed too, it was listed twice). The large install
        // icons are for the install dialog and the home screen, which fetch them when they need
        // them: not precached (includeManifestIcons below); icon-192 stays, notifications show it offline.
        globIgnores: ['manifest.webmanifest', 'icons/icon-512.png', 'icons/icon-maskable-512.png', 'icons/icon-monochrome-512.png'],
        // The route chunks are small; the main chunk must fit whole.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    // Last: Brotli and gzip copies of every file, source maps moved out of the served folder.
    !planPass && precompress(),
  ],
  build: {
    outDir: path.resolve(rootDir, process.env.CLIENT_DIST ?? 'dist/client'),
    emptyOutDir: true,
    // Maps for debugging, named by no file and kept out of the served folder (scripts/vite-precompress.ts).
    sourcemap: 'hidden',
  },
  // Dexie's ES module build: its package answers `import` with a wrapper around the UMD build
  // (one copy for ES and CommonJS importers), 12 KB larger minified. Every importer of the page
  // (ours, dexie-react-hooks) resolves here, so the page still holds one Dexie.
  resolve: { alias: [{ find: /^dexie$/, replacement: path.join(rootDir, 'node_modules/dexie/dist/modern/dexie.mjs') }] },
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
