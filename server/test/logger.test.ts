/**
 * The log keeps no address that works as a credential (server/src/logger.ts): a push endpoint's
 * path, an OTA's iCal URL with its secret under a name of the OTA's choosing, in a message, an
 * error or a string field of a logged object; the development mail line keeps its link.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactSecrets } from '../src/logger';

function capture(): { log: pino.Logger; text: () => string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const { stream: _unused, ...options } = loggerOptions('info', stream);
  return { log: pino(options as pino.LoggerOptions, stream), text: () => lines.join('') };
}

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bSecretSubscriptionId';
const FEED = 'https://www.airbnb.com/calendar/ical/12345.ics?s=0123456789abcdefSECRET';

describe('server log', () => {
  it('keeps only the origin of an absolute URL, and the origin alone as it is', () => {
    expect(redactSecrets(`endpoint no longer allowed: ${ENDPOINT}`)).toBe('endpoint no longer allowed: https://fcm.googleapis.com/[redacted]');
    expect(redactSecrets(`fetch ${FEED} failed`)).toBe('fetch https://www.airbnb.com/[redacted] failed');
    expect(redactSecrets('Server listening at http://127.0.0.1:3000')).toBe('Server listening at http://127.0.0.1:3000');
    expect(redactSecrets('GET /api/sync/pull?cursor=3')).toBe('GET /api/sync/pull?cursor=3');
  });

  it('scrubs messages, string fields of logged objects and errors, but not the development mail line', () => {
    const { log, text } = capture();
    log.warn({ deliveryId: 'd1', reason: `endpoint no longer allowed: ${ENDPOINT}` }, 'push: delivery refused');
    log.error({ err: new Error(`could not read ${FEED}`) }, 'calendar sync job failed');
    log.info(`importing ${FEED}`);
    log.info('[mail:dev] To: a@example.com Subject: Reset Link: http://localhost:3000/resetpassword?token=demo-link');
    const out = text();
    expect(out).not.toContain('APA91bSecretSubscriptionId');
    expect(out).not.toContain('SECRET');
    expect(out).toContain('"deliveryId":"d1"');
    expect(out).toContain('https://fcm.googleapis.com/[redacted]');
    expect(out).toContain('resetpassword?token=demo-link');
  });
});
