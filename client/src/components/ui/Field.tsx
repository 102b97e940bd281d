/**
 * Form controls beside Input and Select: every one carries its label, an optional hint and an
 * inline error, wired with aria-describedby / aria-invalid so a screen reader announces the error
 * with the field. `Field` wraps any other control the same way (render prop gives the ids).
 */
import { forwardRef, useEffect, useId, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cx } from './cx';
import './form-controls.css';

export type FieldBaseProps = {
  label: string;
  /** Shown under the control and announced with it; marks the control invalid. */
  error?: string | null;
  hint?: ReactNode;
};

/** What a control inside `Field` spreads onto itself. */
export type FieldControlProps = {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  required?: boolean;
};

function describedBy(baseId: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${baseId}-hint` : '', error ? `${baseId}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function controlProps(baseId: string, hint: unknown, error: unknown, required: boolean | undefined): FieldControlProps {
  return { id: baseId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(baseId, hint, error), required };
}

function FieldMessages({ baseId, hint, error }: { baseId: string; hint?: ReactNode; error?: string | null }) {
  return (
    <>
      {hint ? (
        <p id={`${baseId}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${baseId}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}

function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label className="field__label" htmlFor={htmlFor}>
      {label}
      {required ? (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </label>
  );
}

export type FieldProps = FieldBaseProps & {
  id?: string;
  required?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/** Label, hint and error around any control: `<Field label="x">{(p) => <input {...p} />}</Field>`. */
export function Field({ label, error, hint, id, required, className, children }: FieldProps) {
  const autoId = useId();
  const baseId = id ?? `fld-${autoId}`;
  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <Label htmlFor={baseId} label={label} required={required} />
      {children(controlProps(baseId, hint, error, required))}
      <FieldMessages baseId={baseId} hint={hint} error={error} />
    </div>
  );
}

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & FieldBaseProps;

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea({ label, error, hint, id, className, required, rows = 3, ...rest }, ref) {
  const autoId = useId();
  const baseId = id ?? `ta-${autoId}`;
  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <Label htmlFor={baseId} label={label} required={required} />
      <textarea ref={ref} className="field__control field__control--textarea" rows={rows} {...controlProps(baseId, hint, error, required)} {...rest} />
      <FieldMessages baseId={baseId} hint={hint} error={error} />
    </div>
  );
});

type BareInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'defaultValue'>;

export type NumberInputProps = BareInput &
  FieldBaseProps & {
    /** null while the box is empty. */
    value: number | null;
    onValueChange: (value: number | null) => void;
    /** Shown after the box (e.g. "%", "USD", "guests"). */
    suffix?: ReactNode;
  };

/**
 * A number box that lets the user type freely ("1." or "" on the way to "1.5") and reports a
 * number, or null when empty or not a number yet; it follows `value` when it changes from outside.
 */
export const NumberInput = forwardRef<HTMLInputElement, NumberInputProps>(function NumberInput(
  { label, error, hint, id, className, required, value, onValueChange, suffix, step = 'any', ...rest },
  ref,
) {
  const autoId = useId();
  const baseId = id ?? `num-${autoId}`;
  const [text, setText] = useState(value === null ? '' : String(value));
  useEffect(() => {
    setText((current) => {
      const parsed = current.trim() === '' ? null : Number(current);
      return parsed === value ? current : value === null ? '' : String(value);
    });
  }, [value]);
  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <Label htmlFor={baseId} label={label} required={required} />
      <div className="field__affix">
        <input
          ref={ref}
          type="number"
          inputMode="decimal"
          step={step}
          className="field__control"
          value={text}
          onChange={(event) => {
            const next = event.target.value;
            setText(next);
            const parsed = next.trim() === '' ? null : Number(next);
            onValueChange(parsed === null || Number.isNaN(parsed) ? null : parsed);
          }}
          {...controlProps(baseId, hint, error, required)}
          {...rest}
        />
        {suffix ? (
          <span className="field__suffix" aria-hidden="true">
            {suffix}
          </span>
        ) : null}
      </div>
      <FieldMessages baseId={baseId} hint={hint} error={error} />
    </div>
  );
});

export type DateInputProps = BareInput &
  FieldBaseProps & {
    /** A stay date, `YYYY-MM-DD`, or '' when not chosen (never a Date: a stay date has no time zone). */
    value: string;
    onValueChange: (value: string) => void;
  };

/** The browser's date picker, speaking `YYYY-MM-DD` both ways. */
export const DateInput = forwardRef<HTMLInputElement, DateInputProps>(function DateInput({ label, error, hint, id, className, required, value, onValueChange, ...rest }, ref) {
  const autoId = useId();
  const baseId = id ?? `date-${autoId}`;
  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <Label htmlFor={baseId} label={label} required={required} />
      <input ref={ref} type="date" className="field__control" value={value} onChange={(event) => onValueChange(event.target.value)} {...controlProps(baseId, hint, error, required)} {...rest} />
      <FieldMessages baseId={baseId} hint={hint} error={error} />
    </div>
  );
});

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'checked'> &
  FieldBaseProps & {
    checked: boolean;
    onCheckedChange: (checked: boolean) => void;
  };

/** One checkbox with its label on the right, large enough to tap. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, error, hint, id, className, checked, onCheckedChange, ...rest }, ref) {
  const autoId = useId();
  const baseId = id ?? `cb-${autoId}`;
  return (
    <div className={cx('field field--check', error && 'field--invalid', className)}>
      <label className="check" htmlFor={baseId}>
        <input
          ref={ref}
          type="checkbox"
          className="check__box"
          checked={checked}
          onChange={(event) => onCheckedChange(event.target.checked)}
          {...controlProps(baseId, hint, error, rest.required)}
          {...rest}
        />
        <span>{label}</span>
      </label>
      <FieldMessages baseId={baseId} hint={hint} error={error} />
    </div>
  );
});

export type CheckboxGroupProps = FieldBaseProps & {
  options: readonly { value: string; label: string }[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  className?: string;
  disabled?: boolean;
};

/** A set of checkboxes under one legend (amenities, specializations); answers the chosen values in option order. */
export function CheckboxGroup({ label, error, hint, options, value, onChange, className, disabled }: CheckboxGroupProps) {
  const autoId = useId();
  const baseId = `cbg-${autoId}`;
  const chosen = new Set(value);
  return (
    <fieldset className={cx('field fieldset', error && 'field--invalid', className)} aria-describedby={describedBy(baseId, hint, error)}>
      <legend className="field__label">{label}</legend>
      <div className="check-grid">
        {options.map((o) => (
          <label key={o.value} className="check check--chip">
            <input
              type="checkbox"
              className="check__box"
              disabled={disabled}
              checked={chosen.has(o.value)}
              onChange={(event) => {
                const next = new Set(chosen);
                if (event.target.checked) next.add(o.value);
                else next.delete(o.value);
                onChange([...options.map((x) => x.value).filter((v) => next.has(v)), ...value.filter((v) => next.has(v) && !options.some((x) => x.value === v))]);
              }}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <FieldMessages baseId={baseId} hint={hint} error={error} />
    </fieldset>
  );
}

export type SegmentedProps<T extends string> = {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
};

/** A small radio group drawn as joined buttons (view switches: two weeks / month). */
export function Segmented<T extends string>({ label, options, value, onChange }: SegmentedProps<T>) {
  const name = useId();
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">{label}</legend>
      {options.map((o) => (
        <label key={o.value} className={cx('segmented__option', o.value === value && 'segmented__option--on')}>
          <input type="radio" className="visually-hidden" name={name} value={o.value} checked={o.value === value} onChange={() => onChange(o.value)} />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** A form-level message (a refusal from the server, a clash): announced when it appears. */
export function FormMessage({ tone = 'error', title, children }: { tone?: 'error' | 'info' | 'success' | 'warning'; title?: string; children: ReactNode }) {
  return (
    <div className={cx('form-message', `form-message--${tone}`)} role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}>
      {title ? <p className="form-message__title">{title}</p> : null}
      <div>{children}</div>
    </div>
  );
}
