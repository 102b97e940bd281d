/** Server configuration from the environment (README lists every variable). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { integrationOriginsFromEnv } from './integrations/ical/fetch';

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
  /**
   * Sign-in and reset-mail limits (modules/auth/login-limits.ts; README lists the variables). The
   * source is the request's IP (`request.ip`, so X-Forwarded-For only with `trustProxy`).
   * Failed sign-ins for one address from one source before that source waits; 0 turns it off.
   */
  loginFailuresPerAddress: number;
  /** Failed sign-ins from one source, whatever the address, before the whole source waits; 0 turns it off. */
  loginFailuresPerSource: number;
  /** The longest wait (the waits grow 1 s, 2 s, 4 s … up to this). */
  loginMaxDelayMinutes: number;
  /** How long a failed sign-in counts. */
  loginFailureWindowMinutes: number;
  /** Reset mails queued for one address per hour; past it the request answers the same and mails nothing. 0 turns it off. */
  resetMailsPerAddressPerHour: number;
  /** Reset-mail requests from one source per hour; past it 429. 0 turns it off. */
  resetRequestsPerSourcePerHour: number;
  authRequestsPerIpPerMinute: number;
  clientDistDir: string;
  logLevel: string;
  /** Trust X-Forwarded-* (set TRUST_PROXY=true only behind a reverse proxy). */
  trustProxy: boolean;
  /**
   * INTEGRATION_ALLOWED_ORIGINS: origins an integration's base URL (PayPal's api_base_url) may use
   * over http or on a private address; tests and local demos list their fakes.
   */
  integrationAllowedOrigins: string[];
  /** BACKUP_DIR: where the daily online backups go (jobs/backup.ts); default `<data folder>/backups`. */
  backupDir: string;
  /** BACKUP_KEEP: how many backups stay (the newest); older ones are removed. */
  backupKeep: number;
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
    loginFailuresPerAddress: intFrom(env.RATE_LIMIT_LOGIN_PER_ADDRESS, 5),
    loginFailuresPerSource: intFrom(env.RATE_LIMIT_LOGIN_PER_SOURCE, 50),
    loginMaxDelayMinutes: intFrom(env.RATE_LIMIT_LOGIN_MAX_DELAY_MINUTES, 15),
    loginFailureWindowMinutes: intFrom(env.RATE_LIMIT_LOGIN_WINDOW_MINUTES, 24 * 60),
    resetMailsPerAddressPerHour: intFrom(env.RATE_LIMIT_RESET_PER_ADDRESS, 3),
    resetRequestsPerSourcePerHour: intFrom(env.RATE_LIMIT_RESET_PER_SOURCE, 20),
    authRequestsPerIpPerMinute: intFrom(env.RATE_LIMIT_PER_IP, 300),
    clientDistDir: path.resolve(ROOT_DIR, env.CLIENT_DIST ?? 'dist/client'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === 'true',
    integrationAllowedOrigins: integrationOriginsFromEnv(env),
    backupDir: path.resolve(ROOT_DIR, env.BACKUP_DIR ?? path.join(path.dirname(databasePath), 'backups')),
    backupKeep: Math.max(1, intFrom(env.BACKUP_KEEP, 7)),
    ...overrides,
  };
}
