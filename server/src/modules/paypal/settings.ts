/**
 * The PayPal configuration (table 23187, read as 23050 too): one live row. Saving checks the base
 * URL (the same check as a calendar feed's address, with INTEGRATION_ALLOWED_ORIGINS as the
 * allow-list), then asks PayPal for a token with the credentials; only then is the row written,
 * its client secret encrypted at rest. Every other PayPal action starts from `paypalContext`,
 * which answers "PayPal not configured" until a row exists.
 */
import { desc, isNull } from 'drizzle-orm';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { paypalConfig } from '../../../../shared/schema/tables';
import type { PaypalConfigView, PaypalConfigureInput } from '../../../../shared/api/paypal';
import { providerConfigureFailed, providerNotConfigured } from '../../../../shared/messages';
import type { Db } from '../../db/index';
import { insertRow, transact, updateRow, type Tx } from '../../db/write';
import { HttpError, ValidationFailed } from '../../errors';
import { decryptSecret, encryptSecret } from '../../lib/crypto';
import { assertUrlAllowed, type Resolver } from '../../integrations/ical/fetch';
import { PROVIDER, PaypalApiError, PaypalClient, TokenCache, type PaypalEnvironment, type PaypalSettings } from '../../integrations/paypal/client';

const CONFIG = requireTable(TABLE_IDS.paypal_config);

export type ConfigRow = typeof paypalConfig.$inferSelect;

/** What a PayPal action needs: the stored row, its decrypted settings and a client sharing the app's token cache. */
export type PaypalContext = { row: ConfigRow; settings: PaypalSettings; client: PaypalClient };

/** The app-wide pieces the services share (routes.ts holds one). */
export type PaypalRuntime = { secretKey: Buffer; tokens: TokenCache; allowedOrigins: readonly string[]; publicOrigin: string; resolver?: Resolver };

/** The runtime of one app: its key, its own token cache, the base-URL allow-list and origin. */
export function newPaypalRuntime(secretKey: Buffer, config: { integrationAllowedOrigins: readonly string[]; publicOrigin: string }): PaypalRuntime {
  return { secretKey, tokens: new TokenCache(), allowedOrigins: config.integrationAllowedOrigins, publicOrigin: config.publicOrigin };
}

export function configRow(tx: Tx): ConfigRow | undefined {
  return tx.select().from(paypalConfig).where(isNull(paypalConfig.deleted_at)).orderBy(desc(paypalConfig.updated_at)).limit(1).get();
}

export function configView(row: ConfigRow | undefined): PaypalConfigView | null {
  if (!row) return null;
  return {
    id: row.id,
    client_id: row.client_id,
    client_secret_set: Boolean(row.client_secret),
    environment: row.environment,
    webhook_id: row.webhook_id,
    webhook_url: row.webhook_url,
    api_base_url: row.api_base_url ?? null,
    is_active: row.is_active,
    updated_at: row.updated_at ?? row.created_at,
  };
}

export class NotConfigured extends HttpError {
  constructor() {
    super(400, providerNotConfigured(PROVIDER));
  }
}

function settingsOf(row: ConfigRow, secretKey: Buffer): PaypalSettings {
  if (!row.client_secret || !row.is_active) throw new NotConfigured();
  return { clientId: row.client_id, clientSecret: decryptSecret(secretKey, row.client_secret), environment: row.environment, apiBaseUrl: row.api_base_url };
}

export function paypalContext(db: Db, runtime: PaypalRuntime): PaypalContext {
  const row = configRow(db);
  if (!row) throw new NotConfigured();
  const settings = settingsOf(row, runtime.secretKey);
  return { row, settings, client: new PaypalClient(settings, { cache: runtime.tokens }) };
}

/**
 * Checks and saves the configuration: 400 naming the field for a bad base URL, 400 "Failed to
 * configure PayPal integration: <reason>" when PayPal gives no token (nothing is stored then).
 */
export async function configurePaypal(db: Db, runtime: PaypalRuntime, input: PaypalConfigureInput, now: Date): Promise<PaypalConfigView> {
  const existing = configRow(db);
  const apiBaseUrl = input.api_base_url
    ? (await assertUrlAllowed(input.api_base_url, { field: 'api_base_url', noun: { one: 'PayPal base URL', many: 'PayPal base URLs' } }, runtime.allowedOrigins, runtime.resolver)).replace(/\/+$/, '')
    : null;
  const secret = input.client_secret || (existing?.client_secret ? decryptSecret(runtime.secretKey, existing.client_secret) : '');
  if (!secret) throw new ValidationFailed('Invalid value for client_secret: is required');
  const settings: PaypalSettings = { clientId: input.client_id, clientSecret: secret, environment: input.environment as PaypalEnvironment, apiBaseUrl };
  try {
    // A cache of its own: the check must reach PayPal, not answer from an earlier token.
    await new PaypalClient(settings, { cache: new TokenCache() }).accessToken();
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unknown error';
    throw new ValidationFailed(`${providerConfigureFailed(PROVIDER)}: ${reason}`);
  }
  const values = {
    client_id: input.client_id,
    client_secret: encryptSecret(runtime.secretKey, secret),
    environment: input.environment,
    webhook_id: input.webhook_id,
    webhook_url: `${runtime.publicOrigin}/api/paypal/webhook`,
    api_base_url: apiBaseUrl,
    is_active: true,
    test_mode: input.environment === 'sandbox',
  };
  const row = transact(db, (tx) => {
    const current = configRow(tx);
    if (current) return updateRow(tx, CONFIG, current.id, values, now) as ConfigRow;
    return insertRow(tx, CONFIG, { ...values, created_at: now.toISOString() }, now) as ConfigRow;
  });
  // Tokens of older credentials must not outlive them.
  runtime.tokens.clear();
  return configView(row) as PaypalConfigView;
}

/** A PayPal call whose failure the caller hears as 502 with PayPal's own error text. */
export async function viaPaypal<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof PaypalApiError) throw new HttpError(502, error.message);
    throw error;
  }
}
