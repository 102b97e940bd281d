/** The one request helper: bodies, headers, the error type and the server's `{ error }` text, for the screens and the sync transport alike. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TABLE_IDS } from '../../../shared/table-ids';
import { encodePull } from '../../../shared/sync-wire';
import { saveSession } from '../auth/stored-session';
import { dropSessionFromMemory } from '../auth/token-storage';
import type { StaykeepDb } from '../db/db';
import { testStore } from '../sync/test-db';
import { httpTransport } from '../sync/transport';
import { ApiError, apiRequest, apiRequestAs, onUnauthorized, sendRequest, type FetchInit, type FetchLike } from './http';

type Call = { url: string; init: FetchInit };

/** A fetch that records what it is sent and answers `status` with `body` (raw text). */
function answering(status: number, body: string, calls: Call[] = []): FetchLike {
  return async (url, init) => {
    calls.push({ url, init });
    return { ok: status >= 200 && status < 300, status, statusText: status === 404 ? 'Not Found' : '', text: async () => body };
  };
}

const down: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));

async function failure(run: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await run.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('sendRequest', () => {
  it('sends JSON with the Bearer token, GET without a body and POST with one, and answers the parsed body', async () => {
    const calls: Call[] = [];
    expect(await sendRequest(answering(200, '{"ok":true}', calls), '/api/x', { body: { a: 1 }, token: 't1' })).toEqual({ ok: true });
    expect(await sendRequest(answering(200, '', calls), '/api/y')).toBeUndefined();
    expect(calls[0]?.init).toMatchObject({ method: 'POST', body: '{"a":1}', headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Bearer t1' } });
    expect(calls[1]?.init.method).toBe('GET');
    expect(calls[1]?.init.headers).toEqual({ Accept: 'application/json' });
  });

  it('sends a FormData as it is, leaving its multipart Content-Type to the browser', async () => {
    const calls: Call[] = [];
    const form = new FormData();
    form.append('file', new Blob(['png']), 'a.png');
    await sendRequest(answering(200, '{}', calls), '/api/upload', { body: form, token: 't1' });
    expect(calls[0]?.init.body).toBe(form);
    expect(calls[0]?.init.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer t1' });
  });

  it('fails with the status and the server’s { error } text, or a fallback naming the status', async () => {
    const refused = await failure(sendRequest(answering(409, '{"error":"These dates are taken"}'), '/api/x'));
    expect([refused.status, refused.message, refused.serverMessage]).toEqual([409, 'These dates are taken', 'These dates are taken']);
    const plain = await failure(sendRequest(answering(404, '<html>'), '/api/x'));
    expect([plain.status, plain.message, plain.serverMessage]).toEqual([404, 'Request failed (404 Not Found)', undefined]);
    const blank = await failure(sendRequest(answering(500, '{"error":"  "}'), '/api/x'));
    expect(blank.serverMessage).toBeUndefined();
  });

  it('fails with status 0 when there is no answer, or when a success was cut off', async () => {
    const unreachable = await failure(sendRequest(down, '/api/x'));
    expect([unreachable.status, unreachable.isNetwork]).toEqual([0, true]);
    const cut = await failure(sendRequest(answering(200, '{"List":[{"id"'), '/api/x'));
    expect(cut.isNetwork).toBe(true);
  });

  it('rejects with the abort itself when the caller aborted', async () => {
    const controller = new AbortController();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    controller.abort(abort);
    const aborted: FetchLike = () => Promise.reject(abort);
    await expect(sendRequest(aborted, '/api/x', { signal: controller.signal })).rejects.toBe(abort);
  });
});

describe('apiRequest (the screens’ call)', () => {
  let db: StaykeepDb;
  let calls: Call[];
  const respond = (status: number, body: string) => {
    calls = [];
    const fetch = answering(status, body, calls);
    vi.stubGlobal('fetch', (url: string, init: FetchInit & { credentials?: string }) => fetch(url, init));
  };

  beforeEach(async () => {
    db = testStore().open();
    await saveSession(db, { token: 'stored', demo: false, user: { ID: 'u1', Name: 'Harper', Email: 'h@example.com', CreateTime: '', Role: 'host', setupCompleted: true, totpEnabled: false } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    dropSessionFromMemory();
    db.close();
  });

  it('sends the stored token, and tells the listeners when that session is refused with 401', async () => {
    const told: number[] = [];
    const stop = onUnauthorized((error) => told.push(error.status));
    respond(401, '{"error":"Session expired"}');
    expect((await failure(apiRequest('/api/auth/me'))).serverMessage).toBe('Session expired');
    expect(calls[0]?.init.headers.Authorization).toBe('Bearer stored');
    // A token being checked (a sign-in link) is not the session: its 401 tells no one.
    await failure(apiRequest('/api/auth/me', { token: 'link' }));
    await failure(apiRequest('/api/auth/login', { body: {}, auth: false }));
    expect(calls[2]?.init.headers.Authorization).toBeUndefined();
    stop();
    expect(told).toEqual([401]);
  });

  it('checks an answer against its schema', async () => {
    respond(200, '{"needed":"yes"}');
    const drift = await failure(apiRequestAs('/api/setup/status', z.object({ needed: z.boolean() })));
    expect(drift.status).toBe(500);
  });
});

describe('the sync transport on the same helper', () => {
  it('reads the server’s { error } of a refused push into an ApiError with its status', async () => {
    const transport = httpTransport({ fetch: answering(400, '{"error":"Invalid value for mutations.0.fields"}'), token: () => 't1' });
    const error = await failure(transport.push({ clientId: 'c1', mutations: [] }));
    expect([error.status, error.message]).toEqual([400, 'Invalid value for mutations.0.fields']);
  });

  it('takes an empty or cut-off answer for a network failure, and an answer of another shape for a server error', async () => {
    expect((await failure(httpTransport({ fetch: answering(200, ''), token: () => null }).pull(0, 10))).isNetwork).toBe(true);
    expect((await failure(httpTransport({ fetch: answering(200, '{"cursor":'), token: () => null }).pull(0, 10))).isNetwork).toBe(true);
    expect((await failure(httpTransport({ fetch: answering(200, '{"cursor":"x"}'), token: () => null }).pull(0, 10))).status).toBe(500);
    expect((await failure(httpTransport({ fetch: down, token: () => null }).pull(0, 10))).isNetwork).toBe(true);
  });

  it('pulls with the cursor and the token', async () => {
    const calls: Call[] = [];
    const page = { changes: [{ table: TABLE_IDS.bookings, row: { id: 'b1' }, deleted: false }], cursor: 7, more: false };
    const transport = httpTransport({ fetch: answering(200, JSON.stringify(page), calls), token: () => 't1' });
    const pulled = await transport.pull(3, 500);
    expect(calls[0]?.url).toBe('/api/sync/pull?cursor=3&limit=500&format=compact');
    expect(calls[0]?.init.headers.Authorization).toBe('Bearer t1');
    expect(pulled.cursor).toBe(7);
  });

  it('reads a compact answer as the changes it encodes, and refuses a malformed one', async () => {
    const rows = [
      { id: 'b1', version: 4, guest_name: 'Ada', notes: null },
      { id: 'b2', version: 5, guest_name: 'Ben', notes: null },
    ];
    const page = encodePull({ cursor: 7, more: true, version: 9, changes: rows.map((row) => ({ table: TABLE_IDS.bookings, row, deleted: false })) });
    const pulled = await httpTransport({ fetch: answering(200, JSON.stringify(page)), token: () => 't1' }).pull(0, 500);
    expect(pulled).toEqual({ cursor: 7, more: true, version: 9, changes: rows.map((row) => ({ table: TABLE_IDS.bookings, row, deleted: false })) });
    const broken = { ...page, tables: [{ table: TABLE_IDS.bookings, columns: ['id'], defaults: [null], rows: [['b1', 'extra']] }] };
    expect((await failure(httpTransport({ fetch: answering(200, JSON.stringify(broken)), token: () => null }).pull(0, 10))).status).toBe(500);
  });
});
