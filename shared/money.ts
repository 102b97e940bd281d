/**
 * Money rules (docs/decisions.md "Money"): every amount has a currency (ISO 4217); on the wire a
 * number in currency units; stored as an integer in its currency's own minor units (the `moneyIn`
 * column and its row codec, shared/schema/columns.ts and money-codec.ts; USD-only amounts in
 * cents, the `money` column); rounded half away from zero to the currency's
 * own minor unit (a cent for USD and EUR, a whole yen for JPY), once. Amounts of different
 * currencies are never added: sums are kept per currency (`sumByCurrency`).
 * Formatting for people lives in shared/format/money.ts.
 */

/** The platform's default currency when a setting is missing (spec: USD). */
export const DEFAULT_CURRENCY = "USD";

/**
 * The one currency of the stored counters that sum money (`host_profiles.total_revenue`,
 * `guests.total_spent`) and of the VIP spend rule: the spec's USD. Only amounts priced in it are
 * counted there, since amounts of two currencies are never added (there are no exchange rates);
 * screens show revenue and spend per currency from the bookings themselves.
 */
export const COUNTER_CURRENCY = DEFAULT_CURRENCY;

/** Common ISO 4217 codes offered in pickers, most used first after the platform default. */
export const COMMON_CURRENCIES = [
  "USD",
  "EUR",
  "GBP",
  "JPY",
  "CAD",
  "AUD",
  "NZD",
  "CHF",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "CZK",
  "HUF",
  "MXN",
  "BRL",
  "ARS",
  "CLP",
  "COP",
  "ZAR",
  "AED",
  "TRY",
  "INR",
  "THB",
  "IDR",
  "SGD",
  "HKD",
  "KRW",
  "CNY",
  "ISK",
] as const;

const CODE = /^[A-Z]{3}$/;
const decimalsCache = new Map<string, number>();

/** Whether the text is an ISO 4217 currency code that Intl knows (upper case, three letters). */
export function isCurrencyCode(code: unknown): code is string {
  if (typeof code !== "string" || !CODE.test(code)) return false;
  const known =
    typeof Intl.supportedValuesOf === "function"
      ? Intl.supportedValuesOf("currency")
      : null;
  return known ? known.includes(code) : true;
}

/**
 * Decimals of a currency's minor unit (USD 2, JPY 0, KWD 3), as Intl has them; 2 for an
 * unknown code so that a bad value never loses cents.
 */
export function currencyDecimals(currency: string = DEFAULT_CURRENCY): number {
  const cached = decimalsCache.get(currency);
  if (cached !== undefined) return cached;
  let decimals: number;
  try {
    decimals =
      new Intl.NumberFormat("en", {
        style: "currency",
        currency,
      }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    decimals = 2;
  }
  decimalsCache.set(currency, decimals);
  return decimals;
}

/**
 * Every currency Intl knows whose minor unit is not a hundredth, by its decimals (JPY 0, KWD 3):
 * the exceptions to the cent scale that SQL sees (`minorScaleSql`, server/src/db/money.ts).
 */
export function currenciesNotInCents(): ReadonlyMap<string, number> {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("currency") : COMMON_CURRENCIES;
  const out = new Map<string, number>();
  for (const code of known) {
    const decimals = currencyDecimals(code);
    if (decimals !== 2) out.set(code, decimals);
  }
  return out;
}

/** Rounds a value half away from zero, with a 12-digit precision step against binary float noise. */
function roundHalfAway(value: number): number {
  const abs = Number(Math.abs(value).toPrecision(12));
  const r = Math.round(abs);
  // Never -0: an amount that rounds to nothing is stored and compared as 0.
  return value < 0 && r !== 0 ? -r : r;
}

/** Units (possibly with float noise) → integer minor units of the currency (cents, yen). */
export function toMinor(
  units: number,
  currency: string = DEFAULT_CURRENCY,
): number {
  if (!Number.isFinite(units))
    throw new RangeError(`Not a finite amount: ${units}`);
  return roundHalfAway(units * 10 ** currencyDecimals(currency));
}

/** Integer minor units → units, exact to the currency's decimals as a JS number. */
export function fromMinor(
  minor: number,
  currency: string = DEFAULT_CURRENCY,
): number {
  return Math.round(minor) / 10 ** currencyDecimals(currency);
}

/** Units rounded to the currency's minor unit (1234.5 JPY → 1235; 10.005 USD → 10.01). */
export function roundToCurrency(
  units: number,
  currency: string = DEFAULT_CURRENCY,
): number {
  return fromMinor(toMinor(units, currency), currency);
}

/** Units (possibly with float noise, e.g. 1.005 stored as 1.00499…) → integer cents. */
export function toCents(units: number): number {
  return toMinor(units, "USD");
}

/** Integer cents → units (exact to two decimals as a JS number). */
export function fromCents(cents: number): number {
  return fromMinor(cents, "USD");
}

/** Rounds a minor-unit amount that may carry fractions (from a percentage) half away from zero. */
export function roundCents(cents: number): number {
  return roundHalfAway(cents);
}

/** Commission on a total at a percentage rate, in minor units of the total's currency: rounded once. */
export function commissionCents(
  totalCents: number,
  ratePercent: number,
): number {
  return roundCents((totalCents * ratePercent) / 100);
}

/** An amount with its currency. */
export type Money = { currency: string; amount: number };

/**
 * Adds amounts per currency, in minor units, and returns one sum per currency in units, in the
 * order the currencies first appear. Never adds two currencies together.
 */
export function sumByCurrency<T>(
  rows: readonly T[],
  currencyOf: (row: T) => string,
  amountOf: (row: T) => number,
): Money[] {
  const sums = new Map<string, number>();
  for (const row of rows) {
    const currency = currencyOf(row);
    sums.set(
      currency,
      (sums.get(currency) ?? 0) + toMinor(amountOf(row), currency),
    );
  }
  return [...sums.entries()].map(([currency, minor]) => ({
    currency,
    amount: fromMinor(minor, currency),
  }));
}

/** Orders currency codes: the given first one (the platform default) first, the rest alphabetically. */
export function sortCurrencies(
  codes: Iterable<string>,
  first: string = DEFAULT_CURRENCY,
): string[] {
  return [...new Set(codes)].sort((a, b) =>
    a === first ? -1 : b === first ? 1 : a < b ? -1 : a > b ? 1 : 0,
  );
}

/**
 * Options for the currency picker: the common ISO 4217 codes, the platform default first, with the
 * current value kept when it is not among them.
 */
export function currencyOptions(current: string): string[] {
  const list: string[] = sortCurrencies(COMMON_CURRENCIES, DEFAULT_CURRENCY);
  const rest = list.filter((c) => c !== DEFAULT_CURRENCY).sort();
  const ordered = [DEFAULT_CURRENCY, ...rest];
  if (current && !ordered.includes(current)) ordered.splice(1, 0, current);
  return ordered;
}

/** One field of per-currency figures as a list of amounts (`revenue` of each currency's totals, say). */
export function amountsOf<T extends { currency: string }, K extends keyof T>(
  list: readonly T[],
  key: K,
): Money[] {
  return list.map((row) => ({
    currency: row.currency,
    amount: Number(row[key]),
  }));
}
