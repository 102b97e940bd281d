/**
 * The platform's Tokeet app credentials (channel_credentials, 20130): one live row, the newest
 * (page size 1, id descending), written by an admin. The secret key is encrypted at rest
 * (lib/crypto.ts) and never answered; base URLs pass the same check as PayPal's (https on a public
 * host unless the origin is in INTEGRATION_ALLOWED_ORIGINS). Every partner action starts from
 * `partnerSettings`, which answers "Credentials not configured" until a row with a secret exists.
 */
import { desc, isNull } from 'drizzle-orm';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { channelCredentials } from '../../../../shared/schema/tables';
import type { PartnerCredentialsInput, PartnerCredentialsView } from '../../../../shared/api/partner';
import { CREDENTIALS_NOT_CONFIGURED } from '../../../../shared/messages';
import type { Actor } from '../../actor';
import type { Db } from '../../db/index';
import { insertRow, transact, updateRow, type Tx } from '../../db/write';
import { HttpError, ValidationFailed } from '../../errors';
import { decryptSecret, encryptSecret } from '../../lib/crypto';
import { assertUrlAllowed, type Resolver } from '../../integrations/ical/fetch';
import { TOKEET_HOSTS, trimBase, type TokeetSettings } from '../../integrations/tokeet/client';

const CREDENTIALS = requireTable(TABLE_IDS.channel_credentials);

export type CredentialsRow = typeof channelCredentials.$inferSelect;

/** The app-wide pieces the partner services share. */
export type PartnerRuntime = {
  secretKey: Buffer;
  allowedOrigins: readonly string[];
  publicOrigin: string;
  resolver?: Resolver;
  fetch?: typeof fetch;
};

export function newPartnerRuntime(secretKey: Buffer, config: { integrationAllowedOrigins: readonly string[]; publicOrigin: string }): PartnerRuntime {
  return { secretKey, allowedOrigins: config.integrationAllowedOrigins, publicOrigin: config.publicOrigin };
}

export class NotConfigured extends HttpError {
  constructor() {
    super(400, CREDENTIALS_NOT_CONFIGURED);
  }
}

export function credentialsRow(tx: Tx): CredentialsRow | undefined {
  return tx.select().from(channelCredentials).where(isNull(channelCredentials.deleted_at)).orderBy(desc(channelCredentials.id)).limit(1).get();
}

/** The base URL in use: sandbox_mode picks the sandbox one; an empty one is Tokeet's own host. */
export function baseUrlOf(row: Pick<CredentialsRow, 'sandbox_mode' | 'sandbox_base_url' | 'production_base_url'>): string {
  return trimBase(row.sandbox_mode ? row.sandbox_base_url || TOKEET_HOSTS.sandbox : row.production_base_url || TOKEET_HOSTS.production);
}

export function credentialsView(row: CredentialsRow | undefined): PartnerCredentialsView | null {
  if (!row) return null;
  return {
    id: row.id,
    client_id: row.client_id,
    secret_key_set: Boolean(row.secret_key),
    partner_email: row.partner_email,
    partner_id: row.partner_id,
    production_base_url: row.production_base_url,
    sandbox_base_url: row.sandbox_base_url,
    sandbox_mode: row.sandbox_mode,
    base_url: baseUrlOf(row),
    is_active: row.is_active,
    updated_at: row.updated_at ?? null,
  };
}

/** The decrypted settings of the live credentials; "Credentials not configured" without a client id and secret. */
export function partnerSettings(db: Db | Tx, runtime: PartnerRuntime): TokeetSettings {
  const row = credentialsRow(db);
  if (!row || !row.is_active || !row.client_id || !row.secret_key) throw new NotConfigured();
  return {
    baseUrl: baseUrlOf(row),
    clientId: row.client_id,
    clientSecret: decryptSecret(runtime.secretKey, row.secret_key),
    partnerId: row.partner_id,
    partnerEmail: row.partner_email,
  };
}

async function checkedUrl(value: string | undefined, field: string, runtime: PartnerRuntime): Promise<string> {
  if (!value) return '';
  return trimBase(await assertUrlAllowed(value, { field, noun: { one: 'Tokeet base URL', many: 'Tokeet base URLs' } }, runtime.allowedOrigins, runtime.resolver));
}

/** Checks and saves the credentials (400 naming the field); the stored secret is kept when none is given. */
export async function saveCredentials(db: Db, runtime: PartnerRuntime, actor: Actor, input: PartnerCredentialsInput, now: Date): Promise<PartnerCredentialsView> {
  const production = await checkedUrl(input.production_base_url, 'production_base_url', runtime);
  const sandbox = await checkedUrl(input.sandbox_base_url, 'sandbox_base_url', runtime);
  const row = transact(db, (tx) => {
    const current = credentialsRow(tx);
    const secret = input.secret_key ? encryptSecret(runtime.secretKey, input.secret_key) : current?.secret_key;
    if (!secret) throw new ValidationFailed('Invalid value for secret_key: is required');
    const values = {
      client_id: input.client_id,
      secret_key: secret,
      partner_email: input.partner_email,
      partner_id: input.partner_id,
      production_base_url: production,
      sandbox_base_url: sandbox,
      sandbox_mode: input.sandbox_mode,
      is_active: true,
    };
    if (current) return updateRow(tx, CREDENTIALS, current.id, values, now) as CredentialsRow;
    return insertRow(tx, CREDENTIALS, { ...values, user_id: actor.userId }, now) as CredentialsRow;
  });
  return credentialsView(row) as PartnerCredentialsView;
}
