/**
 * `npm run test:e2e`: the browser tests against the real server. Builds the client when stale,
 * starts buildApp on a temporary database with the demo seed, listening on a free port of
 * 127.0.0.1, runs tests/e2e with vitest (base URL by env) driving Debian Chromium through
 * playwright-core, and exits with the tests' exit code. A missing Chromium is a failure, never a skip.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net, { type AddressInfo } from 'node:net';
import { CLIENT_DIST_DIR, ROOT_DIR, ensureClientBuilt } from './client-build';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!fs.existsSync(CHROMIUM_PATH)) {
  console.error(`\nThe browser tests need Chromium at ${CHROMIUM_PATH}, and it is not there.`);
  console.error('Install it (Debian): apt-get update && apt-get install -y chromium\n');
  process.exit(1);
}

await ensureClientBuilt();

/**
 * A port for the local iCal feed server that a browser test starts (tests/e2e/calendar-feeds):
 * its origin is allow-listed for the server's fetch (loopback is refused otherwise).
 */
const icalPort = await new Promise<number>((resolve, reject) => {
  const probe = net.createServer();
  probe.once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as AddressInfo;
    probe.close(() => resolve(port));
  });
});
const icalOrigin = `http://127.0.0.1:${icalPort}`;
process.env.ICAL_ALLOWED_ORIGINS = [process.env.ICAL_ALLOWED_ORIGINS, icalOrigin].filter(Boolean).join(',');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-e2e-'));
const { buildApp } = await import('../server/src/app');
const app = await buildApp({
  databasePath: path.join(dataDir, 'app.db'),
  appSecretKey: crypto.randomBytes(32).toString('hex'),
  clientDistDir: CLIENT_DIST_DIR,
  seed: true,
  logger: false,
  // Many sign-ins from one address in a minute are the test suite, not an attack.
  authRequestsPerIpPerMinute: 10_000,
});

let exitCode: number;
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  console.log(`Staykeep for the browser tests at ${baseUrl}`);

  exitCode = await new Promise<number>((resolve) => {
    const vitest = path.join(ROOT_DIR, 'node_modules/vitest/vitest.mjs');
    const child = spawn(process.execPath, [vitest, 'run', '--config', 'tests/e2e/vitest.config.ts', ...process.argv.slice(2)], {
      cwd: ROOT_DIR,
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: baseUrl, CHROMIUM_PATH, E2E_ICAL_PORT: String(icalPort) },
    });
    child.on('error', (error) => {
      console.error('Could not start vitest:', error);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
