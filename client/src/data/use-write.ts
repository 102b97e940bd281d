/**
 * How screens write synced rows: every create, update and delete of a component goes through
 * `useWrite().write(request)`, which hands it to the one write path (SyncRuntime.write: the local
 * change and the outbox entry in one transaction, then a push as soon as none is in flight). It answers an outcome
 * instead of throwing, keeps `pending` while a write of this component is under way, and gives
 * every failure the same text (write-runner.ts), shown as a toast unless the screen shows
 * `failure` itself. The requests come from the features' pure builders (their mutations.ts).
 */
import { useMemo, useSyncExternalStore } from 'react';
import { useToast } from '../components/ui/Toast';
import { useSyncRuntime } from '../sync/sync-context';
import type { WriteRequest } from '../sync/mutate';
import { createWriteRunner, type WriteOutcome } from './write-runner';

export type { WriteOutcome } from './write-runner';

/** The title of the toast a failed write shows, unless the screen shows the failure itself. */
export const WRITE_FAILED_TITLE = 'Change not saved';

export type UseWriteOptions = {
  /** What is written, for the failure text: "This booking could not be saved on this device." */
  what?: string;
  /** The failure toast's title, or false when the screen shows `failure` itself. */
  toast?: string | false;
};

export type UseWrite = {
  /** Writes one request, or several one after another; never rejects. */
  write: (requests: WriteRequest | readonly WriteRequest[]) => Promise<WriteOutcome>;
  pending: boolean;
  /** Why the last write failed (null once the next one starts, or after clearFailure). */
  failure: string | null;
  clearFailure: () => void;
};

export function useWrite({ what, toast: toastTitle = WRITE_FAILED_TITLE }: UseWriteOptions = {}): UseWrite {
  const runtime = useSyncRuntime();
  const { toast } = useToast();
  const runner = useMemo(
    () =>
      createWriteRunner({
        write: (request) => runtime.write(request),
        what,
        onFailure: toastTitle === false ? undefined : (failure) => void toast({ title: toastTitle, description: failure, variant: 'destructive' }),
      }),
    [runtime, toast, what, toastTitle],
  );
  const state = useSyncExternalStore(runner.subscribe, runner.getSnapshot, runner.getSnapshot);
  return { write: runner.run, pending: state.pending, failure: state.failure, clearFailure: runner.clearFailure };
}
