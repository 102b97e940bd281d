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
/** Most values one In list may hold. */
export const MAX_IN_VALUES = 1000;
/**
 * Most filter values one page request may carry in all (each value of an In list and each other
 * filter count one). Every value is a bound parameter of the page's statements; with the scope's
 * few values and LIMIT/OFFSET this stays far below SQLite's 32 766 bound parameters (and the
 * statement text far below its 1 000 000 bytes), whatever the mix of filters. docs/security.md,
 * Input bounds.
 */
export const MAX_FILTER_VALUES = 5000;

export const FilterSchema = z.strictObject({
  name: z.string().min(1).max(100).describe('A column of the table'),
  op: z.enum(FILTER_OPS),
  value: z.unknown().describe(`A value of the column type; a list of at most ${MAX_IN_VALUES} for In; null with Equal/NotEqual`),
});
/** A filter as the server receives it: the value is checked against the column there. */
export type Filter = { name: string; op: FilterOp; value?: unknown };
/**
 * The values a request's filters carry, as MAX_FILTER_VALUES counts them: the length of each In
 * list, one for any other filter (a value that is not a list, under In, is refused later anyway).
 */
export function filterValueCount(filters: readonly { op: string; value?: unknown }[] | null | undefined): number {
  let n = 0;
  for (const f of filters ?? []) n += f.op === 'In' && Array.isArray(f.value) ? f.value.length : 1;
  return n;
}
/** A filter as a client writes it. */
export type FilterInput = { name: string; op: FilterOp; value: string | number | boolean | null | (string | number)[] };

export const PageRequestSchema = z.strictObject({
  PageNo: z.number().int().min(1).max(1_000_000).describe('1-based'),
  PageSize: z.number().int().min(1).max(MAX_PAGE_SIZE),
  OrderByField: z.string().max(100).nullish(),
  IsAsc: z.boolean().nullish(),
  Filters: z
    .array(FilterSchema)
    .max(MAX_PAGE_FILTERS)
    .refine((filters) => filterValueCount(filters) <= MAX_FILTER_VALUES, {
      message: `must carry at most ${MAX_FILTER_VALUES} values in all (each value of an In list and each other filter count one)`,
    })
    .nullish()
    .describe(
      `At most ${MAX_PAGE_FILTERS} filters, combined with AND, carrying at most ${MAX_FILTER_VALUES} values in all: each value of an In list (at most ${MAX_IN_VALUES} a list) and each other filter count one`,
    ),
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
