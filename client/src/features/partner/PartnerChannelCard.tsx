/**
 * The host's Tokeet connection on the Channels page: connect (Tokeet's authorize dialog, then back
 * here through /admin/tokeet-callback), test, disconnect, a sync button per kind and "sync all"
 * with progress, the synced rentals and where each maps, the host's stats and sync log. Its words,
 * and those of the stats and log it shows (shared-bits.tsx), come from the host catalog
 * (`host.partner.*`).
 */
import { useState } from 'react';
import { PARTNER_SYNC_TYPES, type PartnerSyncResult, type PartnerSyncType } from '../../../../shared/api/partner';
import { errorText } from '../../api/http';
import { useFormat } from '../../lib/display';
import { Card, CardHeader } from '../../components/ui/Card';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/Field';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';
import { useToast } from '../../components/ui/Toast';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import { usePartnerCommands, usePartnerConnection, usePartnerLogs, usePartnerProperties, usePartnerStats } from './partner-api';
import { PARTNER_NAME, StatsGrid, SyncLogTable, syncTypeLabel } from './shared-bits';
import { useTaskLabels } from '../tasks';
import { useT } from '../../i18n/use-t';
import './partner.css';

type Progress = { done: number; total: number; current: PartnerSyncType | null };
function useSyncRunner() {
  const { toast } = useToast();
  const t = useT();
  const { sync } = usePartnerCommands();
  const [progress, setProgress] = useState<Progress | null>(null);

  const report = (r: PartnerSyncResult) => {
    if (r.status === 'success') {
      const extra = [
        r.skipped ? t('host.partner.skipped', { count: r.skipped }) : '',
        r.not_imported.length ? t('host.partner.notImportedCount', { count: r.not_imported.length, reason: r.not_imported[0]?.reason ?? '' }) : '',
      ]
        .filter(Boolean)
        .join('. ');
      toast({ title: t('host.partner.success'), description: extra ? t('host.partner.messageAndMore', { message: r.message, more: extra }) : r.message, variant: 'success' });
    } else {
      toast({ title: t('host.partner.error'), description: t('host.partner.messageAndError', { message: r.message, error: r.errors[0] ?? t('host.partner.unknownError') }), variant: 'destructive' });
    }
  };

  const run = async (types: readonly PartnerSyncType[]) => {
    setProgress({ done: 0, total: types.length, current: types[0] ?? null });
    try {
      for (const [i, type] of types.entries()) {
        setProgress({ done: i, total: types.length, current: type });
        try {
          report(await sync(type));
        } catch (e) {
          toast({ title: t('host.partner.error'), description: errorText(e, t('host.partner.syncFailed', { type: syncTypeLabel(t, type) })), variant: 'destructive' });
          if (type === 'properties') break;
        }
      }
    } finally {
      setProgress(null);
    }
  };
  return { progress, run };
}

function RentalsTable() {
  const format = useFormat();
  const t = useT();
  const labels = useTaskLabels();
  const rentals = usePartnerProperties(true);
  if (rentals.status === 'pending') return <SkeletonRows rows={2} columns={4} />;
  if (rentals.status === 'error') return <ErrorState error={rentals.error} onRetry={() => void rentals.refetch()} />;
  if (rentals.data.properties.length === 0) return <EmptyState title={t('host.partner.noRentals')}>{t('host.partner.noRentalsText', { partner: PARTNER_NAME })}</EmptyState>;
  return (
    <Table
      caption={t('host.partner.rentalsCaption', { partner: PARTNER_NAME })}
      rows={rentals.data.properties}
      rowKey={(p) => p.id}
      columns={[
        { key: 'name', header: t('host.partner.rental.name'), render: (p) => p.property_name },
        {
          key: 'type',
          header: t('host.partner.rental.type'),
          secondary: true,
          render: (p) => t('host.partner.rental.facts', { type: labels.propertyType(p.property_type), rooms: p.rooms_count, guests: p.max_guests }),
        },
        {
          key: 'state',
          header: t('host.partner.rental.here'),
          render: (p) =>
            p.local_property_id ? (
              <Badge tone="success">{t('host.partner.rental.linked')}</Badge>
            ) : (
              <span title={p.not_imported_reason ?? undefined}>
                <Badge tone="warning">{t('host.partner.rental.notImported')}</Badge>
              </span>
            ),
        },
        {
          key: 'why',
          header: t('host.partner.rental.note'),
          secondary: true,
          render: (p) => p.not_imported_reason ?? (p.last_synced ? t('host.partner.rental.synced', { when: format.dateTime(p.last_synced) }) : '—'),
        },
      ]}
    />
  );
}

