/**
 * Money in SQL (docs/decisions.md "Money"): a `moneyIn` column holds minor units of its row's
 * currency, so a query sums it per currency (`GROUP BY currency`) and converts each sum with
 * `fromMinor`. Where one expression must compare amounts to a value in units (the table API's
 * filters and order), `minorScaleSql` gives each row's units-to-minor factor.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { currenciesNotInCents, fromMinor, sortCurrencies, type Money } from '../../../shared/money';

let whenText: string | undefined;

function whens(): string {
  whenText ??= [...currenciesNotInCents()].map(([code, decimals]) => ` when '${code}' then ${10 ** decimals}`).join('');
  return whenText;
}

/** `10 ^ decimals` of the row's currency, as SQL: 1 for yen, 1000 for dinars, else 100. */
export function minorScaleSql(currency: SQLiteColumn): SQL {
  return sql`(case ${currency}${sql.raw(whens())} else 100 end)`;
}

/** The same for raw SQL text, over a column named in it (`currency`, `b.currency`). */
export function minorScaleText(currencyColumn: string): string {
  return `(case ${currencyColumn}${whens()} else 100 end)`;
}

/** Per-currency sums of minor units (as SQL gives them) → amounts in units, the default currency first. */
export function moneyFromSums(rows: readonly { currency: string; minor: number | bigint | null }[]): Money[] {
  const byCurrency = new Map(rows.map((r) => [r.currency, Number(r.minor ?? 0)]));
  return sortCurrencies(byCurrency.keys()).map((currency) => ({ currency, amount: fromMinor(byCurrency.get(currency) ?? 0, currency) }));
}
