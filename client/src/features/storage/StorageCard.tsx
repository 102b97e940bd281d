/**
 * "Storage on this device" (the profile page of every role): how much the app keeps here and may
 * keep, whether the browser keeps it under storage pressure, and when the data was last refreshed
 * (by the open app or in the background). When the browser refused
 * persistent storage the card says what that means and that installing the app usually earns it,
 * and offers to ask again.
 */
import { useState } from 'react';
import { Card, CardHeader } from '../../components/ui/Card';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { askPersistentStorage, formatBytes } from '../../pwa/persist';
import { useStorageState } from './use-storage-state';
import { useLastRefresh } from './use-last-refresh';
import { useFormat } from '../../lib/display';
import './storage.css';

const NOT_PERSISTENT =
  'Your browser may delete the data Staykeep keeps on this device when the device runs low on space, including changes not yet sent. Install Staykeep on this device (from the user menu or the browser’s menu), then ask again: browsers keep the data of installed apps.';

function Usage({ usage, quota }: { usage: number | null; quota: number | null }) {
  if (usage === null || quota === null) return <span className="muted">Not reported by this browser</span>;
  const share = quota > 0 ? Math.min(100, (usage / quota) * 100) : 0;
  return (
    <>
      <span>
        {formatBytes(usage)} used of {formatBytes(quota)} available
      </span>
      <progress className="storage-card__meter" max={100} value={share} aria-label="Share of the available storage in use">
        {Math.round(share)} %
      </progress>
    </>
  );
}

function LastRefresh() {
  const last = useLastRefresh();
  const format = useFormat();
  if (last === undefined) return <span className="muted">Checking…</span>;
  if (last === null) return <span className="muted">Not refreshed yet</span>;
  return (
    <span>
      <time dateTime={last.at}>{format.dateTime(last.at)}</time>
      {last.background ? <span className="muted"> · in the background</span> : null}
    </span>
  );
}

export function StorageCard() {
  const { state, refresh } = useStorageState();
  const [asking, setAsking] = useState(false);

  const askAgain = async () => {
    setAsking(true);
    await askPersistentStorage();
    setAsking(false);
    refresh();
  };

  return (
    <Card className="storage-card">
      <CardHeader title="Storage on this device" description="What Staykeep keeps here so that it works without a connection." />
      {state === undefined ? (
        <p className="muted" role="status">
          Checking…
        </p>
      ) : (
        <>
          <dl className="details">
            <div>
              <dt>Used</dt>
              <dd>
                <Usage usage={state.usage} quota={state.quota} />
              </dd>
            </div>
            <div>
              <dt>Data last refreshed</dt>
              <dd data-testid="last-refreshed">
                <LastRefresh />
              </dd>
            </div>
            <div>
              <dt>Kept when space runs low</dt>
              <dd>
                {state.persisted === true ? <Badge tone="success">Yes, persistent</Badge> : state.persisted === false ? <Badge tone="warning">Not guaranteed</Badge> : <Badge>Unknown</Badge>}
              </dd>
            </div>
          </dl>
          {state.persisted === false ? (
            <>
              <p className="form-message form-message--info storage-card__advice">{NOT_PERSISTENT}</p>
              <div className="button-group">
                <Button variant="secondary" size="lg" isLoading={asking} onClick={() => void askAgain()}>
                  Ask the browser again
                </Button>
              </div>
            </>
          ) : null}
        </>
      )}
    </Card>
  );
}
