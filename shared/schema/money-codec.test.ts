import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currenciesNotInCents, currencyDecimals, fromMinor, roundToCurrency, toMinor } from '../money';
import { currencyAmountsOf, rowFromStore, rowToStore } from './money-codec';
import { bookings, housekeepingStaff, housekeepingTasks, partnerRates, paypalPayments, properties } from './tables';

const currencies = fc.constantFrom(...Intl.supportedValuesOf('currency'));
/** An amount with at most its currency's decimals, up to the wire's bound of 10^10. */
const amountIn = (currency: string) => {
  const scale = 10 ** currencyDecimals(currency);
  return fc.integer({ min: -(10 ** 10), max: 10 ** 10 }).map((n) => n / scale);
};

describe('toMinor and fromMinor', () => {
  it('round-trip every amount already in its currency\'s minor unit, in every currency', () => {
    fc.assert(
      fc.property(currencies.chain((c) => fc.tuple(fc.constant(c), amountIn(c))), ([currency, units]) => {
        const minor = toMinor(units, currency);
        expect(Number.isInteger(minor)).toBe(true);
        expect(fromMinor(minor, currency)).toBe(units);
      }),
    );
  });

  it('round any amount once to the currency\'s minor unit', () => {
    fc.assert(
      fc.property(currencies, fc.double({ min: -1e9, max: 1e9, noNaN: true }), (currency, units) => {
        const rounded = roundToCurrency(units, currency);
        expect(toMinor(rounded, currency)).toBe(toMinor(units, currency));
        expect(Math.abs(rounded - units)).toBeLessThanOrEqual(0.5 / 10 ** currencyDecimals(currency) + 1e-6 * Math.abs(units));
      }),
    );
  });
});

describe('the row codec', () => {
  it('knows the amounts of each table priced in its row currency, and leaves USD-only tables alone', () => {
    expect(currencyAmountsOf(bookings)).toEqual({ currency: 'currency', amounts: ['total_amount', 'commission_amount', 'net_amount'] });
    expect(currencyAmountsOf(properties)).toEqual({ currency: 'currency', amounts: ['base_price'] });
    expect(currencyAmountsOf(partnerRates)).toEqual({ currency: 'currency', amounts: ['nightly'] });
    expect(currencyAmountsOf(housekeepingTasks)).toEqual({ currency: 'currency', amounts: ['cost'] });
    expect(currencyAmountsOf(housekeepingStaff)).toEqual({ currency: 'currency', amounts: ['hourly_rate'] });
    expect(currencyAmountsOf(paypalPayments)).toBeUndefined();
  });

  it('stores each amount as whole minor units of its row currency and reads back the same row', () => {
    fc.assert(
      fc.property(currencies.chain((c) => fc.tuple(fc.constant(c), amountIn(c), amountIn(c))), ([currency, total, commission]) => {
        const row = { id: 'b', currency, total_amount: total, commission_amount: commission, net_amount: total, guest_name: 'x' };
        const stored = rowToStore(bookings, row);
        expect(stored.total_amount).toBe(toMinor(total, currency));
        expect(Number.isInteger(stored.commission_amount)).toBe(true);
        expect(stored.guest_name).toBe('x');
        expect(rowFromStore(bookings, stored)).toEqual(row);
      }),
    );
  });

  it('scales yen by 1, dinars by 1000 and the rest by 100', () => {
    const stored = (currency: string) => rowToStore(bookings, { currency, total_amount: 12.5 }).total_amount;
    expect(stored('JPY')).toBe(13);
    expect(stored('KWD')).toBe(12500);
    expect(stored('EUR')).toBe(1250);
    expect(rowToStore(bookings, { total_amount: 12.5 }).total_amount).toBe(1250); // no currency: the column default, USD
    expect(currenciesNotInCents().get('JPY')).toBe(0);
    expect(currenciesNotInCents().get('KWD')).toBe(3);
    expect(currenciesNotInCents().has('USD')).toBe(false);
  });
});
