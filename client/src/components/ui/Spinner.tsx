import { cx } from './cx';

export function Spinner({ label = 'Loading', size = 'md', className }: { label?: string; size?: 'sm' | 'md' | 'lg'; className?: string }) {
  return (
    <span className={cx('spinner', `spinner--${size}`, className)} role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A page-sized loading state (lazy route chunks, first data load). */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner size="lg" label={label} />
    </div>
  );
}
