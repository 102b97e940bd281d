/**
 * Money rules (docs/decisions.md "Money"): on the wire a number in currency units (the server
 * sends at most two decimals), stored as integer cents, rounded half away from zero to the cent,
 * once.
 */

/** Units (possibly with float noise, e.g. 1.005 stored as 1.00499…) → integer cents. */
export function toCents(units: number): number {
  if (!Number.isFinite(units)) throw new RangeError(`Not a finite amount: ${units}`);
  const scaled = Number((Math.abs(units) * 100).toPrecision(12));
  const cents = Math.round(scaled);
  return units < 0 ? -cents : cents;
}

/** Integer cents → units (exact to two decimals as a JS number). */
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

/** Rounds a cent amount that may carry fractions (from a percentage) half away from zero. */
export function roundCents(cents: number): number {
  const abs = Number(Math.abs(cents).toPrecision(12));
  const r = Math.round(abs);
  return cents < 0 ? -r : r;
}

/** Commission on a total at a percentage rate, in cents: rounded once. */
export function commissionCents(totalCents: number, ratePercent: number): number {
  return roundCents((totalCents * ratePercent) / 100);
}

export function formatMoney(units: number, currency = 'USD', locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(units);
}
