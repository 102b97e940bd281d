/**
 * The sync status, always visible in the top bar of every area: synced, changes waiting,
 * offline, or failed with a retry, and the changes the server refused with its reason. Opening
 * it shows the details and the refused changes, which stay listed until dismissed.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { appDb } from '../../db/app-db';
import type { SyncProgress, SyncStatus as EngineStatus } from '../../sync/engine';
import { describeRejection, describeSync, progressPercent, rejectionTexts } from '../../sync/sync-label';
import type { Rejection } from '../../db/schema';
import { useWrite } from '../../data/use-write';
import { usePendingCount, useRejections, useSyncRuntime, useSyncSnapshot, dismissRejection } from '../../sync/sync-context';
import { useFormat } from '../../lib/display';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { useToast } from '../ui/Toast';
import { useOnline } from '../../lib/use-online';
import { usePhotosWaiting } from '../../features/photos';
import { useCurrentUser } from './current-user';

export function SyncStatus() {
  const runtime = useSyncRuntime();
  const snapshot = useSyncSnapshot();
  const pending = usePendingCount();
  const photosWaiting = usePhotosWaiting(useCurrentUser().ID);
  const rejections = useRejections();
  const online = useOnline();
  const format = useFormat();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const view = describeSync(snapshot, pending, online);
  const state = snapshot.mode === 'demo' ? 'demo' : !online ? 'offline' : (snapshot.status?.state ?? 'starting');

  useEffect(
    () =>
      runtime.onRejections((list) => {
        const first = list[0];
        if (!first) return;
        markAnnounced(list);
        toast({
          title: list.length === 1 ? 'A change was refused' : `${list.length} changes were refused`,
          description: `${describeRejection(first)}: ${first.error}`,
          variant: 'destructive',
        });
      }),
    [runtime, toast],
  );

  // Refusals the service worker received while the app may have been closed: told once, when it opens.
  useEffect(() => {
    const unseen = rejections.filter((r) => r.background && !announced().has(r.id));
    const first = unseen[0];
    if (!first) return;
    markAnnounced(unseen);
    toast({
      title: unseen.length === 1 ? 'A change was refused while the app was closed' : `${unseen.length} changes were refused while the app was closed`,
      description: `${describeRejection(first)}: ${first.error}. Open the sync status to see it.`,
      variant: 'destructive',
    });
  }, [rejections, toast]);

  const retry = () => void runtime.syncNow();

  return (
    <div className="sync-status">
      <button
        type="button"
        className={`sync-pill sync-pill--${view.tone}`}
        data-sync-state={state}
        data-pending={pending}
        aria-label={`Sync: ${view.label}${rejections.length ? `, ${rejections.length} refused` : ''}. Show details`}
        onClick={() => setOpen(true)}
      >
        <span className="sync-pill__dot" aria-hidden="true" />
        <span className="sync-pill__label" aria-hidden="true">
          {view.label}
        </span>
        <span className="sync-pill__short" aria-hidden="true">
          {view.short}
        </span>
        {rejections.length ? <span className="sync-pill__refused">{rejections.length} refused</span> : null}
      </button>
      {view.tone === 'error' && view.canRetry ? (
        <Button size="sm" variant="secondary" onClick={retry}>
          Retry
        </Button>
      ) : null}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Sync"
        description={view.detail}
        footer={
          <>
            {view.canRetry ? (
              <Button variant="secondary" onClick={retry} isLoading={snapshot.status?.state === 'syncing'}>
                Sync now
              </Button>
            ) : null}
            <Button onClick={() => setOpen(false)}>Close</Button>
          </>
        }
      >
        <dl className="details">
          <div>
            <dt>Status</dt>
            <dd>{view.label}</dd>
          </div>
          <div>
            <dt>Waiting to send</dt>
            <dd>{pending === 0 ? 'Nothing' : `${pending} ${pending === 1 ? 'change' : 'changes'}`}</dd>
          </div>
          {photosWaiting > 0 ? (
            <div>
              <dt>Photos not uploaded yet</dt>
              <dd>{`${photosWaiting} ${photosWaiting === 1 ? 'photo' : 'photos'} (kept on this device; see the task)`}</dd>
            </div>
          ) : null}
          {snapshot.status?.lastSyncedAt ? (
            <div>
              <dt>Last synced</dt>
              <dd>{format.dateTime(snapshot.status.lastSyncedAt)}</dd>
            </div>
          ) : null}
        </dl>
        {snapshot.status?.progress ? <SyncProgressBar progress={snapshot.status.progress} label="Download of your data" /> : null}
        <h3 className="section-title">Refused changes</h3>
        {rejections.length === 0 ? (
          <p className="muted">The server has accepted every change from this device.</p>
        ) : (
          <>
            <ul className="rejections">
              {rejections.map((r) => (
                <li key={r.id} className="rejections__item">
                  <div>
                    <p className="rejections__what">{describeRejection(r)}</p>
                    <p className="rejections__why">{r.error}</p>
                    <p className="rejections__when">Made {format.dateTime(r.at)}</p>
                    <RefusedContent rejection={r} />
                  </div>
                  <Button size="sm" variant="ghost" onClick={() => void dismissRejection(r.id)}>
                    Dismiss
                  </Button>
                </li>
              ))}
            </ul>
            <Button size="sm" variant="secondary" onClick={() => void appDb().rejections.clear()}>
              Dismiss all
            </Button>
          </>
        )}
      </Dialog>
    </div>
  );
}

/**
 * How far a paging pull has come, as a progress bar: determinate (aria-valuenow 0..100) when
 * the server said where the pull ends, indeterminate (no value) until then or when it did not.
 */
