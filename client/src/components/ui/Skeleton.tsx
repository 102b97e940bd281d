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

/**
 * Placeholder figures (StatCard's lines in its own classes, so at its height), announced once as
 * loading; `hints` adds the line under the value that the figures will have.
 */
export function SkeletonStats({ count = 4, hints = false }: { count?: number; hints?: boolean }) {
  const t = useT();
  return (
    <div className="stat-grid" role="status" aria-live="polite">
      <span className="visually-hidden">{t('state.loading')}</span>
      {Array.from({ length: count }, (_, i) => (
        <SkeletonStat key={i} hint={hints} />
      ))}
    </div>
  );
}

/** One figure's placeholder (StatCard's lines in its classes), for a grid that announces its loading itself. */
export function SkeletonStat({ hint = false }: { hint?: boolean }) {
  return (
    <div className="stat" aria-hidden="true">
      <p className="stat__label">
        <Skeleton width="50%" height="0.8rem" />
      </p>
      <p className="stat__value">
        <Skeleton width="35%" height="1.6rem" />
      </p>
      {hint ? (
        <p className="stat__hint">
          <Skeleton width="70%" height="0.8rem" />
        </p>
      ) : null}
    </div>
  );
}

/**
 * A form's place while what it edits loads: a label and a control per field and the submit
 * button, at the sizes of the real ones, so that what is below does not move when the form comes.
 */
export function SkeletonForm({ fields = 3, label }: { fields?: number; label?: string }) {
  const t = useT();
  return (
    <div className="form" role="status" aria-live="polite">
      <span className="visually-hidden">{label ?? t('state.loading')}</span>
      {Array.from({ length: fields }, (_, i) => (
        <div className="field" key={i} aria-hidden="true">
          <Skeleton width="8rem" height="0.9rem" />
          <Skeleton height="44px" radius="var(--radius)" />
        </div>
      ))}
      <Skeleton width="8rem" height="40px" radius="var(--radius)" />
    </div>
  );
}

/**
 * A chart's place while its figures load: the caption line and the plot at the height BarChart
 * draws (components/charts/BarChart.tsx), in its classes, so that what is below stays put.
 */
export function SkeletonChart({ height = 260 }: { height?: number }) {
  return (
    <div className="chart" aria-hidden="true">
      <p className="chart__caption">
        <Skeleton width="12rem" height="0.875rem" />
      </p>
      <div className="chart__plot" style={{ height }}>
        <Skeleton height="100%" />
      </div>
    </div>
  );
}
