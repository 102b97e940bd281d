/**
 * The channel-partner routes' shapes (server/src/modules/partner/routes.ts), shared with the admin
 * Tokeet page and the host's Channels page.
 */
import { z } from 'zod';

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

export const PARTNER_SYNC_TYPES = ['properties', 'bookings', 'messages', 'calendar', 'rates'] as const;
export type PartnerSyncType = (typeof PARTNER_SYNC_TYPES)[number];

export const PartnerCredentialsInputSchema = z.strictObject({
  client_id: text(200).min(1, 'is required'),
  secret_key: text(500).optional().describe('Required the first time; leave out to keep the stored one'),
  partner_email: z.string().trim().max(320, 'must be at most 320 characters').email('must be an e-mail address'),
  partner_id: text(200).min(1, 'is required'),
  production_base_url: text(500).optional().describe("Tokeet's production host unless given: https, or an origin in INTEGRATION_ALLOWED_ORIGINS"),
  sandbox_base_url: text(500).optional().describe("Tokeet's sandbox host unless given: https, or an origin in INTEGRATION_ALLOWED_ORIGINS"),
  sandbox_mode: z.boolean().describe('Picks the sandbox base URL instead of the production one'),
});
export type PartnerCredentialsInput = z.infer<typeof PartnerCredentialsInputSchema>;

/** The platform's credentials without the secret. */
export const PartnerCredentialsViewSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  secret_key_set: z.boolean(),
  partner_email: z.string(),
  partner_id: z.string(),
  production_base_url: z.string(),
  sandbox_base_url: z.string(),
  sandbox_mode: z.boolean(),
  /** The base URL in use (sandbox_mode picks it). */
  base_url: z.string(),
  is_active: z.boolean(),
  updated_at: z.string().nullable(),
});
export type PartnerCredentialsView = z.infer<typeof PartnerCredentialsViewSchema>;
export const PartnerCredentialsReplySchema = z.object({ credentials: PartnerCredentialsViewSchema.nullable() });
export const PartnerCredentialsSavedSchema = z.object({ message: z.string(), credentials: PartnerCredentialsViewSchema });

export const AuthorizeUrlQuerySchema = z.object({
  return_to: z
    .string()
    .max(300, 'must be at most 300 characters')
    .regex(/^\/(?!\/)[^\s\\]*$/, 'must be a path of this site')
    .optional()
    .describe('Where the callback sends the host back (default /host/channels)'),
});
export const AuthorizeUrlReplySchema = z.object({ url: z.string() });

export const OauthCompleteSchema = z.strictObject({
  code: z.string().trim().min(1, 'is required').max(2000, 'must be at most 2000 characters'),
  state: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
});

/** A host's connection: connected when active with an access token. */
export const PartnerConnectionSchema = z.object({
  configured: z.boolean(),
  connected: z.boolean(),
  token_expires_at: z.string().nullable(),
  tokeet_user_id: z.string().nullable(),
  connected_at: z.string().nullable(),
});
export type PartnerConnection = z.infer<typeof PartnerConnectionSchema>;
export const OauthCompleteReplySchema = z.object({ message: z.string(), return_to: z.string(), connection: PartnerConnectionSchema });

export const PartnerTestReplySchema = z.object({ ok: z.boolean(), message: z.string() });

export const NotImportedSchema = z.object({ tokeet_property_id: z.string(), property_name: z.string(), reason: z.string() });

export const PartnerSyncResultSchema = z.object({
  sync_type: z.enum(PARTNER_SYNC_TYPES),
  status: z.enum(['success', 'error']),
  /** Records synced (created or updated or unchanged) in this run. */
  record_count: z.number().int(),
  /** Records that failed and were skipped (each in the log's sync_data). */
  skipped: z.number().int(),
  message: z.string(),
  errors: z.array(z.string()),
  not_imported: z.array(NotImportedSchema),
});
export type PartnerSyncResult = z.infer<typeof PartnerSyncResultSchema>;
export const PartnerSyncAllReplySchema = z.object({ results: z.array(PartnerSyncResultSchema) });

export const PartnerStatsSchema = z.object({
  connected_hosts: z.number().int(),
  properties: z.number().int(),
  mapped_properties: z.number().int(),
  bookings: z.number().int(),
  messages: z.number().int(),
  last_sync_at: z.string().nullable(),
  last_sync_status: z.enum(['success', 'error']).nullable(),
});
export type PartnerStats = z.infer<typeof PartnerStatsSchema>;

export const PartnerLogSchema = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  sync_type: z.string(),
  operation: z.string(),
  status: z.enum(['success', 'error']),
  error_message: z.string().nullable(),
  record_count: z.number().int(),
  started_at: z.string(),
  completed_at: z.string().nullable(),
});
export type PartnerLog = z.infer<typeof PartnerLogSchema>;
export const PartnerLogsQuerySchema = z.object({ limit: z.coerce.number().int().min(1, 'must be at least 1').max(200, 'must be at most 200').default(50) });
export const PartnerLogsReplySchema = z.object({ logs: z.array(PartnerLogSchema) });

export const PartnerPropertySchema = z.object({
  id: z.string(),
  tokeet_property_id: z.string(),
  local_property_id: z.string().nullable(),
  property_name: z.string(),
  property_type: z.string(),
  rooms_count: z.number().int(),
  max_guests: z.number().int(),
  last_synced: z.string().nullable(),
  /** Why it has no local property (the plan's limit), when it has none. */
  not_imported_reason: z.string().nullable(),
});
export const PartnerPropertiesReplySchema = z.object({ properties: z.array(PartnerPropertySchema) });

export const PartnerRatesQuerySchema = z.object({ property_id: z.string().min(1, 'is required').max(100, 'must be at most 100 characters') });
export const PartnerRateSchema = z.object({ date: z.string(), nightly: z.number(), currency: z.string(), name: z.string() });
export const PartnerRatesReplySchema = z.object({ rates: z.array(PartnerRateSchema) });
