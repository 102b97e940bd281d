import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/helpers';
import { tableByName } from '../../../shared/registry';
import { currentVersion, insertRow, insertRows, nextVersion, reserveVersions } from './write';

describe('db/write', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeTestApp();
  });
  afterAll(async () => app.cleanup());

  it('reserves consecutive versions inside one transaction and across transactions', () => {
    const before = currentVersion(app.db);
    const [a, b, c] = app.db.transaction((tx) => [nextVersion(tx), reserveVersions(tx, 10), nextVersion(tx)]);
    expect(a).toBe(before + 1);
    expect(b).toBe(before + 11);
    expect(c).toBe(before + 12);
    expect(app.db.transaction((tx) => nextVersion(tx))).toBe(before + 13);
  });

  it('insertRows gives each row its own version, in order, like insertRow in a loop', () => {
    const def = tableByName('subscription_tiers')!;
    const before = currentVersion(app.db);
    const rows = app.db.transaction((tx) =>
      insertRows(
        tx,
        def,
        Array.from({ length: 450 }, (_, i) => ({ tier_name: `t${i}`, monthly_price: i + 0.5 })),
      ),
    );
    expect(rows).toHaveLength(450);
    expect(rows.map((r) => r.version)).toEqual(Array.from({ length: 450 }, (_, i) => before + 1 + i));
    expect(rows[3]).toMatchObject({ tier_name: 't3', monthly_price: 3.5, properties_limit: 1, is_active: true });
    const single = app.db.transaction((tx) => insertRow(tx, def, { tier_name: 'one', monthly_price: 1 }));
    expect(single.version).toBe(before + 451);
  });

  it('insertRows rolls back with its transaction', () => {
    const def = tableByName('subscription_tiers')!;
    const before = currentVersion(app.db);
    expect(() =>
      app.db.transaction((tx) => {
        insertRows(tx, def, [{ tier_name: 'x', monthly_price: 1 }]);
        throw new Error('abort');
      }),
    ).toThrow('abort');
    expect(currentVersion(app.db)).toBe(before);
  });
});
