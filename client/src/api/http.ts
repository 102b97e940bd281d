/**
 * The one way the client talks HTTP to its server: JSON in and out, the session token as a Bearer
 * header, and every failure as an ApiError carrying the server's `{ error }` text (api.md), so
 * that screens can show the server's message first and the spec's fallback text second.
 */
import type { z } from 'zod';
import { getToken } from '../auth/token-storage';

export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** The server's own `{ error }` text, when it sent one. */
    readonly serverMessage?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }
}

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();

/** Called when an authenticated request is refused with 401 (expired or revoked session). */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Send the stored token (default true). */
  auth?: boolean;
  /** A token to send instead of the stored one (a sign-in link being checked). */
  token?: string;
};

function messageFrom(payload: unknown): string | undefined {
  if (typeof payload === 'object' && payload !== null && 'error' in payload) {
    const { error } = payload as { error: unknown };
    if (typeof error === 'string' && error.trim() !== '') return error;
  }
  return undefined;
}

/** Sends a request and answers the parsed JSON body (undefined when empty). */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal, auth = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? (options.token ?? getToken()) : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal, credentials: 'same-origin' });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError('The server could not be reached. Check your connection and try again.', 0);
  }

  const text = await response.text();
  let payload: unknown = undefined;
  if (text !== '') {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = undefined;
    }
  }
  if (!response.ok) {
    const serverMessage = messageFrom(payload);
    const error = new ApiError(serverMessage ?? `Request failed (${response.status} ${response.statusText})`, response.status, serverMessage);
    if (response.status === 401 && token && options.token === undefined) for (const listener of unauthorizedListeners) listener(error);
    throw error;
  }
  return payload;
}

/** A request whose answer is checked against a schema, so that a contract drift fails loudly here. */
export async function apiRequestAs<T>(path: string, schema: z.ZodType<T>, options: RequestOptions = {}): Promise<T> {
  const payload = await apiRequest(path, options);
  const parsed = schema.safeParse(payload ?? {});
  if (!parsed.success) throw new ApiError(`Unexpected answer from ${path}: ${parsed.error.issues[0]?.message ?? 'invalid'}`, 500);
  return parsed.data;
}

/** The text a screen shows for a failure: the server's message, else the given fallback (spec §8). */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
