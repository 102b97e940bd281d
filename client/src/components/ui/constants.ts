/** The timings and limits of toasts and tooltips. */

/** One toast is shown at a time. */
export const TOAST_LIMIT = 1;
/** How long a dismissed toast is kept (closed) before it is removed from memory. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** How long a toast stays on screen unless it says otherwise. */
export const TOAST_DEFAULT_DURATION_MS = 5000;
/** Pixels a toast must be swiped sideways to be dismissed. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** The key that moves focus to the toast region. */
export const TOAST_HOTKEY = 'F8';

/** Hover or focus time before a tooltip opens. */
export const TOOLTIP_DELAY_MS = 700;
/** Within this time after a tooltip closed, the next one opens at once. */
export const TOOLTIP_SKIP_DELAY_MS = 300;
