/**
 * The browser tests (run by scripts/e2e.ts, which starts the server and passes E2E_BASE_URL).
 * One file at a time: each launches its own Chromium and the machine is shared.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { i18nCatalogs } from '../../scripts/vite-i18n';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default defineConfig({
  root,
  // Tests that read the route tree or the navigation (a11y, pwa) import client modules with messages.
  plugins: [i18nCatalogs({ fullStart: true })],
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
