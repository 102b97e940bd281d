/**
 * The generic table API's request and answer shapes (`POST /api/table/:table/page|create|update|
 * delete`), used by the server's route schemas and by the client's calls alike.
 */
import { z } from 'zod';

/** How a page filter compares a column with its value (StringContains is case-insensitive). */
export const FILTER_OPS = ['Equal', 'NotEqual', 'GreaterThan', 'GreaterThanOrEqual', 'LessThan', 'LessThanOrEqual', 'StringContains', 'In'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

/** Most filters one page request may carry, and most rows one page may hold. */
export const MAX_PAGE_FILTERS = 50;
export const MAX_PAGE_SIZE = 1000;

export const FilterSchema = z.strictObject({
  name: z.string().min(1).max(100).describe('A column of the table'),
  op: z.enum(FILTER_OPS),
  value: z.unknown().describe('A value of the column type; a list for In; null with Equal/NotEqual'),
});
/** A filter as the server receives it: the value is checked against the column there. */
export type Filter = { name: string; op: FilterOp; value?: unknown };
/** A filter as a client writes it. */
export type FilterInput = { name: string; op: FilterOp; value: string | number | boolean | null | (string | number)[] };

export const PageRequestSchema = z.strictObject({
  PageNo: z.number().int().min(1).max(1_000_000).describe('1-based'),
  PageSize: z.number().int().min(1).max(MAX_PAGE_SIZE),
  OrderByField: z.string().max(100).nullish(),
  IsAsc: z.boolean().nullish(),
  Filters: z.array(FilterSchema).max(MAX_PAGE_FILTERS).nullish(),
});
export type PageRequest = z.infer<typeof PageRequestSchema>;

export const TableRowSchema = z.record(z.string(), z.unknown());
export const PageReplySchema = z.object({ List: z.array(TableRowSchema), VirtualCount: z.number().int().min(0) });
export type PageReply<Row = Record<string, unknown>> = { List: Row[]; VirtualCount: number };

/** Create answers the new row's key; update and delete take and answer it. */
export const IdReplySchema = z.object({ ID: z.string() });
export const DeleteReplySchema = IdReplySchema.extend({
  archived: z.literal(true).optional().describe('Present when a property with bookings was archived instead of deleted'),
});
