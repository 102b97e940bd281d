/**
 * What the property screens decide before a write: the form's draft and its inline validation,
 * OTA listings as platform → reference rows, the amenities offered, and the tier limit as the
 * server counts it (non-archived properties against the
 * tier's properties_limit), so the host learns of it before the server refuses. Pure, but for
 * its texts: in the active language (the `host` catalog, `host.properties.error.*`).
 */
import { DEFAULT_CURRENCY, currencyDecimals, isCurrencyCode, toMinor } from '../../../../shared/money';
import type { PROPERTY_STATUSES } from '../../../../shared/enums';
import { t } from '../../i18n';

export const COMMON_AMENITIES = [
  'Wi-Fi',
  'Air conditioning',
  'Heating',
  'Kitchen',
  'Washing machine',
  'Dryer',
  'Free parking',
  'Dedicated workspace',
  'TV',
  'Pool',
  'Hot tub',
  'Balcony',
  'Garden',
  'Grill',
  'Pets allowed',
  'Elevator',
  'Crib',
  'Hair dryer',
  'Coffee maker',
  'EV charger',
] as const;

export const LISTING_PLATFORMS = ['airbnb', 'booking.com', 'vrbo', 'expedia', 'direct', 'other'] as const;

export type ListingRow = { platform: string; reference: string };

export type PropertyDraft = {
  property_name: string;
  /** Free text on the server; the known types are offered (shared/enums.ts). */
  property_type: string;
  status: (typeof PROPERTY_STATUSES)[number];
  address: string;
  latitude: number | null;
  longitude: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  max_guests: number | null;
  base_price: number | null;
  /** ISO 4217 code the property is priced in; its new bookings take it. */
  currency: string;
  description: string;
  timezone: string;
  amenities: string[];
  listings: ListingRow[];
};

export function emptyPropertyDraft(timezone = 'UTC', currency: string = DEFAULT_CURRENCY): PropertyDraft {
  return {
    property_name: '',
    property_type: 'apartment',
    status: 'active',
    address: '',
    latitude: null,
    longitude: null,
    bedrooms: 1,
    bathrooms: 1,
    max_guests: 2,
    base_price: 0,
    currency,
    description: '',
    timezone,
    amenities: [],
    listings: [],
  };
}

type PropertyRowLike = Omit<PropertyDraft, 'listings'> & { ota_listings: Record<string, string> };

export function draftOfProperty(p: PropertyRowLike): PropertyDraft {
  return {
    property_name: p.property_name,
    property_type: p.property_type,
    status: p.status,
    address: p.address,
    latitude: p.latitude,
    longitude: p.longitude,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    max_guests: p.max_guests,
    base_price: p.base_price,
    currency: p.currency,
    description: p.description,
    timezone: p.timezone,
    amenities: [...p.amenities],
    listings: Object.entries(p.ota_listings).map(([platform, reference]) => ({ platform, reference })),
  };
}

export type PropertyErrors = Partial<Record<keyof PropertyDraft, string>> & { listingRows?: Record<number, string> };

function wholeAtLeast(value: number | null, min: number): boolean {
  return value !== null && Number.isInteger(value) && value >= min;
}

