/** Server configuration from the environment (README lists every variable). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type AppConfig = {
  port: number;
  host: string;
  databasePath: string;
  dataDir: string;
  demo: boolean;
  /**
   * With no usable SMTP settings, mail goes to the server log (the development transport) instead
   * of waiting for SMTP: on with the demo by default (`MAIL_DEV_TRANSPORT=on|off`). Off, a reset
   * request answers 500 for every address alike, and queued mail waits for SMTP to be set up.
   */
  mailDevTransport: boolean;
  /** Key for JWT signing and secrets at rest; generated into the data folder when unset. */
  appSecretKey?: string;
  jwtExpiresIn: string;
  /** Origin used in mailed links (reset, invite); defaults to http://localhost:PORT. */
  publicOrigin: string;
  loginFailuresPerAccount: number;
  loginFailureWindowMinutes: number;
  authRequestsPerIpPerMinute: number;
  clientDistDir: string;
  logLevel: string;
  /** Trust X-Forwarded-* (set TRUST_PROXY=true only behind a reverse proxy). */
  trustProxy: boolean;
};

function intFrom(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const port = overrides.port ?? intFrom(env.PORT, 3000);
  const databasePath = path.resolve(ROOT_DIR, overrides.databasePath ?? env.DATABASE_PATH ?? 'data/app.db');
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databasePath,
    dataDir: path.dirname(databasePath),
    demo: (env.DEMO ?? 'on') !== 'off',
    mailDevTransport: (env.MAIL_DEV_TRANSPORT ?? env.DEMO ?? 'on') !== 'off',
    appSecretKey: env.APP_SECRET_KEY || undefined,
    jwtExpiresIn: env.JWT_EXPIRES_IN ?? '12h',
    publicOrigin: env.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
    loginFailuresPerAccount: intFrom(env.RATE_LIMIT_LOGIN_PER_ACCOUNT, 5),
    loginFailureWindowMinutes: intFrom(env.RATE_LIMIT_LOGIN_WINDOW_MINUTES, 15),
    authRequestsPerIpPerMinute: intFrom(env.RATE_LIMIT_PER_IP, 300),
    clientDistDir: path.resolve(ROOT_DIR, env.CLIENT_DIST ?? 'dist/client'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === 'true',
    ...overrides,
  };
}
