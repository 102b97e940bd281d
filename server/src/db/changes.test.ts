/**
 * The change feed: what a transaction wrote is published once, after its commit; a rolled-back
 * transaction or savepoint publishes nothing of its own; a push's origin is stamped on its batch;
 * a write outside `transact` is published on the next turn of the event loop.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TABLE_IDS, requireTable } from '../../../shared/registry';
import { attachChangeFeed, InProcessChangeFeed, withChangeOrigin, type ChangeBatch } from './changes';
import { openDatabase, type Db } from './index';
import { insertRow, transact, updateRow } from './write';

const TIERS = requireTable(TABLE_IDS.subscription_tiers);
const SETTINGS = requireTable(TABLE_IDS.display_settings);

let db: Db;
let batches: ChangeBatch[];
let detach: () => void;

beforeEach(() => {
  db = openDatabase(':memory:');
  const feed = new InProcessChangeFeed();
  detach = attachChangeFeed(db.$client, feed);
  batches = [];
  feed.subscribe((batch) => batches.push(batch));
});
afterEach(() => {
  detach();
  db.$client.close();
});

const tier = (name: string) => ({ tier_name: name, monthly_price: 10 });
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('change feed', () => {
  it('publishes one batch per committed transaction, after the commit, with the owner of each row', async () => {
    let seenInside = -1;
    transact(db, (tx) => {
      const row = insertRow(tx, TIERS, tier('Basic'));
      updateRow(tx, TIERS, String(row.id), { monthly_price: 12 });
      insertRow(tx, SETTINGS, { user_id: 'u1' });
      seenInside = batches.length;
    });
    expect(seenInside).toBe(0);
    // Delivered once the committing code has finished its synchronous work.
    expect(batches).toHaveLength(0);
    await Promise.resolve();
    expect(batches).toHaveLength(1);
    expect(batches[0]?.changes.map((c) => [c.table, c.op, c.ownerAfter])).toEqual([
      [TABLE_IDS.subscription_tiers, 'create', null],
      [TABLE_IDS.subscription_tiers, 'update', null],
      [TABLE_IDS.display_settings, 'create', 'u1'],
    ]);
  });

  it('drops what a rolled-back savepoint or transaction wrote', async () => {
    transact(db, (tx) => {
      insertRow(tx, TIERS, tier('Kept'));
      expect(() =>
        transact(db, (inner) => {
          insertRow(inner, TIERS, tier('Rolled back'));
          throw new Error('refused');
        }),
      ).toThrow('refused');
    });
    expect(() =>
      transact(db, (tx) => {
        insertRow(tx, TIERS, tier('Also rolled back'));
        throw new Error('failed');
      }),
    ).toThrow('failed');
    await tick();
    expect(batches).toHaveLength(1);
    expect(batches[0]?.changes).toHaveLength(1);
  });

  it('stamps the origin of a push on its batch', async () => {
    withChangeOrigin(db.$client, 'client-1', () => transact(db, (tx) => insertRow(tx, TIERS, tier('Pushed'))));
    transact(db, (tx) => insertRow(tx, TIERS, tier('Not pushed')));
    await tick();
    expect(batches.map((b) => b.origin)).toEqual(['client-1', undefined]);
  });

  it('publishes a write made outside transact on the next turn of the event loop', async () => {
    db.transaction((tx) => insertRow(tx, TIERS, tier('Drizzle transaction')));
    expect(batches).toHaveLength(0);
    await tick();
    expect(batches).toHaveLength(1);
  });

  it('keeps publishing to the others when a subscriber throws', () => {
    const errors: unknown[] = [];
    const feed = new InProcessChangeFeed((error) => errors.push(error));
    const seen: number[] = [];
    feed.subscribe(() => {
      throw new Error('broken subscriber');
    });
    feed.subscribe((batch) => seen.push(batch.changes.length));
    feed.publish({ changes: [{ table: 1, id: 'a', op: 'create' }] });
    expect(seen).toEqual([1]);
    expect(errors).toHaveLength(1);
  });
});
