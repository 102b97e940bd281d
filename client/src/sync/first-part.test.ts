// Dexie's live queries run only where the global has an IndexedDB (read when Dexie loads): first.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { firstPartStore } from './first-part';
import { testStore } from './test-db';
import type { StaykeepDb } from '../db/db';

const opened: StaykeepDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function store() {
  const db = testStore().open();
  opened.push(db);
  return { db, part: firstPartStore(() => db) };
}

/** Resolves once `check` holds after a change the store announced (or at once). */
function heard(part: ReturnType<typeof firstPartStore>, check: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    if (check()) return resolve();
    const timer = setTimeout(() => reject(new Error('not heard within 2 s')), 2000);
    const stop = part.subscribe(() => {
      if (!check()) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

describe('firstPartStore', () => {
  it('tells every listener when the first part is stored and when it goes, from one read for all', async () => {
    const { db, part } = store();
    const calls = { a: 0, b: 0 };
    const stopA = part.subscribe(() => (calls.a += 1));
    const stopB = part.subscribe(() => (calls.b += 1));
    expect(part.get()).toBe(false);
    await db.setMeta('firstPartVersion', 12);
    await heard(part, () => part.get());
    expect(calls).toEqual({ a: 1, b: 1 });
    await db.transaction('rw', db.meta, () => db.meta.delete('firstPartVersion'));
    await heard(part, () => !part.get());
    expect(calls).toEqual({ a: 2, b: 2 });
    stopA();
    stopB();
  });

  it('forgets its answer when the last listener leaves, and reads again for the next one', async () => {
    const { db, part } = store();
    await db.setMeta('firstPartVersion', 3);
    const stop = part.subscribe(() => undefined);
    await heard(part, () => part.get());
    stop();
    expect(part.get()).toBe(false);
    // Stored no more while nobody listened: the next listener hears the store as it is now.
    await db.transaction('rw', db.meta, () => db.meta.delete('firstPartVersion'));
    const again = part.subscribe(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(part.get()).toBe(false);
    again();
  });
});
