import { describe, expect, it } from "vitest";
import {
  currencyDecimals,
  fromCents,
  fromMinor,
  isCurrencyCode,
  roundToCurrency,
  sortCurrencies,
  sumByCurrency,
  toCents,
  toMinor,
} from "./money";
import { priceBooking } from "./bookings";

describe("minor units per currency", () => {
  it("knows each currency’s decimals", () => {
    expect(currencyDecimals("USD")).toBe(2);
    expect(currencyDecimals("EUR")).toBe(2);
    expect(currencyDecimals("JPY")).toBe(0);
    expect(currencyDecimals("KWD")).toBe(3);
  });

  it("rounds half away from zero to the minor unit, once", () => {
    expect(toMinor(1.005, "USD")).toBe(101);
    expect(toMinor(-1.005, "EUR")).toBe(-101);
    expect(toMinor(1234.5, "JPY")).toBe(1235);
    expect(fromMinor(1235, "JPY")).toBe(1235);
    expect(fromMinor(101, "USD")).toBe(1.01);
    expect(roundToCurrency(99.99, "JPY")).toBe(100);
  });

  it("keeps the dollar behaviour of toCents and fromCents", () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(fromCents(30)).toBe(0.3);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
  });

  it("prices a yen booking in whole yen, commission plus net the total", () => {
    expect(priceBooking(28001, 12, "JPY")).toEqual({
      total_amount: 28001,
      commission_amount: 3360,
      net_amount: 24641,
    });
    expect(priceBooking(100.5, 12.5, "EUR")).toEqual({
      total_amount: 100.5,
      commission_amount: 12.56,
      net_amount: 87.94,
    });
  });

  it("validates ISO 4217 codes", () => {
    expect(isCurrencyCode("EUR")).toBe(true);
    expect(isCurrencyCode("eur")).toBe(false);
    expect(isCurrencyCode("EURO")).toBe(false);
    expect(isCurrencyCode("XQZ")).toBe(false);
    expect(isCurrencyCode(12)).toBe(false);
  });

  it("sums per currency, never across", () => {
    const rows = [
      { c: "EUR", a: 0.1 },
      { c: "USD", a: 5 },
      { c: "EUR", a: 0.2 },
      { c: "JPY", a: 1000 },
    ];
    expect(
      sumByCurrency(
        rows,
        (r) => r.c,
        (r) => r.a,
      ),
    ).toEqual([
      { currency: "EUR", amount: 0.3 },
      { currency: "USD", amount: 5 },
      { currency: "JPY", amount: 1000 },
    ]);
    expect(sortCurrencies(["JPY", "EUR", "USD", "EUR"])).toEqual([
      "USD",
      "EUR",
      "JPY",
    ]);
  });
});
