/**
 * `npm start`: builds the client when its build is missing or stale, then starts the server
 * (which migrates and seeds the database, serves the API and the client, and prints the URL and
 * the demo accounts). DATABASE_PATH, PORT and HOST pass through the environment.
 */
import { ensureClientBuilt } from './client-build';

try {
  await ensureClientBuilt();
} catch (error) {
  console.error('The client build failed:', error instanceof Error ? error.message : error);
  process.exit(1);
}

await import('../server/src/main');
