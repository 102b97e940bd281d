import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespace } from '../../i18n';
import { currencyOptions, usualCurrency, draftOfProperty, emptyPropertyDraft, hasErrors, isLimitRefusal, limitMessage, propertyFields, propertyLimit, timezoneOptions, validateProperty } from './property-rules';

beforeAll(() => loadNamespace('host'));

const tz = (t: string) => ['UTC', 'Europe/Lisbon'].includes(t);

describe('property form rules', () => {
  it('needs a name and sane numbers', () => {
    const d = { ...emptyPropertyDraft(), property_name: 'Casa', bathrooms: 1.5 };
    expect(validateProperty(d, tz)).toEqual({});
    const bad = validateProperty({ ...d, property_name: ' ', max_guests: 0, bathrooms: 1.3, base_price: 9.999, latitude: 91, timezone: 'Mars/Base' }, tz);
    expect(Object.keys(bad).sort()).toEqual(['base_price', 'bathrooms', 'latitude', 'max_guests', 'property_name', 'timezone']);
  });

  it('checks listing rows one by one and writes them as platform → reference', () => {
    const d = {
      ...emptyPropertyDraft(),
      property_name: 'Casa',
      listings: [
        { platform: 'Airbnb', reference: ' 123 ' },
        { platform: 'airbnb', reference: '456' },
        { platform: 'vrbo', reference: '' },
      ],
    };
    expect(validateProperty(d, tz).listingRows).toEqual({ 1: 'This platform is listed twice', 2: 'Enter the listing reference' });
    expect(propertyFields({ ...d, listings: d.listings.slice(0, 1), amenities: ['Wi-Fi', ' Wi-Fi ', ''] })).toMatchObject({ ota_listings: { airbnb: '123' }, amenities: ['Wi-Fi'] });
  });

  it('reads a row back into a draft', () => {
    const { listings: _unused, ...rest } = { ...emptyPropertyDraft(), property_name: 'Casa' };
    expect(_unused).toEqual([]);
    const row = { ...rest, ota_listings: { vrbo: 'V1' } };
    expect(draftOfProperty(row).listings).toEqual([{ platform: 'vrbo', reference: 'V1' }]);
    expect(hasErrors({})).toBe(false);
  });
});

describe('tier limit', () => {
  it('counts non-archived properties against the limit, as the server does', () => {
    const props = [{ status: 'active' }, { status: 'inactive' }, { status: 'archived' }];
    const l = propertyLimit(props, { tier_name: 'basic', properties_limit: 2 });
    expect(l).toEqual({ tierName: 'basic', limit: 2, used: 2, reached: true });
    expect(propertyLimit(props, { tier_name: 'pro', properties_limit: 5 })?.reached).toBe(false);
    expect(propertyLimit(props, undefined)).toBeUndefined();
    expect(limitMessage(l as NonNullable<typeof l>)).toBe('The basic plan allows 2 properties (archived ones do not count) and 2 are in use: archive one or move to a larger plan to add another');
    expect(isLimitRefusal(limitMessage({ tierName: 'basic', limit: 1, used: 1, reached: true }))).toBe(true);
  });

  it('offers UTC and keeps an unusual current timezone', () => {
    expect(timezoneOptions('Etc/GMT+3', ['Europe/Lisbon'])).toEqual(['Etc/GMT+3', 'UTC', 'Europe/Lisbon']);
  });

  it('offers common currencies with the default first and picks the usual one for a new property', () => {
    const options = currencyOptions('EUR');
    expect(options[0]).toBe('USD');
    expect(options).toContain('JPY');
    expect(options.length).toBeGreaterThanOrEqual(30);
    expect(currencyOptions('MAD').slice(0, 2)).toEqual(['USD', 'MAD']);
    expect(usualCurrency([])).toBe('USD');
    expect(usualCurrency([{ currency: 'EUR' }, { currency: 'USD' }, { currency: 'JPY' }])).toBe('USD');
    expect(usualCurrency([{ currency: 'EUR' }, { currency: 'EUR' }, { currency: 'USD' }])).toBe('EUR');
    expect(usualCurrency([{ currency: 'EUR', status: 'archived' }])).toBe('USD');
  });

  it('checks the price against the currency decimals and the currency code', () => {
    const d = emptyPropertyDraft('UTC', 'JPY');
    expect(validateProperty({ ...d, property_name: 'Kyoto', base_price: 28000.5 }, () => true).base_price).toBe('Whole JPY amounts only');
    expect(validateProperty({ ...d, property_name: 'Kyoto', base_price: 28000 }, () => true)).toEqual({});
    expect(validateProperty({ ...d, property_name: 'Kyoto', currency: 'YEN' }, () => true).currency).toBeDefined();
  });
});
