import { cx } from './cx';
import { useT } from '../../i18n/use-t';

/** A grey placeholder shaped like the content that is loading. */
export function Skeleton({ width, height = '1rem', className, radius }: { width?: string; height?: string; className?: string; radius?: string }) {
  return <span className={cx('skeleton', className)} style={{ width, height, borderRadius: radius }} aria-hidden="true" />;
}

/** Placeholder rows for a table or list, announced once as loading. */
export function SkeletonRows({ rows = 5, columns = 4, label }: { rows?: number; columns?: number; label?: string }) {
  const t = useT();
  return (
    <div className="skeleton-rows" role="status" aria-live="polite">
      <span className="visually-hidden">{label ?? t('state.loading')}</span>
      {Array.from({ length: rows }, (_, r) => (
        <div className="skeleton-rows__row" key={r}>
          {Array.from({ length: columns }, (_, c) => (
            <Skeleton key={c} width={c === 0 ? '40%' : `${60 - c * 8}%`} />
          ))}
        </div>
      ))}
    </div>
  );
}

export function SkeletonStats({ count = 4 }: { count?: number }) {
  const t = useT();
  return (
    <div className="stat-grid" role="status" aria-live="polite">
      <span className="visually-hidden">{t('state.loading')}</span>
      {Array.from({ length: count }, (_, i) => (
        <div className="stat" key={i}>
          <Skeleton width="50%" height="0.8rem" />
          <Skeleton width="35%" height="1.8rem" />
        </div>
      ))}
    </div>
  );
}