export function PartnerChannelCard() {
  const format = useFormat();
  const t = useT();
  const { toast } = useToast();
  const online = useOnlineOnly(t('host.partner.theConnection', { partner: PARTNER_NAME }));
  const connection = usePartnerConnection(online.available);
  const connected = connection.data?.connected === true;
  const stats = usePartnerStats(online.available && connected);
  const logs = usePartnerLogs(online.available && connected, 10);
  const { authorizeUrl, test, disconnect } = usePartnerCommands();
  const { progress, run } = useSyncRunner();
  const [busy, setBusy] = useState<'connect' | 'test' | 'disconnect' | null>(null);

  const connect = async () => {
    setBusy('connect');
    try {
      window.location.assign(await authorizeUrl(window.location.pathname));
    } catch (e) {
      toast({ title: t('host.partner.error'), description: errorText(e, t('host.partner.oauthFailed')), variant: 'destructive' });
      setBusy(null);
    }
  };
  const runTest = async () => {
    setBusy('test');
    toast({ title: t('host.partner.info'), description: t('host.partner.testing') });
    try {
      const r = await test();
      toast({ title: r.ok ? t('host.partner.success') : t('host.partner.error'), description: r.message, variant: r.ok ? 'success' : 'destructive' });
    } catch (e) {
      toast({ title: t('host.partner.error'), description: errorText(e, t('host.partner.noCredentials')), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  const drop = async () => {
    setBusy('disconnect');
    try {
      await disconnect();
      toast({ title: t('host.partner.success'), description: t('host.partner.disconnected', { partner: PARTNER_NAME }), variant: 'success' });
    } catch (e) {
      toast({ title: t('host.partner.error'), description: errorText(e, t('host.partner.disconnectFailed')), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (!online.available) body = <OnlineOnlyNote state={online} />;
  else if (connection.status === 'pending') body = <SkeletonRows rows={2} columns={3} />;
  else if (connection.status === 'error') body = <ErrorState error={connection.error} onRetry={() => void connection.refetch()} />;
  else if (!connection.data.configured && !connected) body = <FormMessage tone="info">{t('host.partner.notSetUp', { partner: PARTNER_NAME })}</FormMessage>;
  else if (!connected)
    body = (
      <div className="partner-connect">
        <p className="muted">{t('host.partner.connectText', { partner: PARTNER_NAME })}</p>
        <Button onClick={() => void connect()} isLoading={busy === 'connect'}>
          {t('host.partner.connect', { partner: PARTNER_NAME })}
        </Button>
      </div>
    );
  else
    body = (
      <div className="partner-connected">
        <div className="row-actions partner-sync-buttons" role="group" aria-label={t('host.partner.syncFrom', { partner: PARTNER_NAME })}>
          <Button onClick={() => void run(PARTNER_SYNC_TYPES)} isLoading={progress?.total === PARTNER_SYNC_TYPES.length} disabled={progress !== null}>
            {t('host.partner.syncAll', { partner: PARTNER_NAME })}
          </Button>
          {PARTNER_SYNC_TYPES.map((type) => (
            <Button key={type} variant="secondary" size="sm" onClick={() => void run([type])} disabled={progress !== null}>
              {t('host.partner.syncOne', { type })}
            </Button>
          ))}
        </div>
        {progress ? (
          <div className="partner-progress">
            <progress max={progress.total} value={progress.done} aria-label={t('host.partner.progress')} />
            <span role="status">{t('host.partner.syncingProgress', { current: progress.current ?? '', done: progress.done, total: progress.total })}</span>
          </div>
        ) : null}
        <StatsGrid stats={stats} showHosts={false} />
        <h3 className="partner-subtitle">{t('host.partner.rentals')}</h3>
        <RentalsTable />
        <h3 className="partner-subtitle">{t('host.partner.recentSyncs')}</h3>
        <SyncLogTable logs={logs} />
      </div>
    );

  return (
    <Card>
      <CardHeader
        title={PARTNER_NAME}
        description={
          connection.data?.token_expires_at && connected
            ? t('host.partner.connectedUntil', { until: format.dateTime(connection.data.token_expires_at) })
            : t('host.partner.account', { partner: PARTNER_NAME })
        }
        actions={
          connected ? (
            <div className="row-actions">
              <Badge tone="success">{t('host.partner.connected')}</Badge>
              <Button size="sm" variant="secondary" onClick={() => void runTest()} isLoading={busy === 'test'}>
                {t('host.partner.test')}
              </Button>
              <Button size="sm" variant="danger" onClick={() => void drop()} isLoading={busy === 'disconnect'}>
                {t('host.partner.disconnect')}
              </Button>
            </div>
          ) : (
            <Badge>{t('host.partner.notConnected')}</Badge>
          )
        }
      />
      {body}
    </Card>
  );
}