export function SyncProgressBar({ progress, label }: { progress: SyncProgress | null; label: string }) {
  const percent = progressPercent(progress);
  const received = progress ? `${progress.received.toLocaleString('en-US')} items received` : 'Starting';
  if (percent === null) return <progress className="sync-progress" aria-label={label} aria-valuetext={received} />;
  return (
    <progress
      className="sync-progress"
      max={100}
      value={percent}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}% (${received})`}
    />
  );
}

/** The first download of the user's data is under way (the store has never been complete). */
export function isFirstSyncRunning(hydrated: boolean | undefined, status: EngineStatus | null | undefined): boolean {
  return hydrated === false && status?.state === 'syncing';
}

/**
 * Whether the first download runs now (live), for the shell (see first-sync.css). Only the
 * answer is watched: the shell does not render again on each page of the download.
 */
export function useFirstSyncRunning(hydrated: boolean | undefined): boolean {
  const runtime = useSyncRuntime();
  const running = () => isFirstSyncRunning(hydrated, runtime.getSnapshot().status);
  return useSyncExternalStore(runtime.subscribe, running, running);
}

/**
 * A progress bar across the top of the page while the first download of the user's data runs
 * (the screens show "loading" until it is complete).
 */
export function FirstSyncProgress({ hydrated }: { hydrated: boolean | undefined }) {
  const status = useSyncSnapshot().status;
  if (!isFirstSyncRunning(hydrated, status)) return null;
  const progress = status?.progress ?? null;
  const percent = progressPercent(progress);
  return (
    <div className="first-sync">
      <p className="first-sync__text">
        Downloading your data for offline use
        {progress ? `: ${progress.received.toLocaleString('en-US')} items${percent !== null ? ` (${percent}%)` : ''}` : ''}…
      </p>
      <SyncProgressBar progress={progress} label="Download of your data" />
    </div>
  );
}

/** The demo banner: the data is local and changes stay on this device (a demo session, sync/demo.ts). */
export function DemoBanner() {
  const snapshot = useSyncSnapshot();
  if (snapshot.mode !== 'demo') return null;
  return (
    <div className="demo-banner" role="note">
      <strong>Demo mode.</strong> The server could not be reached, so you are using demo data on this device. Your changes stay here and are discarded when you sign out.
    </div>
  );
}

const ANNOUNCED_KEY = 'staykeep:announced-rejections';

/** Ids of refusals this device has already announced (kept across reloads, the last 200). */
function announced(): Set<string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(ANNOUNCED_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

function markAnnounced(list: readonly Pick<Rejection, 'id'>[]): void {
  try {
    const ids = [...announced(), ...list.map((r) => r.id)];
    localStorage.setItem(ANNOUNCED_KEY, JSON.stringify([...new Set(ids)].slice(-200)));
  } catch {
    // Without storage a refusal may be announced twice; it is still listed until dismissed.
  }
}

/** What a refused change said, to copy, and the change itself, to apply again. */
function RefusedContent({ rejection }: { rejection: Rejection }) {
  const { write, pending } = useWrite({ what: 'This change' });
  const texts = rejectionTexts(rejection);
  const again = async () => {
    if (rejection.op !== 'update') return;
    const done = await write({ table: rejection.table, op: 'update', rowId: rejection.rowId, fields: rejection.fields });
    if (done.ok) await dismissRejection(rejection.id);
  };
  if (texts.length === 0 && rejection.op !== 'update') return null;
  return (
    <div className="rejections__content">
      {texts.map(({ field, text }) => (
        <div key={`${field}:${text}`} className="rejections__text">
          <p className="rejections__field">{field}</p>
          <blockquote>{text}</blockquote>
          <Button size="sm" variant="ghost" aria-label={`Copy the ${field}`} onClick={() => void navigator.clipboard?.writeText(text)}>
            Copy
          </Button>
        </div>
      ))}
      {rejection.op === 'update' ? (
        <Button size="sm" variant="secondary" disabled={pending} onClick={() => void again()}>
          Apply again
        </Button>
      ) : null}
    </div>
  );
}
