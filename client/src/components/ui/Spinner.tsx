import { cx } from './cx';
import { useT } from '../../i18n/use-t';

export function Spinner({ label, size = 'md', className }: { label?: string; size?: 'sm' | 'md' | 'lg'; className?: string }) {
  const t = useT();
  return (
    <span className={cx('spinner', `spinner--${size}`, className)} role="status">
      <span className="visually-hidden">{label ?? t('state.loading')}</span>
    </span>
  );
}

/** A page-sized loading state (lazy route chunks, first data load). */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner size="lg" label={label} />
    </div>
  );
}
