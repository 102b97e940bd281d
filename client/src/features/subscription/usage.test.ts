import { describe, expect, it } from 'vitest';
import { currentTier, extraFeatures, otaPlatforms, otaUsage, propertyUsage, upgradesFrom, yearlySavingPercent } from './usage';

const TIERS = [
  { id: 't1', tier_name: 'Basic', monthly_price: 29.99, yearly_price: 299.99, properties_limit: 1, ota_integrations: 2, sort_order: 1 },
  { id: 't2', tier_name: 'pro', monthly_price: 49.99, yearly_price: 499.99, properties_limit: 5, ota_integrations: 5, sort_order: 2 },
  { id: 't3', tier_name: 'Enterprise', monthly_price: 99.99, yearly_price: 999.99, properties_limit: 25, ota_integrations: 10, sort_order: 3 },
];

describe('currentTier', () => {
  it('matches by name without case, or by id', () => {
    expect(currentTier(TIERS, 'PRO')?.id).toBe('t2');
    expect(currentTier(TIERS, 'basic')?.id).toBe('t1');
    expect(currentTier(TIERS, 't3')?.id).toBe('t3');
    expect(currentTier(TIERS, 'gold')).toBeUndefined();
  });
});

describe('usage', () => {
  it('counts non-archived properties against the limit', () => {
    const u = propertyUsage([{ status: 'active' }, { status: 'inactive' }, { status: 'archived' }], 2);
    expect(u).toEqual({ used: 2, limit: 2, ratio: 1, atLimit: true, over: false });
    expect(propertyUsage([{ status: 'active' }], 5)).toEqual({ used: 1, limit: 5, ratio: 0.2, atLimit: false, over: false });
  });

  it('counts distinct feed platforms without case; a smaller plan can be over', () => {
    const feeds = [{ platform: 'Airbnb' }, { platform: 'airbnb ' }, { platform: 'vrbo' }, { platform: 'booking.com' }];
    expect(otaPlatforms(feeds)).toEqual(['airbnb', 'booking.com', 'vrbo']);
    expect(otaUsage(feeds, 2)).toEqual({ used: 3, limit: 2, ratio: 1, atLimit: true, over: true });
  });
});

describe('yearlySavingPercent', () => {
  it('compares a year against twelve months', () => {
    expect(yearlySavingPercent({ monthly_price: 29.99, yearly_price: 299.99 })).toBe(17);
    expect(yearlySavingPercent({ monthly_price: 10, yearly_price: 120 })).toBe(0);
    expect(yearlySavingPercent({ monthly_price: 10, yearly_price: 0 })).toBe(0);
  });
});

describe('upgradesFrom', () => {
  it('lists the larger plans', () => {
    expect(upgradesFrom(TIERS, TIERS[1]).map((t) => t.id)).toEqual(['t3']);
    expect(upgradesFrom(TIERS, undefined).map((t) => t.id)).toEqual(['t1', 't2', 't3']);
  });
});

describe('extraFeatures', () => {
  it('drops lines that restate the limit columns', () => {
    expect(extraFeatures(['Up to 5 properties', '1 property', '5 OTA channel connections', 'Email support', 'Priority phone and chat support', 'Unified booking calendar', 'Everything in Basic'])).toEqual([
      'Unified booking calendar',
      'Everything in Basic',
    ]);
  });
});
