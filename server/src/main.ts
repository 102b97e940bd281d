/** Starts the server: builds the app (migrations, demo seed on first start) and listens. */
import { buildApp } from './app';
import { loadConfig } from './config';
import { DEMO_ACCOUNTS } from '../../shared/demo/accounts';

const config = loadConfig();
const app = await buildApp({ seed: config.demo, logger: true, jobs: true });
await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;
const lines = [
  '',
  `  Staykeep is running at ${url}`,
  `  API docs: ${url}/docs · database: ${config.databasePath}`,
  ...(config.demo
    ? ['', '  Demo accounts (password demo1234):', ...DEMO_ACCOUNTS.map((a) => `    ${a.role.padEnd(12)} ${a.email}`)]
    : []),
  '',
];
console.log(lines.join('\n'));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
