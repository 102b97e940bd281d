/**
 * The one formatting module of the client: the signed-in user's display settings (timezone, date
 * format, 12/24 h; defaults of shared/format/dates.ts) applied to every date, time and amount on screen,
 * in the active language (client/src/i18n: month and weekday names, day periods, digits and
 * separators). Amounts go through shared/format/money.ts in that language and the amount's own currency.
 *
 * The provider also applies the synced row's `language` (issue 24): when it arrives (sign-in, a
 * first pull) or changes (this device offline, or another device), the page switches at once.
 */
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import {
  DEFAULT_DISPLAY_SETTINGS,
  formatDate,
  formatDateOrDateTime,
  formatDateTime,
  formatTime,
  monthName,
  normalizeDisplaySettings,
  relativeDayName,
  todayIn,
  weekdayName,
  type DisplaySettings,
} from '../../../shared/format/dates';
import { formatMoney, formatMoneyList, formatNumber } from '../../../shared/format/money';
import type { Money } from '../../../shared/money';
import { TABLE } from '../data/tables';
import { useRows } from '../data/use-rows';
import { applyLanguage, currentLocale } from '../i18n/language-control';
import { useLocale } from '../i18n/use-t';
import { isLocale, type Locale } from '../../../shared/i18n/locales';

export type Formatters = {
  settings: DisplaySettings;
  date: (value: string | Date | null | undefined) => string;
  time: (value: string | Date | null | undefined) => string;
  dateTime: (value: string | Date | null | undefined) => string;
  /** A task's schedule or due date: a day or an instant. */
  when: (value: string | null | undefined) => string;
  /** An amount in its currency (USD when none is given), in the reader's locale: JPY without decimals. */
  money: (units: number | null | undefined, currency?: string) => string;
  /** Per-currency figures side by side, each in its currency; `empty` (or a zero) when none. */
  moneyList: (list: readonly Money[], empty?: string) => string;
  /** Today's date (YYYY-MM-DD) in the user's timezone. */
  today: () => string;
  /** A count or figure with the language's digits grouping and decimal mark. */
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
  /** `monday` … `sunday` as the language names it. */
  weekday: (name: string) => string;
  /** `YYYY-MM` as a short month and year. */
  month: (month: string) => string;
  /** A day as "Today", "Tomorrow" or "Yesterday" in the language, else its date. */
  day: (day: string) => string;
  /** The language these format in. */
  locale: Locale;
};

export function makeFormatters(settings: DisplaySettings, locale: Locale = currentLocale()): Formatters {
  const today = () => todayIn(settings.timezone, new Date());
  return {
    settings,
    locale,
    date: (v) => formatDate(v, settings, locale),
    time: (v) => formatTime(v, settings, locale),
    dateTime: (v) => formatDateTime(v, settings, locale),
    when: (v) => formatDateOrDateTime(v, settings, locale),
    money: (units, currency = 'USD') => formatMoney(units ?? 0, currency, locale),
    moneyList: (list, empty) => formatMoneyList(list, locale, empty),
    today,
    number: (value, options) => formatNumber(value, locale, options),
    weekday: (name) => weekdayName(name, locale),
    month: (month) => monthName(month, locale),
    day: (day) => relativeDayName(day, today(), locale) ?? formatDate(day, settings, locale),
  };
}

const FormatContext = createContext<Formatters | null>(null);

/** Loads the user's display settings row; the defaults apply until it arrives. */
export function DisplaySettingsProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const result = useRows(TABLE.display_settings, { PageSize: 1, Filters: [{ name: 'user_id', op: 'Equal', value: userId }] });
  const row = result.status === 'success' ? result.rows[0] : undefined;
  const locale = useLocale();
  const formatters = useMemo(() => makeFormatters(row ? normalizeDisplaySettings(row) : DEFAULT_DISPLAY_SETTINGS, locale), [row, locale]);
  useRowLanguage(row ? (isLocale(row.language) ? row.language : null) : undefined);
  return <FormatContext.Provider value={formatters}>{children}</FormatContext.Provider>;
}

/**
 * Applies the user's synced language (undefined: no row on this device yet, the page keeps its
 * language). Null is the device's own language. Sign-out leaves the last choice on the device
 * (client/src/i18n): the sign-in page then speaks the language of the person who used it last.
 */
function useRowLanguage(language: Locale | null | undefined): void {
  useEffect(() => {
    if (language !== undefined) void applyLanguage(language);
  }, [language]);
}

/**
 * Per-currency figures for a stat card: one amount per line, each in its currency (smaller when
 * there are several, so that three currencies fit a phone's card); `empty` (or a zero) when none.
 */
export function MoneyFigures({ list, empty }: { list: readonly Money[]; empty?: string }) {
  const format = useFormat();
  if (list.length <= 1) return <>{format.moneyList(list, empty)}</>;
  return (
    <span className="money-figures">
      {list.map((m) => (
        <span key={m.currency} className="money-figures__item">
          {format.money(m.amount, m.currency)}
        </span>
      ))}
    </span>
  );
}

export function useFormat(): Formatters {
  const value = useContext(FormatContext);
  if (!value) throw new Error('useFormat must be used within a DisplaySettingsProvider');
  return value;
}
