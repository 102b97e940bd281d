/**
 * Sign-in and reset-mail limits (server/src/modules/auth/login-limits.ts, docs/security.md): the
 * failing source waits, with growing delays, and the owner from another source never does; the
 * reset mail is capped per address (same answer, no mail) and per source (429). The source is
 * set with `remoteAddress`; time is the app's clock, moved by the tests.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loginFailures, mailQueue } from '../../shared/schema/tables';
import { INVALID_CREDENTIALS } from '../../shared/messages';
import { loadConfig } from '../src/config';
import { devMailbox } from '../src/modules/email/mailer';
import { sourceOf } from '../src/modules/auth/login-limits';
import type { BuildOptions } from '../src/app';
import { makeTestApp, type TestApp } from './helpers';

const STRANGER = '203.0.113.7';
const OWNER = '198.51.100.20';
const PASSWORD = 'the right password';

let clock = new Date('2031-06-01T09:00:00.000Z');
function advance(ms: number): void {
  clock = new Date(clock.getTime() + ms);
}

let app: TestApp | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

async function start(options: BuildOptions = {}): Promise<TestApp> {
  clock = new Date('2031-06-01T09:00:00.000Z');
  app = await makeTestApp({
    now: () => clock,
    mailDevTransport: true,
    loginFailuresPerAddress: 5,
    loginFailuresPerSource: 50,
    loginMaxDelayMinutes: 15,
    loginFailureWindowMinutes: 24 * 60,
    ...options,
  });
  return app;
}

function login(from: string, email: string, password: string, headers: Record<string, string> = {}) {
  return app!.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: from, headers });
}

function resetMail(from: string, email: string) {
  return app!.inject({ method: 'POST', url: '/api/auth/reset-password/email', payload: { email }, remoteAddress: from });
}

async function register(email: string): Promise<void> {
  const res = await app!.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: PASSWORD }, remoteAddress: '192.0.2.1' });
  expect(res.statusCode).toBe(201);
}

async function failTimes(from: string, email: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await login(from, email, 'a wrong password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: INVALID_CREDENTIALS });
  }
}

function expectWait(res: Awaited<ReturnType<typeof login>>, seconds: number, words: string): void {
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toBe(String(seconds));
  expect(res.json()).toEqual({ error: `Too many failed login attempts. Please try again in ${words}.` });
}

describe('sign-in limits', () => {
  it('defaults: 5 failures per address and source, 50 per source, waits up to 15 minutes, failures count for a day; reset mail 3 per address and 20 per source an hour', () => {
    expect(loadConfig({})).toMatchObject({
      loginFailuresPerAddress: 5,
      loginFailuresPerSource: 50,
      loginMaxDelayMinutes: 15,
      loginFailureWindowMinutes: 1440,
      resetMailsPerAddressPerHour: 3,
      resetRequestsPerSourcePerHour: 20,
    });
  });

  it("a stranger's failures from one IP never refuse the owner from another", async () => {
    await start();
    await register('housekeeper@example.com');
    await failTimes(STRANGER, 'housekeeper@example.com', 5);
    // The owner, from elsewhere, signs in, mistypes, and signs in again, at once…
    expect((await login(OWNER, 'housekeeper@example.com', PASSWORD)).statusCode).toBe(200);
    expect((await login(OWNER, 'Housekeeper@Example.com', 'a typo')).statusCode).toBe(401);
    expect((await login(OWNER, 'housekeeper@example.com', PASSWORD)).statusCode).toBe(200);
    // …while the stranger waits, even with the right password.
    expectWait(await login(STRANGER, 'housekeeper@example.com', PASSWORD), 1, '1 second');

    // Five more failures every quarter of an hour all day keep nobody but the stranger out.
    for (let round = 0; round < 4; round++) {
      advance(15 * 60_000);
      await failTimes(STRANGER, 'housekeeper@example.com', 1);
      expect((await login(OWNER, 'housekeeper@example.com', PASSWORD)).statusCode).toBe(200);
    }
  });

  it('makes the failing source wait longer after each further failure, 1 s, 2 s, 4 s … up to 15 minutes, with Retry-After', async () => {
    await start();
    await register('owner@example.com');
    await failTimes(STRANGER, 'owner@example.com', 5);

    const first = await login(STRANGER, 'owner@example.com', 'another guess');
    expectWait(first, 1, '1 second');
    // A refused attempt is not checked, so it is not counted and does not extend the wait.
    advance(999);
    expectWait(await login(STRANGER, 'owner@example.com', PASSWORD), 1, '1 second');
    advance(1);
    await failTimes(STRANGER, 'owner@example.com', 1);
    const second = await login(STRANGER, 'owner@example.com', 'another guess');
    expectWait(second, 2, '2 seconds');
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(Number(first.headers['retry-after']));
    advance(1000);
    expectWait(await login(STRANGER, 'owner@example.com', 'another guess'), 1, '1 second');
    advance(1000);

    // Waiting out each delay and failing again: the delay doubles until the cap.
    const waits: number[] = [];
    for (let i = 0; i < 11; i++) {
      await failTimes(STRANGER, 'owner@example.com', 1);
      const refused = await login(STRANGER, 'owner@example.com', 'another guess');
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      advance(wait * 1000);
    }
    expect(waits).toEqual([4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
    await failTimes(STRANGER, 'owner@example.com', 1);
    expectWait(await login(STRANGER, 'owner@example.com', PASSWORD), 900, '15 minutes');
    // The owner, from another IP, is not held up by any of it.
    expect((await login(OWNER, 'owner@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it("the right password from a source clears that source's failures for the address, and only those", async () => {
    await start();
    await register('owner@example.com');
    await register('other@example.com');
    await failTimes(STRANGER, 'owner@example.com', 5);
    await failTimes(OWNER, 'owner@example.com', 4);
    await failTimes(OWNER, 'other@example.com', 2);
    const rows = () => app!.db.select().from(loginFailures).all().map((r) => r.key);
    expect(rows()).toHaveLength(11);

    expect((await login(OWNER, 'owner@example.com', PASSWORD)).statusCode).toBe(200);
    expect(rows().filter((k) => k.startsWith(`login|${OWNER}|owner@`))).toEqual([]);
    expect(rows()).toHaveLength(7);
    // The owner's source starts again with its free attempts; the stranger still waits.
    await failTimes(OWNER, 'owner@example.com', 5);
    expectWait(await login(STRANGER, 'owner@example.com', PASSWORD), 1, '1 second');

    // Once the stranger's wait is over, its own right password clears its failures too.
    advance(1000);
    expect((await login(STRANGER, 'owner@example.com', PASSWORD)).statusCode).toBe(200);
    await failTimes(STRANGER, 'owner@example.com', 5);
  });

  it("a redeemed reset link clears the address's failures from every source, and no other address's", async () => {
    await start();
    await register('owner@example.com');
    await failTimes(STRANGER, 'owner@example.com', 5);
    await failTimes(OWNER, 'owner@example.com', 5);
    await failTimes(STRANGER, 'other@example.com', 1);
    await failTimes(STRANGER, 'evil|owner@example.com', 1);
    devMailbox.clear();
    expect((await resetMail(OWNER, 'owner@example.com')).statusCode).toBe(200);
    await app!.mail.sender.drain();
    const token = new URL(devMailbox.lastTo('owner@example.com')?.link ?? 'http://x/').searchParams.get('token');
    const reset = await app!.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'a new password' }, remoteAddress: OWNER });
    expect(reset.statusCode).toBe(200);

    const keys = app!.db
      .select()
      .from(loginFailures)
      .all()
      .map((r) => r.key)
      .filter((k) => k.startsWith('login|'))
      .sort();
    expect(keys).toEqual([`login|${STRANGER}|evil|owner@example.com`, `login|${STRANGER}|other@example.com`]);
    expect((await login(OWNER, 'owner@example.com', 'a new password')).statusCode).toBe(200);
    await failTimes(STRANGER, 'owner@example.com', 5);
  });

  it('slows down, as a whole, a source that fails across many addresses', async () => {
    await start({ loginFailuresPerSource: 12 });
    await register('owner@example.com');
    for (let i = 0; i < 12; i++) await failTimes(STRANGER, `guess${i}@example.com`, 1);
    // Any address now, even one it never tried, with the right password.
    expectWait(await login(STRANGER, 'owner@example.com', PASSWORD), 1, '1 second');
    expect((await login(OWNER, 'owner@example.com', PASSWORD)).statusCode).toBe(200);
    advance(1000);
    await failTimes(STRANGER, 'guess-next@example.com', 1);
    expectWait(await login(STRANGER, 'guess-more@example.com', 'a wrong password'), 2, '2 seconds');
    // A right password for one address does not wipe the source's failures for the others.
    advance(2000);
    expect((await login(STRANGER, 'owner@example.com', PASSWORD)).statusCode).toBe(200);
    await failTimes(STRANGER, 'guess-more@example.com', 1);
    expectWait(await login(STRANGER, 'guess-more@example.com', 'a wrong password'), 4, '4 seconds');
  });

  it('forgets failures older than the window, and the rows of the per-account lock of before', async () => {
    await start({ loginFailureWindowMinutes: 60 });
    await register('owner@example.com');
    // A row of the per-account lock of before (keyed by the bare address) goes too.
    app!.db.insert(loginFailures).values({ key: 'owner@example.com', at: clock.toISOString() }).run();
    await failTimes(STRANGER, 'owner@example.com', 5);
    expectWait(await login(STRANGER, 'owner@example.com', PASSWORD), 1, '1 second');
    advance(60 * 60_000 + 1000);
    await failTimes(STRANGER, 'owner@example.com', 4);
    expect(app!.db.select().from(loginFailures).all()).toHaveLength(4);
  });

  it('takes the source from X-Forwarded-For only with TRUST_PROXY', async () => {
    await start({ trustProxy: true });
    await register('owner@example.com');
    const via = (client: string) => ({ 'x-forwarded-for': client });
    for (let i = 0; i < 5; i++) expect((await login('10.0.0.2', 'owner@example.com', 'wrong guess', via(STRANGER))).statusCode).toBe(401);
    expect((await login('10.0.0.2', 'owner@example.com', PASSWORD, via(STRANGER))).statusCode).toBe(429);
    expect((await login('10.0.0.2', 'owner@example.com', PASSWORD, via(OWNER))).statusCode).toBe(200);
    await app!.cleanup();

    // Without it, the header is the client's own word, and changing it does not make a new source.
    await start({ trustProxy: false });
    await register('owner@example.com');
    for (let i = 0; i < 5; i++) expect((await login(STRANGER, 'owner@example.com', 'wrong guess', via(`192.0.2.${i}`))).statusCode).toBe(401);
    expect((await login(STRANGER, 'owner@example.com', PASSWORD, via('192.0.2.99'))).statusCode).toBe(429);
  });
});

describe('the source of a request', () => {
  it('is the IPv4 address, or the /64 network of an IPv6 address', () => {
    expect(sourceOf('203.0.113.7')).toBe('203.0.113.7');
    expect(sourceOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(sourceOf('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(sourceOf('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(sourceOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(sourceOf('::1')).toBe('0:0:0:0::/64');
    expect(sourceOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(sourceOf('64:ff9b:1:2::192.0.2.1')).toBe('64:ff9b:1:2::/64');
  });

  it('counts the addresses of one IPv6 /64 as one source', async () => {
    await start();
    await register('owner@example.com');
    for (let i = 0; i < 5; i++) await failTimes(`2001:db8:1:2::${i + 1}`, 'owner@example.com', 1);
    expectWait(await login('2001:db8:1:2:ffff::9', 'owner@example.com', PASSWORD), 1, '1 second');
    expect((await login('2001:db8:1:3::1', 'owner@example.com', PASSWORD)).statusCode).toBe(200);
  });
});

describe('reset-mail limits', () => {
  function resetMails(email: string) {
    return app!.db
      .select()
      .from(mailQueue)
      .where(and(eq(mailQueue.kind, 'reset'), eq(mailQueue.to_address, email)))
      .all();
  }

  it('queues at most 3 mails an address an hour, answering the same after that, whatever the source', async () => {
    await start();
    await register('owner@example.com');
    const answers: { status: number; body: string }[] = [];
    const ask = async (from: string, email: string) => {
      const res = await resetMail(from, email);
      answers.push({ status: res.statusCode, body: res.body });
    };
    for (let i = 0; i < 3; i++) await ask(STRANGER, 'owner@example.com');
    expect(resetMails('owner@example.com')).toHaveLength(3);
    await ask(STRANGER, 'owner@example.com');
    await ask(OWNER, 'owner@example.com');
    expect(resetMails('owner@example.com')).toHaveLength(3);
    // An address without an account: the same answers, under and over its limit.
    for (let i = 0; i < 4; i++) await ask(STRANGER, 'nobody@example.com');
    expect(resetMails('nobody@example.com')).toHaveLength(0);
    expect(answers).toHaveLength(9);
    expect(answers.every((a) => a.status === 200 && a.body === '{}')).toBe(true);

    // An hour after the first, the address may get one again.
    advance(60 * 60_000 + 1);
    expect((await resetMail(OWNER, 'owner@example.com')).statusCode).toBe(200);
    expect(resetMails('owner@example.com')).toHaveLength(4);
  });

  it('answers 429 with Retry-After to a source past 20 requests an hour; other sources go on', async () => {
    await start();
    await register('owner@example.com');
    for (let i = 0; i < 20; i++) {
      const res = await resetMail(STRANGER, `someone${i}@example.com`);
      expect(res.statusCode).toBe(200);
      advance(60_000);
    }
    const refused = await resetMail(STRANGER, 'owner@example.com');
    expect(refused.statusCode).toBe(429);
    // The first request (20 minutes ago) leaves the hour in 40 minutes.
    expect(refused.headers['retry-after']).toBe(String(40 * 60));
    expect(refused.json()).toEqual({ error: 'Too many password reset requests. Please try again in 40 minutes.' });
    expect(resetMails('owner@example.com')).toHaveLength(0);

    expect((await resetMail(OWNER, 'owner@example.com')).statusCode).toBe(200);
    expect(resetMails('owner@example.com')).toHaveLength(1);

    advance(40 * 60_000);
    expect((await resetMail(STRANGER, 'owner@example.com')).statusCode).toBe(200);
    expect(resetMails('owner@example.com')).toHaveLength(2);
    expect((await resetMail(STRANGER, 'owner@example.com')).statusCode).toBe(429);
  });
});
