/**
 * The one way the client talks HTTP to its server: JSON in and out (or a multipart form for an
 * upload), the session token as a Bearer header, and every failure as an ApiError carrying the
 * server's `{ error }` text (read with shared/api/errors.ts), so that screens can show the
 * server's message first and their own fallback second. `apiRequest` is the screens' call;
 * `sendRequest` is the same request with a fetch of the caller's choosing, which the sync
 * transport (sync/transport.ts) uses with its own token and, in tests, a server answering
 * in-process.
 */
import type { z } from 'zod';
import { errorOf } from '../../../shared/api/error-text';
import { getToken } from '../auth/token-storage';

export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the server could not be reached or its answer was cut off. */
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

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a request needs of `fetch`: the browser's, the service worker's, or a test's. */
export type FetchInit = { method: Method; headers: Record<string, string>; body?: string | FormData; signal?: AbortSignal };
export type FetchAnswer = { ok: boolean; status: number; statusText?: string; text(): Promise<string> };
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchAnswer>;

/** The page's fetch, with the cookies of this origin. */
export const browserFetch: FetchLike = (url, init) => fetch(url, { ...init, credentials: 'same-origin' });

export const UNREACHABLE_TEXT = 'The server could not be reached. Check your connection and try again.';

export type HttpRequest = {
  /** GET without a body, POST with one, unless given. */
  method?: Method;
  /** Sent as JSON; a FormData is sent as a multipart form. */
  body?: unknown;
  signal?: AbortSignal;
  /** The Bearer token to send, if any. */
  token?: string | null;
};

type Parsed = { ok: true; value: unknown } | { ok: false };

function parseBody(text: string): Parsed {
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** The server's `{ error }` text of an answer body, when it holds a sentence. */
function serverMessageOf(parsed: Parsed): string | undefined {
  const text = parsed.ok ? errorOf(parsed.value) : undefined;
  return text?.trim() ? text : undefined;
}

/**
 * One request through `fetchFn`. Answers the parsed JSON body (undefined when empty). Throws an
 * ApiError with status 0 when there was no answer or it was cut off (the request may or may not
 * have been applied), else with the HTTP status and the server's `{ error }` text. An abort
 * through `signal` rejects with the abort itself.
 */
export async function sendRequest(fetchFn: FetchLike, url: string, request: HttpRequest = {}): Promise<unknown> {
  const { body, signal, token } = request;
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: string | FormData | undefined;
  // A multipart form carries its own Content-Type (with the boundary): the browser sets it.
  if (typeof FormData !== 'undefined' && body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;

  let answer: FetchAnswer;
  let text: string;
  try {
    answer = await fetchFn(url, { method: request.method ?? (body === undefined ? 'GET' : 'POST'), headers, body: payload, signal });
    text = await answer.text();
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(UNREACHABLE_TEXT, 0);
  }
  const parsed = parseBody(text);
  if (!answer.ok) {
    const serverMessage = serverMessageOf(parsed);
    throw new ApiError(serverMessage ?? `Request failed (${[answer.status, answer.statusText].filter(Boolean).join(' ')})`, answer.status, serverMessage);
  }
  if (!parsed.ok) throw new ApiError('The answer of the server was incomplete', 0);
  return parsed.value;
}

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();

/** Called when an authenticated request is refused with 401 (expired or revoked session). */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export type RequestOptions = Omit<HttpRequest, 'token'> & {
  /** Send the stored token (default true). */
  auth?: boolean;
  /** A token to send instead of the stored one (a sign-in link being checked). */
  token?: string;
};

/** A request of the screens: the stored session's token, and a 401 of that session told to the listeners. */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const { auth = true, token: given, ...request } = options;
  const token = auth ? (given ?? getToken()) : null;
  try {
    return await sendRequest(browserFetch, path, { ...request, token });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && token && given === undefined) for (const listener of unauthorizedListeners) listener(error);
    throw error;
  }
}

/** A request whose answer is checked against a schema, so that a contract drift fails loudly here. */
export async function apiRequestAs<T>(path: string, schema: z.ZodType<T>, options: RequestOptions = {}): Promise<T> {
  const payload = await apiRequest(path, options);
  const parsed = schema.safeParse(payload ?? {});
  if (!parsed.success) throw new ApiError(`Unexpected answer from ${path}: ${parsed.error.issues[0]?.message ?? 'invalid'}`, 500);
  return parsed.data;
}

/** The text a screen shows for a failure: the server's message, else the given fallback. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
