import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespace } from '../../i18n';
import { isPlanLimitText, normalizeFeedUrl, placeServerError, validateFeed } from './feed-form';

beforeAll(() => loadNamespace('host'));

describe('validateFeed', () => {
  const ok = { propertyId: 'p1', platform: 'airbnb', iCalUrl: 'https://www.airbnb.com/calendar/ical/1.ics?s=abc' };

  it('accepts a complete feed', () => {
    expect(validateFeed(ok)).toEqual({});
    expect(validateFeed({ ...ok, iCalUrl: 'webcal://example.com/cal.ics' })).toEqual({});
  });

  it('names each missing or malformed field', () => {
    expect(validateFeed({ propertyId: '', platform: ' ', iCalUrl: '' })).toEqual({
      propertyId: 'Choose the property this calendar belongs to',
      platform: 'Name the site this calendar comes from',
      iCalUrl: 'Paste the calendar (iCal) address from the booking site',
    });
    expect(validateFeed({ ...ok, iCalUrl: 'ftp://example.com/a.ics' }).iCalUrl).toBe('Enter a web address starting with https://');
    expect(validateFeed({ ...ok, iCalUrl: 'not a url' }).iCalUrl).toBe('Enter a web address starting with https://');
    expect(validateFeed({ ...ok, platform: 'x'.repeat(51) }).platform).toBe('At most 50 characters');
  });
});

describe('normalizeFeedUrl', () => {
  it('reads webcal as https and trims', () => {
    expect(normalizeFeedUrl('  webcal://a.example/x.ics ')).toBe('https://a.example/x.ics');
    expect(normalizeFeedUrl('https://a.example/x.ics')).toBe('https://a.example/x.ics');
  });
});

describe('placeServerError', () => {
  it('puts a field error under its field', () => {
    expect(placeServerError('Invalid value for iCalUrl: the calendar address points to a loopback address (127.0.0.1), which is not allowed')).toEqual({
      iCalUrl: 'The calendar address points to a loopback address (127.0.0.1), which is not allowed',
    });
    expect(placeServerError('Invalid value for platform: too long')).toEqual({ platform: 'Too long' });
  });

  it('puts anything else above the form', () => {
    expect(placeServerError('This calendar is already connected to the property')).toEqual({ form: 'This calendar is already connected to the property' });
    expect(placeServerError('Invalid value for body: unknown')).toEqual({ form: 'Invalid value for body: unknown' });
  });
});

describe('plan limit refusals', () => {
  it("knows the server's refusal of a platform past the plan, and nothing else", () => {
    expect(isPlanLimitText('The Basic plan allows 1 OTA integration (in use: airbnb): move to a larger plan to connect vrbo')).toBe(true);
    expect(isPlanLimitText('The Pro plan allows 3 OTA integrations: move to a larger plan to connect expedia')).toBe(true);
    expect(isPlanLimitText('The feed could not be added. Please try again.')).toBe(false);
  });
});
