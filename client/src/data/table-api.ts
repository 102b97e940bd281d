/**
 * The generic table API's page call (`POST /api/table/:table/page`), with the request and answer
 * shapes of the contract (shared/api/table.ts). Screens read synced tables from the offline store
 * with the same arguments (query-local.ts); only online-only tables come through here.
 */
import { PageReplySchema, type FilterInput, type PageReply, type PageRequest } from '../../../shared/api/table';
import { apiRequestAs } from '../api/http';
import type { RowOf, TableId } from './tables';

export type { FilterInput } from '../../../shared/api/table';

/** A page request as screens write it: the page number and size default to 1 and 100. */
export type PageQuery = Partial<Omit<PageRequest, 'Filters'>> & { Filters?: FilterInput[] };

export type Page<T> = PageReply<T>;

export async function fetchPage<Id extends TableId>(table: Id, query: PageQuery, signal?: AbortSignal): Promise<Page<RowOf[Id]>> {
  const body = { PageNo: 1, PageSize: 100, ...query };
  const page = await apiRequestAs(`/api/table/${table}/page`, PageReplySchema, { body, signal });
  // The rows' shape is the server's contract for this table id (shared/schema); the envelope
  // is checked above, the columns are not re-validated field by field on every read.
  return { List: page.List as RowOf[Id][], VirtualCount: page.VirtualCount };
}
