/**
 * The audit log as the admin console reads it (GET /api/admin/audit-log): who did what to which
 * row and when, newest first, a page at a time, with the actors and tables the log holds (for
 * the filters) and readable names for both.
 */
import { z } from 'zod';
import { tableById } from '../registry';

const PAGE_SIZE_MAX = 100;
export const AUDIT_PAGE_SIZE = 25;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');
const positiveInt = (max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `must be a whole number from 1 to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(1, `must be a whole number from 1 to ${max}`).max(max, `must be a whole number from 1 to ${max}`));

export const AuditQuerySchema = z.object({
  actor: z.string().min(1).max(100).optional().describe('Only what this user did (a user ID)'),
  table: z
    .string()
    .regex(/^\d{1,6}$/, 'must be a table id')
    .transform(Number)
    .optional()
    .describe('Only rows of this table (a table id)'),
  from: day.optional().describe('From this UTC day (inclusive)'),
  to: day.optional().describe('Up to this UTC day (inclusive)'),
  page: positiveInt(1_000_000).optional().describe('1-based page (default 1)'),
  pageSize: positiveInt(PAGE_SIZE_MAX).optional().describe(`Entries a page (default ${AUDIT_PAGE_SIZE}, at most ${PAGE_SIZE_MAX})`),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  action: z.string(),
  actor_id: z.string().nullable(),
  /** The actor's name (or e-mail), null when the actor is unknown (a removed account keeps its name). */
  actor_name: z.string().nullable(),
  table_id: z.number().int().nullable(),
  /** Readable table name ("Subscription tiers"). */
  table_label: z.string(),
  entity_id: z.string().nullable(),
  /** Readable name of the row when it has one (a tier's name, a setting's name, a user's name). */
  entity_label: z.string().nullable(),
  /** The fields a create or update wrote (names only: values may be secrets). */
  fields: z.array(z.string()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  actors: z.array(z.object({ id: z.string(), name: z.string() })),
  tables: z.array(z.object({ id: z.number().int(), label: z.string() })),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** "subscription_tiers" → "Subscription tiers"; an id no longer in the registry reads "Table 12345". */
export function tableLabel(tableId: number | null): string {
  if (tableId === null) return '—';
  const def = tableById(tableId);
  if (!def) return `Table ${tableId}`;
  const words = def.name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
