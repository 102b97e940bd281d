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
import { useT } from '../../i18n/use-t';
import './storage.css';

function Usage({ usage, quota }: { usage: number | null; quota: number | null }) {
  const t = useT();
  if (usage === null || quota === null) return <span className="muted">{t('storage.notReported')}</span>;
  const share = quota > 0 ? Math.min(100, (usage / quota) * 100) : 0;
  return (
    <>
      <span>{t('storage.usage', { used: formatBytes(usage), quota: formatBytes(quota) })}</span>
      <progress className="storage-card__meter" max={100} value={share} aria-label={t('storage.meter')}>
        {Math.round(share)} %
      </progress>
    </>
  );
}

function LastRefresh() {
  const last = useLastRefresh();
  const format = useFormat();
  const t = useT();
  if (last === undefined) return <span className="muted">{t('state.checking')}</span>;
  if (last === null) return <span className="muted">{t('storage.notRefreshed')}</span>;
  return (
    <span>
      <time dateTime={last.at}>{format.dateTime(last.at)}</time>
      {last.background ? <span className="muted"> · {t('storage.inBackground')}</span> : null}
    </span>
  );
}

export function StorageCard() {
  const { state, refresh } = useStorageState();
  const [asking, setAsking] = useState(false);
  const t = useT();

  const askAgain = async () => {
    setAsking(true);
    await askPersistentStorage();
    setAsking(false);
    refresh();
  };

  return (
    <Card className="storage-card">
      <CardHeader title={t('storage.title')} description={t('storage.description')} />
      {state === undefined ? (
        <p className="muted" role="status">
          {t('state.checking')}
        </p>
      ) : (
        <>
          <dl className="details">
            <div>
              <dt>{t('storage.used')}</dt>
              <dd>
                <Usage usage={state.usage} quota={state.quota} />
              </dd>
            </div>
            <div>
              <dt>{t('storage.lastRefreshed')}</dt>
              <dd data-testid="last-refreshed">
                <LastRefresh />
              </dd>
            </div>
            <div>
              <dt>{t('storage.kept')}</dt>
              <dd>
                {state.persisted === true ? (
                  <Badge tone="success">{t('storage.persistent')}</Badge>
                ) : state.persisted === false ? (
                  <Badge tone="warning">{t('storage.notGuaranteed')}</Badge>
                ) : (
                  <Badge>{t('storage.unknown')}</Badge>
                )}
              </dd>
            </div>
          </dl>
          {state.persisted === false ? (
            <>
              <p className="form-message form-message--info storage-card__advice">{t('storage.notPersistent')}</p>
              <div className="button-group">
                <Button variant="secondary" size="lg" isLoading={asking} onClick={() => void askAgain()}>
                  {t('storage.askAgain')}
                </Button>
              </div>
            </>
          ) : null}
        </>
      )}
    </Card>
  );
}
