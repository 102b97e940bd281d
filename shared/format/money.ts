/**
 * The one money formatting module: every amount shown to a person goes through `formatMoney`,
 * with Intl.NumberFormat in the reader's locale and the amount's own currency (so JPY shows no
 * decimals and EUR its symbol). Lists of per-currency figures use `formatMoneyList`. The client
 * reaches these through `useFormat().money` (client/src/lib/display.tsx), which fills the locale.
 */
import { DEFAULT_CURRENCY, type Money } from "../money";

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(
  currency: string,
  locale: string | undefined,
): Intl.NumberFormat {
  const key = `${locale ?? ""}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(locale, { style: "currency", currency });
    } catch {
      // An unknown locale tag falls back to the runtime's; a bad currency code to the default.
      f = new Intl.NumberFormat(undefined, {
        style: "currency",
        currency: /^[A-Z]{3}$/.test(currency) ? currency : DEFAULT_CURRENCY,
      });
    }
    formatters.set(key, f);
  }
  return f;
}

/** An amount in units, in its currency and the locale (the runtime's when none is given). */
export function formatMoney(
  units: number,
  currency: string = DEFAULT_CURRENCY,
  locale?: string,
): string {
  return formatter(currency || DEFAULT_CURRENCY, locale).format(units);
}

/**
 * Per-currency figures side by side ("$1,200.00 · €300.00"); `empty` when there are none
 * (a zero in the default currency by default).
 */
export function formatMoneyList(
  list: readonly Money[],
  locale?: string,
  empty?: string,
): string {
  if (list.length === 0)
    return empty ?? formatMoney(0, DEFAULT_CURRENCY, locale);
  return list.map((m) => formatMoney(m.amount, m.currency, locale)).join(" · ");
}

/** A currency code with its name for pickers ("EUR · Euro"); the code alone where Intl has no names. */
export function currencyLabel(code: string, locale?: string): string {
  try {
    const name = new Intl.DisplayNames(locale, { type: "currency" }).of(code);
    return name && name !== code ? `${code} · ${name}` : code;
  } catch {
    return code;
  }
}

const numberFormatters = new Map<string, Intl.NumberFormat>();

/** A plain number (a count, a rating, a percentage with `style: "percent"`) in a locale's digits and separators. */
export function formatNumber(
  value: number,
  locale?: string,
  options: Intl.NumberFormatOptions = {},
): string {
  const key = `${locale ?? ""}|${JSON.stringify(options)}`;
  let f = numberFormatters.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(locale, options);
    } catch {
      f = new Intl.NumberFormat(undefined, options);
    }
    numberFormatters.set(key, f);
  }
  return f.format(value);
}
