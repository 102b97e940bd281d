import { describe, expect, it } from 'vitest';
import type { StaykeepDb } from '../db/db';
import { afterLocalWrites, localWrite, setWriteQuiet } from './write-gate';

/** The gate keys on the database object only. */
const newDb = () => ({}) as StaykeepDb;

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('write gate', () => {
  it('waits for the writes under way, not for ones begun after it was asked (no pause asked for)', async () => {
    const db = newDb();
    expect(afterLocalWrites(db)).toBeNull();
    const first = deferred();
    void localWrite(db, () => first.promise);
    const order: string[] = [];
    const gate = afterLocalWrites(db);
    expect(gate).not.toBeNull();
    void gate?.then(() => order.push('gate'));
    const later = deferred();
    void localWrite(db, () => later.promise).then(() => order.push('later'));
    first.resolve();
    await gate;
    expect(order).toEqual(['gate']);
    later.resolve();
    await sleep(0);
    expect(order).toEqual(['gate', 'later']);
    expect(afterLocalWrites(db)).toBeNull();
  });

  it('with a pause asked for, waits until no write has begun for that long', async () => {
    const db = newDb();
    setWriteQuiet(db, 40, 5_000);
    await localWrite(db, async () => undefined);
    const asked = performance.now();
    const gate = afterLocalWrites(db);
    expect(gate).not.toBeNull();
    // Another write begins inside the pause: the wait starts again from it.
    await sleep(20);
    const second = performance.now();
    await localWrite(db, async () => undefined);
    await gate;
    expect(performance.now() - second).toBeGreaterThanOrEqual(39);
    expect(performance.now() - asked).toBeGreaterThanOrEqual(59);
    expect(afterLocalWrites(db)).toBeNull();
  });

  it('never waits past its longest wait, however the writes keep coming', async () => {
    const db = newDb();
    setWriteQuiet(db, 40, 60);
    let begun = 0;
    let writing = true;
    const taps = (async () => {
      while (writing && begun < 400) {
        begun += 1;
        await localWrite(db, async () => undefined);
        await sleep(5);
      }
    })();
    await sleep(10);
    await afterLocalWrites(db);
    const atGate = begun;
    writing = false;
    await taps;
    // The taps would have gone on for two seconds; the gate let the sync go long before.
    expect(atGate).toBeLessThan(400);
  });
});
