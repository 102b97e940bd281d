/**
 * A host's Tokeet connection (partner_oauth_tokens, 22464): the authorize URL with a `state` bound
 * to the user who asked for it (only its SHA-256 is stored, single use, 10 minutes), the callback's
 * code exchange for that same user, the tokens encrypted at rest, the connection test and
 * disconnect. Connected = an active row with an access token; its expiry is now + expires_in.
 */
import crypto from 'node:crypto';
import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { partnerOauthStates, partnerOauthTokens } from '../../../../shared/schema/tables';
import type { PartnerConnection } from '../../../../shared/api/partner';
import { NO_CREDENTIALS_FOR_TESTING, OAUTH_COMPLETION_FAILED, OAUTH_FAILED, TOKEN_REFRESH_FAILED, partnerConnectionFailed, partnerConnectionOk } from '../../../../shared/messages';
import type { Actor } from '../../actor';
import type { Db } from '../../db/index';
import { insertRow, nowIso, tombstoneRow, transact, updateRow, type Tx } from '../../db/write';
import { HttpError, ValidationFailed } from '../../errors';
import { decryptSecret, encryptSecret } from '../../lib/crypto';
import { CHANNEL_PARTNER_PLATFORM, assertOtaIntegrationAllowed } from '../hosts/limits';
import { PARTNER, TokeetApiError, TokeetClient, authorizeUrl, type TokenSet } from '../../integrations/tokeet/client';
import { NotConfigured, credentialsRow, partnerSettings, type PartnerRuntime } from './credentials';

const TOKENS = requireTable(TABLE_IDS.partner_oauth_tokens);
export const STATE_LIFETIME_MS = 10 * 60_000;
export const CALLBACK_PATH = '/admin/tokeet-callback';
export const DEFAULT_RETURN = '/host/channels';

type TokenRow = typeof partnerOauthTokens.$inferSelect;

export function callbackUrl(runtime: PartnerRuntime): string {
  return `${runtime.publicOrigin}${CALLBACK_PATH}`;
}

function hashState(state: string): string {
  return crypto.createHash('sha256').update(state).digest('hex');
}

/** The host's live token row (the newest), connected or not. */
export function tokenRow(tx: Db | Tx, userId: string): TokenRow | undefined {
  return tx
    .select()
    .from(partnerOauthTokens)
    .where(and(eq(partnerOauthTokens.user_id, userId), isNull(partnerOauthTokens.deleted_at)))
    .orderBy(partnerOauthTokens.id)
    .all()
    .at(-1);
}

export function isConnected(row: TokenRow | undefined): row is TokenRow & { access_token: string } {
  return Boolean(row?.is_active && row.access_token);
}

/** Users with a live connection (the scheduled sync walks them). */
export function connectedUserIds(db: Db): string[] {
  const rows = db
    .select({ user_id: partnerOauthTokens.user_id })
    .from(partnerOauthTokens)
    .where(and(isNull(partnerOauthTokens.deleted_at), eq(partnerOauthTokens.is_active, true), isNotNull(partnerOauthTokens.access_token)))
    .all();
  return [...new Set(rows.map((r) => r.user_id))];
}

export function connectionOf(db: Db, actor: Actor): PartnerConnection {
  const row = tokenRow(db, actor.userId);
  const creds = credentialsRow(db);
  return {
    configured: Boolean(creds?.is_active && creds.client_id && creds.secret_key),
    connected: isConnected(row),
    token_expires_at: row?.token_expires_at ?? null,
    tokeet_user_id: row?.tokeet_user_id ?? null,
    connected_at: row?.created_at ?? null,
  };
}

/** The authorize URL for this user; its state is stored hashed, with where to come back to. */
export function startAuthorization(db: Db, runtime: PartnerRuntime, actor: Actor, returnTo: string | undefined, now: Date): string {
  const settings = partnerSettings(db, runtime);
  const state = crypto.randomBytes(32).toString('base64url');
  transact(db, (tx) => {
    tx.delete(partnerOauthStates).where(lt(partnerOauthStates.expires_at, nowIso(now))).run();
    tx.insert(partnerOauthStates)
      .values({
        state_hash: hashState(state),
        user_id: actor.userId,
        return_to: returnTo ?? DEFAULT_RETURN,
        created_at: nowIso(now),
        expires_at: nowIso(new Date(now.getTime() + STATE_LIFETIME_MS)),
      })
      .run();
  });
  return authorizeUrl(settings, callbackUrl(runtime), state);
}

/**
 * Takes the state for this user: 400 "OAuth authentication failed: …" when it is unknown, another
 * user's, already used or expired. A state is used up by the first attempt of its own user.
 */
