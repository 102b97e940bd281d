import { forwardRef, startTransition, useEffect, useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cx } from './cx';

type FieldProps = {
  label: string;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: string | null;
  hint?: ReactNode;
};

function describedBy(hintId: string, errorId: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? hintId : '', error ? errorId : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export type InputProps = InputHTMLAttributes<HTMLInputElement> & FieldProps;

/** A text input with its label, optional hint and error message wired for assistive technology. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ label, error, hint, id, className, required, ...rest }, ref) {
  const autoId = useId();
  const inputId = id ?? `in-${autoId}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <label className="field__label" htmlFor={inputId}>
        {label}
        {required ? <span className="field__required" aria-hidden="true"> *</span> : null}
      </label>
      <input
        ref={ref}
        id={inputId}
        className="field__control"
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId, hint, error)}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
});

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> &
  FieldProps & {
    options: readonly { value: string; label: string }[];
    /**
     * A long list (the 400-odd time zones): the first render has the chosen option only, and the
     * rest follows in a transition, which React renders in slices between the browser's own work,
     * so that the page's first paint on a phone does not wait for hundreds of options. Reaching for
     * the control (pointer, focus, a key) brings them at once.
     */
    deferOptions?: boolean;
  };

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ label, error, hint, id, className, options, deferOptions = false, onPointerDown, onKeyDown, onFocus, ...rest }, ref) {
  const autoId = useId();
  const selectId = id ?? `sel-${autoId}`;
  const hintId = `${selectId}-hint`;
  const errorId = `${selectId}-error`;
  const [allShown, setAllShown] = useState(!deferOptions);
  useEffect(() => {
    if (!allShown) startTransition(() => setAllShown(true));
  }, [allShown]);
  const showAll = allShown ? undefined : () => setAllShown(true);
  const shown = allShown ? options : options.filter((o) => o.value === rest.value);
  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <label className="field__label" htmlFor={selectId}>
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId, hint, error)}
        {...rest}
        onPointerDown={(e) => {
          showAll?.();
          onPointerDown?.(e);
        }}
        onKeyDown={(e) => {
          showAll?.();
          onKeyDown?.(e);
        }}
        onFocus={(e) => {
          showAll?.();
          onFocus?.(e);
        }}
      >
        {shown.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
});
