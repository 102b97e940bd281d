/** The generic table API's page call (api.md "Generic table API"; spec §7 "Data table calls"). */
import { z } from 'zod';
import { apiRequestAs } from '../api/http';
import type { RowOf, TableId } from './tables';

export type FilterOp =
  | 'Equal'
  | 'NotEqual'
  | 'GreaterThan'
  | 'GreaterThanOrEqual'
  | 'LessThan'
  | 'LessThanOrEqual'
  | 'StringContains'
  | 'In';

export type Filter = { name: string; op: FilterOp; value: string | number | boolean | null | (string | number)[] };

export type PageQuery = {
  PageNo?: number;
  PageSize?: number;
  OrderByField?: string;
  IsAsc?: boolean;
  Filters?: Filter[];
};

export type Page<T> = { List: T[]; VirtualCount: number };

const PageSchema = z.object({ List: z.array(z.record(z.string(), z.unknown())), VirtualCount: z.number().int().min(0) });

export async function fetchPage<Id extends TableId>(table: Id, query: PageQuery, signal?: AbortSignal): Promise<Page<RowOf[Id]>> {
  const body = { PageNo: 1, PageSize: 100, ...query };
  const page = await apiRequestAs(`/api/table/${table}/page`, PageSchema, { body, signal });
  // The rows' shape is the server's contract for this table id (shared/schema); the envelope
  // is checked above, the columns are not re-validated field by field on every read.
  return { List: page.List as RowOf[Id][], VirtualCount: page.VirtualCount };
}
