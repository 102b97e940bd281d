/**
 * Test support: a StaykeepDb on its own fake-indexeddb factory, so that tests never share a
 * database and a "reload" is closing and reopening on the same factory.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { StaykeepDb } from '../db/db';

let serial = 0;

export type TestStore = { factory: IDBFactory; name: string; open: () => StaykeepDb };

/**
 * `mirror`: how the mirror holds the big tables. By default whole (the rows of most tests carry no
 * dates); `{ windowed: true, today }` holds them as the app does (db/window.ts).
 */
export function testStore(mirror: { windowed?: boolean; today?: string } = { windowed: false }): TestStore {
  serial += 1;
  const factory = new IDBFactory();
  const name = `staykeep-test-${serial}`;
  return { factory, name, open: () => new StaykeepDb(name, { indexedDB: factory, IDBKeyRange }, mirror) };
}
