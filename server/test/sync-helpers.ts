/**
 * Helpers of the sync tests: mutation builders, push and pull over app.inject, a pull loop that
 * applies pages to a replica the way a client does (reset drops everything first).
 */
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { MutationInput, PullResponse, PushResponse } from '../../shared/sync';
import { newId } from '../src/db/write';

export type Reply<T> = { status: number; body: T };
export type ErrorBody = { error: string };

let clock = Date.parse('2030-01-01T00:00:00Z');

/** A mutation with a fresh id and a client timestamp. */
export function mutation(seq: number, table: number, op: MutationInput['op'], rowId: string, fields: Record<string, unknown> = {}): MutationInput {
  clock += 1000;
  return { id: newId(), seq, table, op, rowId, fields, at: new Date(clock).toISOString() };
}

export function auth(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export async function pushRaw(app: FastifyInstance, token: string | null, payload: unknown): Promise<Reply<PushResponse & ErrorBody>> {
  const res = await app.inject({ method: 'POST', url: '/api/sync/push', headers: token ? auth(token) : {}, payload: payload as Record<string, unknown> });
  return { status: res.statusCode, body: res.json() };
}

export async function push(app: FastifyInstance, token: string, clientId: string, mutations: MutationInput[]): Promise<PushResponse> {
  const reply = await pushRaw(app, token, { clientId, mutations });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

export async function pullRaw(app: FastifyInstance, token: string | null, query: string): Promise<Reply<PullResponse & ErrorBody>> {
  const res = await app.inject({ method: 'GET', url: `/api/sync/pull${query}`, headers: token ? auth(token) : {} });
  return { status: res.statusCode, body: res.json() };
}

export async function pull(app: FastifyInstance, token: string, cursor: number, limit?: number, extra = ''): Promise<PullResponse> {
  const reply = await pullRaw(app, token, `?cursor=${cursor}${limit ? `&limit=${limit}` : ''}${extra}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

type Rows = Map<string, Record<string, unknown>>;

/** What a client holds: rows per table id, and its cursor. */
export class Replica {
  readonly tables = new Map<number, Rows>();
  cursor = 0;
  /** The version of the first part of a first sync it holds, until the rest is in (`held`). */
  held: number | undefined = undefined;
  resets = 0;
  pages = 0;

  rows(table: number): Rows {
    let rows = this.tables.get(table);
    if (!rows) this.tables.set(table, (rows = new Map()));
    return rows;
  }

  ids(table: number): string[] {
    return [...this.rows(table).keys()].sort();
  }

  apply(page: PullResponse): void {
    if (page.reset) {
      this.tables.clear();
      this.resets += 1;
      this.held = undefined;
    }
    for (const change of page.changes) {
      const id = String(change.row.id ?? change.row.ID);
      if (change.deleted) this.rows(change.table).delete(id);
      else this.rows(change.table).set(id, change.row);
    }
    this.cursor = page.cursor;
    this.pages += 1;
    if (page.firstPart) this.held = page.version;
    else if (!page.more) this.held = undefined;
  }

  /** The first part of a first sync: the rows of today's screens in [from, to). */
  async firstPart(app: FastifyInstance, token: string, from: string, to: string): Promise<PullResponse> {
    const page = await pull(app, token, 0, undefined, `&first_from=${from}&first_to=${to}`);
    this.apply(page);
    return page;
  }

  /** The next page (with `held` while a first part is held). */
  async next(app: FastifyInstance, token: string, limit?: number): Promise<PullResponse> {
    const page = await pull(app, token, this.cursor, limit, this.held === undefined ? '' : `&held=${this.held}`);
    this.apply(page);
    return page;
  }

  /** Pulls until nothing more waits. */
  async sync(app: FastifyInstance, token: string, limit?: number): Promise<void> {
    for (let i = 0; i < 10_000; i += 1) {
      const page = await this.next(app, token, limit);
      if (!page.more) return;
    }
    throw new Error('pull did not finish');
  }
}
