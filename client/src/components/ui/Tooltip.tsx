/**
 * A tooltip for a control that already has an accessible name or needs a short explanation.
 * It opens after 700 ms of hover or focus (constants.ts); when another tooltip closed less than 300 ms
 * ago, it opens at once (moving along a toolbar does not wait each time). Escape closes it.
 */
import { cloneElement, useEffect, useId, useRef, useState, type ReactElement, type FocusEvent, type MouseEvent, type PointerEvent } from 'react';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './constants';
import { cx } from './cx';

let lastClosedAt = -Infinity;

/** Time to wait before opening, given when the last tooltip closed (exported for tests). */
export function tooltipOpenDelay(now: number, closedAt: number): number {
  return now - closedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS;
}

type TriggerProps = {
  'aria-describedby'?: string;
  onMouseEnter?: (e: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (e: MouseEvent<HTMLElement>) => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
  onBlur?: (e: FocusEvent<HTMLElement>) => void;
  onPointerDown?: (e: PointerEvent<HTMLElement>) => void;
};

export function Tooltip({ content, children, side = 'top' }: { content: string; children: ReactElement<TriggerProps>; side?: 'top' | 'bottom' }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const show = () => {
    clear();
    const delay = tooltipOpenDelay(performance.now(), lastClosedAt);
    if (delay === 0) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clear();
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = performance.now();
      return false;
    });
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  useEffect(() => clear, []);

  const props = children.props;
  const trigger = cloneElement(children, {
    'aria-describedby': open ? cx(props['aria-describedby'], id) : props['aria-describedby'],
    onMouseEnter: (e: MouseEvent<HTMLElement>) => {
      props.onMouseEnter?.(e);
      show();
    },
    onMouseLeave: (e: MouseEvent<HTMLElement>) => {
      props.onMouseLeave?.(e);
      hide();
    },
    onFocus: (e: FocusEvent<HTMLElement>) => {
      props.onFocus?.(e);
      show();
    },
    onBlur: (e: FocusEvent<HTMLElement>) => {
      props.onBlur?.(e);
      hide();
    },
    // Pressing the control starts what it does; the tooltip would only cover the result.
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      props.onPointerDown?.(e);
      hide();
    },
  });

  return (
    <span className="tooltip-anchor">
      {trigger}
      {open ? (
        <span role="tooltip" id={id} className={cx('tooltip', `tooltip--${side}`)}>
          {content}
        </span>
      ) : null}
    </span>
  );
}
