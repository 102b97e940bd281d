import { describe, expect, it } from 'vitest';
import { TOAST_DEFAULT_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, TOAST_SWIPE_THRESHOLD_PX, TOAST_HOTKEY, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './constants';
import { createToastStore } from './toast-store';

/** Timers under the test's control: run(ms) fires what is due. */
function fakeTimers() {
  let now = 0;
  let seq = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout: (fn: () => void, ms: number) => {
      seq += 1;
      pending.set(seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (handle: unknown) => void pending.delete(handle as number),
    run(ms: number) {
      now += ms;
      for (const [id, t] of [...pending]) {
        if (t.at <= now) {
          pending.delete(id);
          t.fn();
        }
      }
    },
    size: () => pending.size,
  };
}

describe('toast and tooltip constants', () => {
  it('hold the agreed values', () => {
    expect([TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, TOAST_DEFAULT_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, TOAST_HOTKEY]).toEqual([1, 1_000_000, 5000, 50, 'F8']);
    expect([TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS]).toEqual([700, 300]);
  });
});

describe('toast store', () => {
  it('shows one toast at a time: a new one replaces the one on screen', () => {
    const store = createToastStore(fakeTimers());
    store.toast({ title: 'First' });
    store.toast({ title: 'Second', variant: 'destructive' });
    expect(store.getToasts().map((t) => [t.title, t.variant, t.open])).toEqual([['Second', 'destructive', true]]);
  });

  it('gives toasts the default duration unless told otherwise', () => {
    const store = createToastStore(fakeTimers());
    store.toast({ title: 'A' });
    expect(store.getToasts()[0]?.duration).toBe(5000);
    store.toast({ title: 'B', duration: Infinity });
    expect(store.getToasts()[0]?.duration).toBe(Infinity);
  });

  it('closes a dismissed toast at once and forgets it after the removal delay', () => {
    const timers = fakeTimers();
    const store = createToastStore(timers);
    const { dismiss } = store.toast({ title: 'Saved', description: 'All good' });
    dismiss();
    expect(store.getToasts()[0]?.open).toBe(false);
    timers.run(TOAST_REMOVE_DELAY_MS - 1);
    expect(store.getToasts()).toHaveLength(1);
    timers.run(1);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('cancels the removal timer of a toast pushed out by a newer one', () => {
    const timers = fakeTimers();
    const store = createToastStore(timers);
    store.toast({ title: 'Old' }).dismiss();
    expect(timers.size()).toBe(1);
    store.toast({ title: 'New' });
    expect(timers.size()).toBe(0);
    expect(store.getToasts().map((t) => t.title)).toEqual(['New']);
  });

  it('notifies subscribers and stops after unsubscribe', () => {
    const store = createToastStore(fakeTimers());
    let calls = 0;
    const off = store.subscribe(() => (calls += 1));
    store.toast({ title: 'x' });
    off();
    store.toast({ title: 'y' });
    expect(calls).toBe(1);
  });
});
