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
import { t as translate } from '../../i18n';
import { useT } from '../../i18n/use-t';

export function SyncStatus() {
  const runtime = useSyncRuntime();
  const snapshot = useSyncSnapshot();
  const pending = usePendingCount();
  const photosWaiting = usePhotosWaiting(useCurrentUser().ID);
  const rejections = useRejections();
  const online = useOnline();
  const format = useFormat();
  const { toast } = useToast();
  const t = useT();
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
          title: translate('sync.refused.toast', { count: list.length }),
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
      title: translate('sync.refused.toastClosed', { count: unseen.length }),
      description: translate('sync.refused.toastClosedText', { what: describeRejection(first), error: first.error }),
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
        aria-label={rejections.length ? t('sync.pill.labelRefused', { state: view.label, count: rejections.length }) : t('sync.pill.label', { state: view.label })}
        onClick={() => setOpen(true)}
      >
        <span className="sync-pill__dot" aria-hidden="true" />
        <span className="sync-pill__label" aria-hidden="true">
          {view.label}
        </span>
        <span className="sync-pill__short" aria-hidden="true">
          {view.short}
        </span>
        {rejections.length ? <span className="sync-pill__refused">{t('sync.pill.refused', { count: rejections.length })}</span> : null}
      </button>
      {view.tone === 'error' && view.canRetry ? (
        <Button size="sm" variant="secondary" onClick={retry}>
          {t('sync.retry')}
        </Button>
      ) : null}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('sync.dialog.title')}
        description={view.detail}
        footer={
          <>
            {view.canRetry ? (
              <Button variant="secondary" onClick={retry} isLoading={snapshot.status?.state === 'syncing'}>
                {t('sync.dialog.syncNow')}
              </Button>
            ) : null}
            <Button onClick={() => setOpen(false)}>{t('action.close')}</Button>
          </>
        }
      >
        <dl className="details">
          <div>
            <dt>{t('sync.dialog.status')}</dt>
            <dd>{view.label}</dd>
          </div>
          <div>
            <dt>{t('sync.dialog.waiting')}</dt>
            <dd>{pending === 0 ? t('sync.dialog.nothing') : t('sync.dialog.changes', { count: pending })}</dd>
          </div>
          {photosWaiting > 0 ? (
            <div>
              <dt>{t('sync.dialog.photosWaiting')}</dt>
              <dd>{t('sync.dialog.photos', { count: photosWaiting })}</dd>
            </div>
          ) : null}
          {snapshot.status?.lastSyncedAt ? (
            <div>
              <dt>{t('sync.dialog.lastSynced')}</dt>
              <dd>{format.dateTime(snapshot.status.lastSyncedAt)}</dd>
            </div>
          ) : null}
        </dl>
        {snapshot.status?.progress ? <SyncProgressBar progress={snapshot.status.progress} label={t('sync.download.label')} /> : null}
        <h3 className="section-title">{t('sync.dialog.refusedTitle')}</h3>
        {rejections.length === 0 ? (
          <p className="muted">{t('sync.dialog.noneRefused')}</p>
        ) : (
          <>
            <ul className="rejections">
              {rejections.map((r) => (
                <li key={r.id} className="rejections__item">
                  <div>
                    <p className="rejections__what">{describeRejection(r)}</p>
                    <p className="rejections__why">{r.error}</p>
                    <p className="rejections__when">{t('sync.dialog.madeAt', { when: format.dateTime(r.at) })}</p>
                    <RefusedContent rejection={r} />
                  </div>
                  <Button size="sm" variant="ghost" onClick={() => void dismissRejection(r.id)}>
                    {t('sync.dialog.dismiss')}
                  </Button>
                </li>
              ))}
            </ul>
            <Button size="sm" variant="secondary" onClick={() => void appDb().rejections.clear()}>
              {t('sync.dialog.dismissAll')}
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
  const t = useT();
  const received = progress ? t('sync.download.received', { count: progress.received }) : t('sync.starting.short');
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
      aria-valuetext={t('sync.download.valueText', { percent, received })}
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
  const t = useT();
  if (!isFirstSyncRunning(hydrated, status)) return null;
  const progress = status?.progress ?? null;
  const percent = progressPercent(progress);
  const text = !progress
    ? t('sync.firstSync.text')
    : percent === null
      ? t('sync.firstSync.items', { count: progress.received })
      : t('sync.firstSync.itemsPercent', { count: progress.received, percent });
  return (
    <div className="first-sync">
      <p className="first-sync__text">{text}</p>
      <SyncProgressBar progress={progress} label={t('sync.download.label')} />
    </div>
  );
}

/** The demo banner: the data is local and changes stay on this device (a demo session, sync/demo.ts). */
export function DemoBanner() {
  const snapshot = useSyncSnapshot();
  const t = useT();
  if (snapshot.mode !== 'demo') return null;
  return (
    <div className="demo-banner" role="note">
      <strong>{t('sync.demoBanner.title')}</strong> {t('sync.demoBanner.text')}
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
  const t = useT();
  const { write, pending } = useWrite({ what: t('sync.refused.thisChange') });
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
          <Button size="sm" variant="ghost" aria-label={t('sync.refused.copyLabel', { field })} onClick={() => void navigator.clipboard?.writeText(text)}>
            {t('sync.refused.copy')}
          </Button>
        </div>
      ))}
      {rejection.op === 'update' ? (
        <Button size="sm" variant="secondary" disabled={pending} onClick={() => void again()}>
          {t('sync.refused.applyAgain')}
        </Button>
      ) : null}
    </div>
  );
}
