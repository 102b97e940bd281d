import { defineConfig } from 'vitest/config';
import { i18nCatalogs } from './scripts/vite-i18n';

export default defineConfig({
  // Client modules import the compiled message catalogs (client/src/i18n).
  plugins: [i18nCatalogs({ fullStart: true })],
  test: {
    include: ['shared/**/*.test.ts', 'scripts/**/*.test.ts', 'server/**/*.test.ts', 'client/**/*.test.ts', 'client/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