/** Field errors; `isTimeZone` is the display module's check (Intl), passed in to keep this pure. */
export function validateProperty(d: PropertyDraft, isTimeZone: (tz: string) => boolean): PropertyErrors {
  const e: PropertyErrors = {};
  if (!d.property_name.trim()) e.property_name = t('host.properties.error.name');
  if (!wholeAtLeast(d.bedrooms, 0)) e.bedrooms = t('host.properties.error.bedrooms');
  if (d.bathrooms === null || d.bathrooms < 0 || !Number.isInteger(d.bathrooms * 2)) e.bathrooms = t('host.properties.error.bathrooms');
  if (!wholeAtLeast(d.max_guests, 1)) e.max_guests = t('host.properties.error.guests');
  const decimals = currencyDecimals(d.currency);
  if (d.base_price === null || d.base_price < 0) e.base_price = t('host.properties.error.price');
  else if (toMinor(d.base_price, d.currency) !== Number((d.base_price * 10 ** decimals).toPrecision(12)))
    e.base_price = decimals === 0 ? t('host.properties.error.wholeAmounts', { currency: d.currency }) : t('host.properties.error.decimals', { decimals });
  if (!isCurrencyCode(d.currency)) e.currency = t('host.properties.error.currency');
  if (d.latitude !== null && (d.latitude < -90 || d.latitude > 90)) e.latitude = t('host.properties.error.latitude');
  if (d.longitude !== null && (d.longitude < -180 || d.longitude > 180)) e.longitude = t('host.properties.error.longitude');
  if (!isTimeZone(d.timezone)) e.timezone = t('host.properties.error.timezone');
  const rows: Record<number, string> = {};
  const seen = new Set<string>();
  d.listings.forEach((l, i) => {
    const platform = l.platform.trim().toLowerCase();
    if (!platform) rows[i] = t('host.properties.error.platform');
    else if (!l.reference.trim()) rows[i] = t('host.properties.error.reference');
    else if (seen.has(platform)) rows[i] = t('host.properties.error.platformTwice');
    seen.add(platform);
  });
  if (Object.keys(rows).length) e.listingRows = rows;
  return e;
}

export function hasErrors(e: PropertyErrors): boolean {
  return Object.keys(e).length > 0;
}

/** The fields a draft writes (host_id, images, export URL and created_date are the server's). */
export function propertyFields(d: PropertyDraft): Record<string, unknown> {
  return {
    property_name: d.property_name.trim(),
    property_type: d.property_type,
    status: d.status,
    address: d.address.trim(),
    latitude: d.latitude,
    longitude: d.longitude,
    bedrooms: d.bedrooms ?? 0,
    bathrooms: d.bathrooms ?? 0,
    max_guests: d.max_guests ?? 1,
    base_price: d.base_price ?? 0,
    currency: d.currency,
    description: d.description,
    timezone: d.timezone,
    amenities: [...new Set(d.amenities.map((a) => a.trim()).filter(Boolean))],
    ota_listings: Object.fromEntries(d.listings.map((l) => [l.platform.trim().toLowerCase(), l.reference.trim()])),
  };
}

export type TierLimit = { tierName: string; limit: number; used: number; reached: boolean };

/** Where the host stands against its tier's properties_limit; undefined when the tier is unknown (not limited). */
export function propertyLimit(
  properties: readonly { status: string }[],
  tier: { tier_name: string; properties_limit: number } | undefined,
): TierLimit | undefined {
  if (!tier) return undefined;
  const used = properties.filter((p) => p.status !== 'archived').length;
  return { tierName: tier.tier_name, limit: tier.properties_limit, used, reached: used + 1 > tier.properties_limit };
}

/** The refusal text, worded as the server words it (server/src/modules/hosts/limits.ts). */
export function limitMessage(l: TierLimit): string {
  return t('host.properties.limitMessage', { tier: l.tierName, limit: l.limit, used: l.used });
}

/** Whether a refusal from the server is the tier limit (it then gets the upgrade link). */
export function isLimitRefusal(error: string): boolean {
  return /plan allows \d+ propert/.test(error);
}

/** Options for the timezone picker: the browser's IANA list, with the current value kept. */
export function timezoneOptions(current: string, supported: readonly string[]): string[] {
  const list = supported.length ? [...supported] : ['UTC'];
  if (!list.includes('UTC')) list.unshift('UTC');
  if (current && !list.includes(current)) list.unshift(current);
  return list;
}

export { currencyOptions } from '../../../../shared/money';

/**
 * A new property's currency: the one the host's other properties use most, the platform default
 * on a tie or without properties.
 */
export function usualCurrency(properties: readonly { currency?: string | null; status?: string }[]): string {
  const counts = new Map<string, number>();
  for (const p of properties) if (p.currency && p.status !== 'archived') counts.set(p.currency, (counts.get(p.currency) ?? 0) + 1);
  let best = DEFAULT_CURRENCY;
  let most = counts.get(DEFAULT_CURRENCY) ?? 0;
  for (const [currency, n] of counts) if (n > most) [best, most] = [currency, n];
  return best;
}