function takeState(db: Db, actor: Actor, state: string, now: Date): string {
  return transact(db, (tx) => {
    const row = tx.select().from(partnerOauthStates).where(eq(partnerOauthStates.state_hash, hashState(state))).get();
    if (!row || row.user_id !== actor.userId) throw new ValidationFailed(`${OAUTH_FAILED}: the state does not belong to this sign-in`);
    if (row.used_at) throw new ValidationFailed(`${OAUTH_FAILED}: the state was already used`);
    if (row.expires_at <= nowIso(now)) throw new ValidationFailed(`${OAUTH_FAILED}: the state has expired, start again`);
    tx.update(partnerOauthStates).set({ used_at: nowIso(now) }).where(eq(partnerOauthStates.state_hash, row.state_hash)).run();
    return row.return_to;
  });
}

function storeTokens(tx: Tx, runtime: PartnerRuntime, userId: string, tokens: TokenSet, tokeetUserId: string | null, now: Date): void {
  const values = {
    access_token: encryptSecret(runtime.secretKey, tokens.accessToken),
    refresh_token: tokens.refreshToken ? encryptSecret(runtime.secretKey, tokens.refreshToken) : null,
    token_expires_at: tokens.expiresAt,
    is_active: true,
  };
  const current = tokenRow(tx, userId);
  if (current) updateRow(tx, TOKENS, current.id, { ...values, ...(tokeetUserId ? { tokeet_user_id: tokeetUserId } : {}) }, now);
  else insertRow(tx, TOKENS, { ...values, user_id: userId, tokeet_user_id: tokeetUserId, created_at: nowIso(now) }, now);
}

/** The callback: checks the state, exchanges the code, stores the host's tokens; answers where to go back. */
export async function completeAuthorization(db: Db, runtime: PartnerRuntime, actor: Actor, input: { code: string; state: string }, now: Date): Promise<string> {
  const settings = partnerSettings(db, runtime);
  const returnTo = takeState(db, actor, input.state, now);
  const client = new TokeetClient(settings, null, { now: () => now, ...(runtime.fetch ? { fetch: runtime.fetch } : {}) });
  let exchanged: Awaited<ReturnType<TokeetClient['exchangeCode']>>;
  try {
    exchanged = await client.exchangeCode(input.code, callbackUrl(runtime));
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unknown error';
    throw new HttpError(502, `${OAUTH_COMPLETION_FAILED}: ${reason}`);
  }
  transact(db, (tx) => {
    if (actor.hostProfileId) assertOtaIntegrationAllowed(tx, actor.hostProfileId, CHANNEL_PARTNER_PLATFORM);
    const tokeetUser = exchanged.answer.user_id;
    storeTokens(tx, runtime, actor.userId, exchanged.tokens, tokeetUser === undefined ? null : String(tokeetUser), now);
  });
  return returnTo;
}

/** Removes the host's tokens (tombstoned, so no copy stays live). */
export function disconnect(db: Db, actor: Actor, now: Date): void {
  transact(db, (tx) => {
    const rows = tx.select({ id: partnerOauthTokens.id }).from(partnerOauthTokens).where(and(eq(partnerOauthTokens.user_id, actor.userId), isNull(partnerOauthTokens.deleted_at))).all();
    for (const row of rows) {
      updateRow(tx, TOKENS, row.id, { access_token: null, refresh_token: null, is_active: false }, now);
      tombstoneRow(tx, TOKENS, row.id, now);
    }
  });
}

/** A client for this host's account; refreshed tokens are stored (encrypted) as they arrive. */
export function hostClient(db: Db, runtime: PartnerRuntime, userId: string, now: () => Date): TokeetClient {
  const settings = partnerSettings(db, runtime);
  const row = tokenRow(db, userId);
  if (!isConnected(row)) throw new HttpError(400, partnerConnectionFailed(PARTNER));
  const tokens: TokenSet = {
    accessToken: decryptSecret(runtime.secretKey, row.access_token),
    refreshToken: row.refresh_token ? decryptSecret(runtime.secretKey, row.refresh_token) : null,
    expiresAt: row.token_expires_at,
  };
  return new TokeetClient(settings, tokens, {
    now,
    ...(runtime.fetch ? { fetch: runtime.fetch } : {}),
    onTokens: (fresh) => transact(db, (tx) => storeTokens(tx, runtime, userId, fresh, null, now())),
  });
}

/**
 * The connection test: without a connection, "No credentials available for testing" when the
 * platform's client id or secret is missing, else the failure asking for the OAuth flow; with one,
 * GET /partner/user.
 */
export async function testConnection(db: Db, runtime: PartnerRuntime, actor: Actor, now: () => Date): Promise<{ ok: boolean; message: string }> {
  const creds = credentialsRow(db);
  if (!isConnected(tokenRow(db, actor.userId))) {
    if (!creds?.client_id || !creds.secret_key) throw new ValidationFailed(NO_CREDENTIALS_FOR_TESTING);
    return { ok: false, message: partnerConnectionFailed(PARTNER) };
  }
  try {
    await hostClient(db, runtime, actor.userId, now).user();
    return { ok: true, message: partnerConnectionOk(PARTNER) };
  } catch (error) {
    if (error instanceof NotConfigured) throw error;
    const reason = error instanceof TokeetApiError ? error.message : TOKEN_REFRESH_FAILED;
    return { ok: false, message: `${partnerConnectionFailed(PARTNER)} (${reason})` };
  }
}
