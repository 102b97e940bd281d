/**
 * The engine's two calls over HTTP (`POST /api/sync/push`, `GET /api/sync/pull`), through the
 * client's one request helper (api/http.ts) with a `fetch` of the caller's choosing, so that
 * tests can answer from the real server app in-process. Failures are ApiErrors: status 0 when the
 * server could not be reached or its answer was cut off, else the HTTP status with the server's
 * `{ error }` text.
 */
import { z } from 'zod';
import {
  EventsTicketSchema,
  PullResponseSchema,
  PushResponseSchema,
  type Change,
  type PullResponse,
  type PushRequest,
  type PushResponse,
} from '../../../shared/sync';
import { decodeChanges, isCompactPull } from '../../../shared/sync-wire';
import { ApiError, sendRequest, type FetchLike } from '../api/http';

/**
 * The pull answer with its changes checked by hand (isChange) rather than by ChangeSchema: zod
 * walks every field of every row (z.record), which cost a first sync of 20 000 rows most of a
 * second of the page's main thread. The rows are stored as the server sent them; the store needs
 * each to be an object (a row without an id is skipped by pull.ts).
 */
const PullEnvelopeSchema = PullResponseSchema.extend({ changes: z.array(z.unknown()) });

function isChange(value: unknown): value is Change {
  if (typeof value !== 'object' || value === null) return false;
  const { table, row, deleted } = value as Record<string, unknown>;
  return Number.isInteger(table) && typeof deleted === 'boolean' && typeof row === 'object' && row !== null && !Array.isArray(row);
}

const CompactEnvelopeSchema = PullResponseSchema.omit({ changes: true }).extend({ format: z.literal('compact'), tables: z.unknown() });

/**
 * A pull answer in either encoding (the compact one of shared/sync-wire.ts, asked for; the JSON
 * one of a server that predates it), as changes, or null when it is not one. The compact groups
 * are checked by hand, for the reason above.
 */
export function parsePullResponse(payload: unknown): PullResponse | null {
  if (isCompactPull(payload)) {
    const envelope = CompactEnvelopeSchema.safeParse(payload);
    const changes = envelope.success ? decodeChanges(envelope.data.tables) : null;
    if (!envelope.success || !changes || !changes.every(isChange)) return null;
    const { format: _format, tables: _tables, ...rest } = envelope.data;
    return { ...rest, changes };
  }
  const parsed = PullEnvelopeSchema.safeParse(payload);
  if (!parsed.success || !parsed.data.changes.every(isChange)) return null;
  return { ...parsed.data, changes: parsed.data.changes };
}

/** What a pull asks besides its cursor: the first part of a first sync, or the rest while one is held. */
export type PullOptions = { held?: number; first?: { from: string; to: string } };

export type SyncTransport = {
  push(request: PushRequest): Promise<PushResponse>;
  pull(cursor: number, limit: number, options?: PullOptions): Promise<PullResponse>;
};

export type HttpTransportOptions = {
  fetch: FetchLike;
  /** The session token of the signed-in user (null: the request goes without, and gets 401). */
  token: () => string | null;
  baseUrl?: string;
};

export function httpTransport(options: HttpTransportOptions): SyncTransport {
  const base = options.baseUrl ?? '';

  async function call(path: string, method: 'GET' | 'POST', body?: unknown): Promise<unknown> {
    const payload = await sendRequest(options.fetch, `${base}${path}`, { method, body, token: options.token() });
    // Both calls always answer a body: an empty one was cut off, like a body that is not JSON.
    if (payload === undefined) throw new ApiError('The answer of the server was incomplete', 0);
    return payload;
  }

  return {
    async push(request) {
      const payload = await call('/api/sync/push', 'POST', request);
      const parsed = PushResponseSchema.safeParse(payload);
      if (!parsed.success) throw new ApiError('Unexpected answer to a sync push', 500);
      return parsed.data;
    },
    async pull(cursor, limit, options = {}) {
      const extra = `${options.held === undefined ? '' : `&held=${options.held}`}${options.first ? `&first_from=${options.first.from}&first_to=${options.first.to}` : ''}`;
      // The compact encoding: column names once per table, no trailing defaults (shared/sync-wire.ts).
      const payload = await call(`/api/sync/pull?cursor=${cursor}&limit=${limit}&format=compact${extra}`, 'GET');
      const parsed = parsePullResponse(payload);
      if (!parsed) throw new ApiError('Unexpected answer to a sync pull', 500);
      return parsed;
    },
  };
}

/**
 * A single-use ticket for the event stream (`GET /api/sync/events?ticket=`), asked for with the
 * session's Bearer header: the session token itself never goes into a URL. Bound to `clientId`,
 * so that the stream spares this device pokes about its own pushes. ApiError as above (401: the
 * session ended).
 */
export async function requestEventsTicket(options: HttpTransportOptions, clientId: string): Promise<string> {
  const payload = await sendRequest(options.fetch, `${options.baseUrl ?? ''}/api/sync/events/ticket`, { method: 'POST', body: { clientId }, token: options.token() });
  const parsed = EventsTicketSchema.safeParse(payload);
  if (!parsed.success) throw new ApiError('Unexpected answer to a stream ticket request', 500);
  return parsed.data.ticket;
}
