/**
 * The fixture corpus (server/src/integrations/ical/fixtures): each feed is served by the local
 * fake feed server and goes through the real HTTP fetch and the parser; the instances must be
 * exactly the hand-written expectations. ical-tz.test.ts runs the same corpus under other TZs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFeedServer, type FakeFeedServer } from '../src/integrations/ical/fake/server';
import { checkCase, loadCorpus, sortInstances } from '../src/integrations/ical/fixtures/corpus';
import { fetchFeed } from '../src/integrations/ical/fetch';
import { parseIcalFeed } from '../src/integrations/ical/parse';

const corpus = loadCorpus();
let server: FakeFeedServer;

beforeAll(async () => {
  server = await startFakeFeedServer();
  for (const c of corpus) server.set(`/${c.name}.ics`, { body: c.bytes });
});
afterAll(async () => server.close());

describe('the fixture corpus through the real fetch', () => {
  it('covers every feed format of the corpus', () => {
    expect(corpus.map((c) => c.name)).toEqual([
      'airbnb',
      'bom-lf',
      'booking-com',
      'cancellations',
      'duplicate-uid',
      'duration',
      'google',
      'icloud-folding',
      'mixed-types',
      'outlook',
      'recurrence',
      'refetch-after',
      'refetch-before',
      'vrbo',
    ]);
  });

  it.each(corpus.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const fetched = await fetchFeed(server.url(`/${c.name}.ics`), { allowedOrigins: [server.origin] });
    expect(Buffer.compare(fetched.body, c.bytes)).toBe(0);
    const { instances, warnings } = parseIcalFeed(fetched.body, { timezone: c.timezone, today: c.today });
    expect(sortInstances(instances)).toEqual(sortInstances(c.instances));
    expect(warnings).toEqual([]);
  });

  it('reports a difference when an expectation is wrong (the check can fail)', () => {
    const c = corpus.find((x) => x.name === 'airbnb');
    if (!c) throw new Error('airbnb fixture missing');
    const shifted = { ...c, instances: c.instances.map((i, n) => (n === 0 ? { ...i, end: '2026-07-05' } : i)) };
    expect(checkCase(c)).toBeNull();
    expect(checkCase(shifted)).toMatch(/^airbnb: expected/);
  });
});
