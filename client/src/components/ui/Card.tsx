import type { HTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from './cx';

export function Card({ className, children, ...rest }: HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> }) {
  return (
    <section className={cx('card', className)} {...rest}>
      {children}
    </section>
  );
}

export function CardHeader({ title, description, actions, level = 2 }: { title: ReactNode; description?: ReactNode; actions?: ReactNode; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <header className="card__header">
      <div>
        <Heading className="card__title">{title}</Heading>
        {description ? <p className="card__description">{description}</p> : null}
      </div>
      {actions ? <div className="card__actions">{actions}</div> : null}
    </header>
  );
}

export function CardBody({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cx('card__body', className)}>{children}</div>;
}

/** A single figure with its label, for dashboards. */
export function StatCard({ label, value, hint, tone }: { label: string; value: ReactNode; hint?: ReactNode; tone?: 'default' | 'accent' | 'warning' | 'danger' }) {
  return (
    <div className={cx('stat', tone && tone !== 'default' && `stat--${tone}`)}>
      <p className="stat__label">{label}</p>
      <p className="stat__value">{value}</p>
      {hint ? <p className="stat__hint">{hint}</p> : null}
    </div>
  );
}
