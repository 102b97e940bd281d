/** Renders a rows result in its states: a skeleton while loading, the error, the empty state, or the rows. */
import type { ReactNode } from 'react';
import type { RowsResult } from '../data/use-rows';
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

/** "Showing 50 of 120" when a list is cut at its page size. */
export function ListFooter({ shown, total }: { shown: number; total: number }) {
  const t = useT();
  if (total <= shown) return null;
  return <p className="list-footer">{t('list.showing', { shown, total })}</p>;
}
