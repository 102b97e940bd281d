/**
 * A read-only data table. On narrow screens each row becomes a card (CSS reads the `data-label`
 * of each cell), so the same markup serves the phone and the desktop.
 */
import type { ReactNode } from 'react';
import { cx } from './cx';
import { useSidewaysScroll } from './sideways-scroll';

export type Column<T> = {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  align?: 'start' | 'end';
  /** Hidden on narrow screens to keep cards short. */
  secondary?: boolean;
};

export type TableProps<T> = {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Show the caption to sighted users as well (default: screen readers only). */
  showCaption?: boolean;
};

export function Table<T>({ caption, columns, rows, rowKey, showCaption = false }: TableProps<T>) {
  const { ref, region } = useSidewaysScroll(caption);
  return (
    <div ref={ref} className="table-wrap" {...region}>
      <table className="table">
        <caption className={showCaption ? 'table__caption' : 'visually-hidden'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cx(c.align === 'end' && 'align-end', c.secondary && 'cell--secondary')}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.key} data-label={c.header} className={cx(c.align === 'end' && 'align-end', c.secondary && 'cell--secondary')}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
