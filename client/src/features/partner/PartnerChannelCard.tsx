/**
 * The host's Tokeet connection on the Channels page: connect (Tokeet's authorize dialog, then back
 * here through /admin/tokeet-callback), test, disconnect, a sync button per kind and "sync all"
 * with progress, the synced rentals and where each maps, the host's stats and sync log.
 */
import { useState } from 'react';
import { PARTNER_SYNC_TYPES, type PartnerSyncResult, type PartnerSyncType } from '../../../../shared/api/partner';
import { NO_CREDENTIALS_FOR_TESTING, TESTING_STORED_CREDENTIALS } from '../../../../shared/messages';
import { errorText } from '../../api/http';
import { useFormat } from '../../lib/display';
import { Card, CardHeader } from '../../components/ui/Card';
import { Badge, humanize } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/Field';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';
import { useToast } from '../../components/ui/Toast';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import { usePartnerCommands, usePartnerConnection, usePartnerLogs, usePartnerProperties, usePartnerStats } from './partner-api';
import { PARTNER_NAME, StatsGrid, SyncLogTable } from './shared-bits';
import './partner.css';

type Progress = { done: number; total: number; current: PartnerSyncType | null };

function useSyncRunner() {
  const { toast } = useToast();
  const { sync } = usePartnerCommands();
  const [progress, setProgress] = useState<Progress | null>(null);

  const report = (r: PartnerSyncResult) => {
    if (r.status === 'success') {
      const extra = [r.skipped ? `${r.skipped} skipped (see the sync log)` : '', r.not_imported.length ? `${r.not_imported.length} not imported: ${r.not_imported[0]?.reason ?? ''}` : ''].filter(Boolean).join('. ');
      toast({ title: 'Success', description: extra ? `${r.message}. ${extra}` : r.message, variant: 'success' });
    } else {
      toast({ title: 'Error', description: `${r.message}: ${r.errors[0] ?? 'unknown error'}`, variant: 'destructive' });
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
          toast({ title: 'Error', description: errorText(e, `${humanize(type)} sync failed`), variant: 'destructive' });
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
  const rentals = usePartnerProperties(true);
  if (rentals.status === 'pending') return <SkeletonRows rows={2} columns={4} />;
  if (rentals.status === 'error') return <ErrorState error={rentals.error} onRetry={() => void rentals.refetch()} />;
  if (rentals.data.properties.length === 0) return <EmptyState title="No rentals synced yet">Sync properties to bring your {PARTNER_NAME} rentals in.</EmptyState>;
  return (
    <Table
      caption={`${PARTNER_NAME} rentals`}
      rows={rentals.data.properties}
      rowKey={(p) => p.id}
      columns={[
        { key: 'name', header: 'Rental', render: (p) => p.property_name },
        { key: 'type', header: 'Type', secondary: true, render: (p) => `${humanize(p.property_type)} · ${p.rooms_count} rooms · ${p.max_guests} guests` },
        {
          key: 'state',
          header: 'Here',
          render: (p) => (p.local_property_id ? <Badge tone="success">Linked</Badge> : <span title={p.not_imported_reason ?? undefined}><Badge tone="warning">Not imported</Badge></span>),
        },
        { key: 'why', header: 'Note', secondary: true, render: (p) => p.not_imported_reason ?? (p.last_synced ? `Synced ${format.dateTime(p.last_synced)}` : '—') },
      ]}
    />
  );
}

export function PartnerChannelCard() {
  const format = useFormat();
  const { toast } = useToast();
  const online = useOnlineOnly(`the ${PARTNER_NAME} connection`);
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
      toast({ title: 'Error', description: errorText(e, 'OAuth authentication failed'), variant: 'destructive' });
      setBusy(null);
    }
  };
  const runTest = async () => {
    setBusy('test');
    toast({ title: 'Info', description: TESTING_STORED_CREDENTIALS });
    try {
      const r = await test();
      toast({ title: r.ok ? 'Success' : 'Error', description: r.message, variant: r.ok ? 'success' : 'destructive' });
    } catch (e) {
      toast({ title: 'Error', description: errorText(e, NO_CREDENTIALS_FOR_TESTING), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  const drop = async () => {
    setBusy('disconnect');
    try {
      await disconnect();
      toast({ title: 'Success', description: `Disconnected from ${PARTNER_NAME}. Synced bookings stay.`, variant: 'success' });
    } catch (e) {
      toast({ title: 'Error', description: errorText(e, 'Could not disconnect'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (!online.available) body = <OnlineOnlyNote state={online} />;
  else if (connection.status === 'pending') body = <SkeletonRows rows={2} columns={3} />;
  else if (connection.status === 'error') body = <ErrorState error={connection.error} onRetry={() => void connection.refetch()} />;
  else if (!connection.data.configured && !connected) body = <FormMessage tone="info">{PARTNER_NAME} is not set up on this platform yet (Credentials not configured). Ask your administrator.</FormMessage>;
  else if (!connected)
    body = (
      <div className="partner-connect">
        <p className="muted">Connect the {PARTNER_NAME} account that manages your rentals: its rentals, reservations, guest messages, holds and rates are then kept in step here every hour.</p>
        <Button onClick={() => void connect()} isLoading={busy === 'connect'}>
          Connect {PARTNER_NAME}
        </Button>
      </div>
    );
  else
    body = (
      <div className="partner-connected">
        <div className="row-actions partner-sync-buttons" role="group" aria-label={`Sync from ${PARTNER_NAME}`}>
          <Button onClick={() => void run(PARTNER_SYNC_TYPES)} isLoading={progress?.total === PARTNER_SYNC_TYPES.length} disabled={progress !== null}>
            Sync all from {PARTNER_NAME}
          </Button>
          {PARTNER_SYNC_TYPES.map((type) => (
            <Button key={type} variant="secondary" size="sm" onClick={() => void run([type])} disabled={progress !== null}>
              Sync {type}
            </Button>
          ))}
        </div>
        {progress ? (
          <div className="partner-progress">
            <progress max={progress.total} value={progress.done} aria-label="Sync progress" />
            <span role="status">Syncing {progress.current ?? ''}… ({progress.done} of {progress.total} done)</span>
          </div>
        ) : null}
        <StatsGrid stats={stats} showHosts={false} />
        <h3 className="partner-subtitle">Rentals</h3>
        <RentalsTable />
        <h3 className="partner-subtitle">Recent syncs</h3>
        <SyncLogTable logs={logs} />
      </div>
    );

  return (
    <Card>
      <CardHeader
        title={PARTNER_NAME}
        description={connection.data?.token_expires_at && connected ? `Connected. Access renews by itself (current token until ${format.dateTime(connection.data.token_expires_at)}).` : `Your ${PARTNER_NAME} account, through the Partners API.`}
        actions={
          connected ? (
            <div className="row-actions">
              <Badge tone="success">Connected</Badge>
              <Button size="sm" variant="secondary" onClick={() => void runTest()} isLoading={busy === 'test'}>
                Test connection
              </Button>
              <Button size="sm" variant="danger" onClick={() => void drop()} isLoading={busy === 'disconnect'}>
                Disconnect
              </Button>
            </div>
          ) : (
            <Badge>Not connected</Badge>
          )
        }
      />
      {body}
    </Card>
  );
}
