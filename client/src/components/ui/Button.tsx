import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cx } from './cx';
import { Spinner } from './Spinner';
import { useT } from '../../i18n/use-t';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: 'sm' | 'md' | 'lg';
  /** Shows a spinner and blocks clicks while an action runs. */
  isLoading?: boolean;
  fullWidth?: boolean;
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', isLoading = false, fullWidth = false, className, children, disabled, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cx('btn', `btn--${variant}`, `btn--${size}`, fullWidth && 'btn--full', className)}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...rest}
    >
      {isLoading ? <WorkingSpinner /> : null}
      <span>{children}</span>
    </button>
  );
});

/** The spinner of a busy button, named for screen readers. */
function WorkingSpinner() {
  const t = useT();
  return <Spinner size="sm" label={t('state.working')} />;
}
