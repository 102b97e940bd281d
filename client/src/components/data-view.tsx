/** Renders a rows result in its states: a skeleton while loading, the error, the empty state, or the rows. */
import { useCallback, useState, type ReactNode } from 'react';
import type { RowsResult } from '../data/use-rows';
import { Button } from './ui/Button';
import { SkeletonRows } from './ui/Skeleton';
import { EmptyState, ErrorState } from './ui/States';
import { useT } from '../i18n/use-t';

export type DataViewProps<T> = {
  result: RowsResult<T>;
  empty: { title: string; text?: ReactNode; action?: ReactNode };
  /** The loading placeholder; table-shaped rows by default. */
  skeleton?: ReactNode;
  children: (rows: T[], total: number) => ReactNode;
};

export function DataView<T>({ result, empty, skeleton, children }: DataViewProps<T>) {
  if (result.status === 'loading') return <>{skeleton ?? <SkeletonRows />}</>;
  if (result.status === 'error') return <ErrorState error={result.error} onRetry={result.retry} />;
  if (result.rows.length === 0) {
    return (
      <EmptyState title={empty.title} action={empty.action}>
        {empty.text}
      </EmptyState>
    );
  }
  return <>{children(result.rows, result.total)}</>;
}

/**
 * The rows of a long list a screen draws, `step` at first and `step` more at each ask, with the
 * props of the ListFooter under them. Every drawn row costs each frame of the page (a change of
 * the sync status redraws it): a thousand task rows made a frame 20 to 47 ms on the benchmark
 * machine, a hundred 8 to 10 ms (bench/sync-client/README.md, "Rows drawn").
 */
export function useShownRows<T>(rows: readonly T[], step: number): { rows: readonly T[]; footer: ShownFooter } {
  const [shown, setShown] = useState(step);
  const onMore = useCallback(() => setShown((n) => n + step), [step]);
  return { rows: rows.slice(0, shown), footer: { shown: Math.min(shown, rows.length), total: rows.length, step, onMore } };
}

/** ListFooter's props for a list drawn in steps (useShownRows). */
export interface ShownFooter {
  shown: number;
  total: number;
  step: number;
  onMore: () => void;
}

/**
 * "Showing 50 of 120" when a list is cut, and with `onMore` a button that draws `step` more
 * (useShownRows). With `text`, that text instead, said even when every row is shown (a list that
 * always tells its count).
 */
export function ListFooter({ shown, total, step, onMore, text }: { shown: number; total: number; step?: number; onMore?: () => void; text?: string }) {
  const t = useT();
  const cut = shown < total;
  if (!cut && text === undefined) return null;
  return (
    <div className="list-footer">
      <p role="status">{text ?? t('list.showing', { shown, total })}</p>
      {onMore && cut ? (
        <Button size="sm" variant="secondary" onClick={onMore}>
          {t('list.showMore', { count: Math.min(step ?? total - shown, total - shown) })}
        </Button>
      ) : null}
    </div>
  );
}
