/**
 * The engine's two calls over HTTP (api.md "Sync"), with a `fetch` of the caller's choosing so
 * that tests can answer from the real server app in-process. Failures become SyncHttpError with
 * the HTTP status (0: the server could not be reached) and the server's `{ error }` text.
 */
import { z } from 'zod';
import {
  PullResponseSchema,
  PushResponseSchema,
  type Change,
  type PullResponse,
  type PushRequest,
  type PushResponse,
} from '../../../shared/sync';

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

/** A pull answer, or null when it is not one. */
export function parsePullResponse(payload: unknown): PullResponse | null {
  const parsed = PullEnvelopeSchema.safeParse(payload);
  if (!parsed.success || !parsed.data.changes.every(isChange)) return null;
  return { ...parsed.data, changes: parsed.data.changes };
}

export class SyncHttpError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the server could not be reached or the answer was cut off. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'SyncHttpError';
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }
}

export type SyncTransport = {
  push(request: PushRequest): Promise<PushResponse>;
  pull(cursor: number, limit: number): Promise<PullResponse>;
};

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<{
  ok: boolean;
  status: number;
  text(): Promise<string>;
}>;

export type HttpTransportOptions = {
  fetch: FetchLike;
  /** The session token of the signed-in user (null: the request goes without, and gets 401). */
  token: () => string | null;
  baseUrl?: string;
};

function errorMessage(text: string, status: number): string {
  try {
    const payload: unknown = JSON.parse(text);
    if (typeof payload === 'object' && payload !== null && 'error' in payload && typeof payload.error === 'string') return payload.error;
  } catch {
    // Not JSON: fall through to the status.
  }
  return `The server answered ${status}`;
}

export function httpTransport(options: HttpTransportOptions): SyncTransport {
  const base = options.baseUrl ?? '';

  async function call(path: string, method: 'GET' | 'POST', body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = options.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Awaited<ReturnType<FetchLike>>;
    let text: string;
    try {
      response = await options.fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      text = await response.text();
    } catch {
      throw new SyncHttpError('The server could not be reached', 0);
    }
    if (!response.ok) throw new SyncHttpError(errorMessage(text, response.status), response.status);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // A body cut off mid-way is a network failure: the request may or may not have been applied.
      throw new SyncHttpError('The answer of the server was incomplete', 0);
    }
  }

  return {
    async push(request) {
      const payload = await call('/api/sync/push', 'POST', request);
      const parsed = PushResponseSchema.safeParse(payload);
      if (!parsed.success) throw new SyncHttpError('Unexpected answer to a sync push', 500);
      return parsed.data;
    },
    async pull(cursor, limit) {
      const payload = await call(`/api/sync/pull?cursor=${cursor}&limit=${limit}`, 'GET');
      const parsed = parsePullResponse(payload);
      if (!parsed) throw new SyncHttpError('Unexpected answer to a sync pull', 500);
      return parsed;
    },
  };
}
