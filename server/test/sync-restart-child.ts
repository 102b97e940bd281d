/**
 * Child process of sync-restart.test.ts: builds the real app over a database file and pushes one
 * batch, but stops dead in the middle of it (a SQL function called by a temporary trigger on
 * every task update says "mid" after half the batch and then blocks), so that the parent can kill
 * the process while the batch's transaction is open. Arguments: database path, payload file,
 * session token, the number of task updates after which to stop.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';

const [dbPath, payloadFile, token, stopAfter] = process.argv.slice(2);
if (!dbPath || !payloadFile || !token || !stopAfter) throw new Error('usage: sync-restart-child <db> <payload> <token> <stopAfter>');

// A bare platform, as test/helpers.ts builds it: the parent counts the versions of its own rows.
const app = await buildApp({ databasePath: dbPath, appSecretKey: 'test-secret', clientDistDir: path.join(os.tmpdir(), 'no-client'), platformDefaults: false });
let updates = 0;
app.db.$client.function('sync_test_tick', () => {
  updates += 1;
  if (updates === Number(stopAfter)) {
    fs.writeSync(1, 'mid\n');
    // Hold the open transaction until the parent kills this process.
    const until = Date.now() + 60_000;
    while (Date.now() < until);
  }
  return 0;
});
app.db.$client.exec('CREATE TEMP TRIGGER sync_test_tick AFTER UPDATE ON housekeeping_tasks BEGIN SELECT sync_test_tick(); END');
fs.writeSync(1, 'pushing\n');
const res = await app.inject({ method: 'POST', url: '/api/sync/push', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: fs.readFileSync(payloadFile, 'utf8') });
fs.writeSync(1, `done ${res.statusCode}\n`);
await app.close();
