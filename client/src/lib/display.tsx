/**
 * The one formatting module of the client: the signed-in user's display settings (timezone, date
 * format, 12/24 h; defaults of shared/format/dates.ts) applied to every date, time and amount on screen.
 * Amounts go through shared/format/money.ts in the reader's locale and the amount's own currency.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  DEFAULT_DISPLAY_SETTINGS,
  formatDate,
  formatDateOrDateTime,
  formatDateTime,
  formatTime,
  normalizeDisplaySettings,
  todayIn,
  type DisplaySettings,
} from '../../../shared/format/dates';
import { formatMoney, formatMoneyList } from '../../../shared/format/money';
import type { Money } from '../../../shared/money';
import { TABLE } from '../data/tables';
import { useRows } from '../data/use-rows';

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
};

/** The reader's locale: the browser's language (numbers, currency symbols), the runtime's elsewhere. */
function readerLocale(): string | undefined {
  return typeof navigator !== 'undefined' && navigator.language ? navigator.language : undefined;
}

export function makeFormatters(settings: DisplaySettings, locale: string | undefined = readerLocale()): Formatters {
  return {
    settings,
    date: (v) => formatDate(v, settings),
    time: (v) => formatTime(v, settings),
    dateTime: (v) => formatDateTime(v, settings),
    when: (v) => formatDateOrDateTime(v, settings),
    money: (units, currency = 'USD') => formatMoney(units ?? 0, currency, locale),
    moneyList: (list, empty) => formatMoneyList(list, locale, empty),
    today: () => todayIn(settings.timezone, new Date()),
  };
}

const FormatContext = createContext<Formatters | null>(null);

/** Loads the user's display settings row; the defaults apply until it arrives. */
export function DisplaySettingsProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const result = useRows(TABLE.display_settings, { PageSize: 1, Filters: [{ name: 'user_id', op: 'Equal', value: userId }] });
  const row = result.status === 'success' ? result.rows[0] : undefined;
  const formatters = useMemo(() => makeFormatters(row ? normalizeDisplaySettings(row) : DEFAULT_DISPLAY_SETTINGS), [row]);
  return <FormatContext.Provider value={formatters}>{children}</FormatContext.Provider>;
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
