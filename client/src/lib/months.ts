/** Calendar months of plain `YYYY-MM-DD` days, as the screens group and label money and stays. */

/** First day of the month of `day` (YYYY-MM-01). */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** First day of the month after the month of `day`. */
export function nextMonthStart(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** First day of the month before the month of `day`. */
export function previousMonthStart(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-03` → `Mar 2026`. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  return `${MONTH_NAMES[Number(m) - 1] ?? m} ${year}`;
}
