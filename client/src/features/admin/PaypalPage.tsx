/**
 * The payment-provider page: PayPal's configuration (a super admin saves it; PayPal checks the
 * credentials before anything is stored), the plan sync with its status per tier and cycle, the
 * subscriptions and their actions (PaypalSubscriptions.tsx), and the latest webhook events. Everything here is read from the server each time (online only).
 */
import { useState } from 'react';
import type { PAYPAL_ENVIRONMENTS, PaypalConfigView } from '../../../../shared/api/paypal';
import { errorText } from '../../api/http';
import { TABLE } from '../../data/tables';
import { useOnlineRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { useCurrentUser } from '../../components/layout/current-user';
import { Card, CardHeader } from '../../components/ui/Card';
import { Badge, StatusBadge, humanize } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/Field';
import { Input, Select } from '../../components/ui/Input';
import { SkeletonForm, SkeletonRows } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';
import { useToast } from '../../components/ui/Toast';
import { DataView } from '../../components/data-view';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import { useCredentialsForm } from '../../components/credentials-form';
import { usePaypalCommands, usePaypalConfig, usePaypalPlans } from './paypal-api';
import { PaypalSubscriptionsCard } from './PaypalSubscriptions';
import { useT } from '../../i18n/use-t';
import './platform.css';

export const PROVIDER_NAME = 'PayPal';
/** The example the API base URL box shows (an address, not words). */
const SANDBOX_API_BASE_URL = 'https://api-m.sandbox.paypal.com';

type Draft = { client_id: string; client_secret: string; environment: (typeof PAYPAL_ENVIRONMENTS)[number]; webhook_id: string; api_base_url: string };

function draftOf(config: PaypalConfigView | null): Draft {
  return {
    client_id: config?.client_id ?? '',
    client_secret: '',
    environment: config?.environment ?? 'sandbox',
    webhook_id: config?.webhook_id ?? '',
    api_base_url: config?.api_base_url ?? '',
  };
}

function ConfigDetails({ config }: { config: PaypalConfigView | null }) {
  const t = useT();
  if (!config) return <p className="muted">{t('admin.paypal.notConfigured', { provider: PROVIDER_NAME })}</p>;
  return (
    <dl className="details details--row">
      <div>
        <dt>{t('admin.column.state')}</dt>
        <dd>{config.is_active ? <Badge tone="success">{t('admin.paypal.configured')}</Badge> : <Badge tone="warning">{t('admin.paypal.inactive')}</Badge>}</dd>
      </div>
      <div>
        <dt>{t('admin.paypal.environment')}</dt>
        <dd>{t('admin.enum.paypalEnvironment', { value: config.environment })}</dd>
      </div>
      <div>
        <dt>{t('admin.paypal.clientId')}</dt>
        <dd>{config.client_id}</dd>
      </div>
      <div>
        <dt>{t('admin.paypal.clientSecret')}</dt>
        <dd>{config.client_secret_set ? t('admin.paypal.stored') : t('admin.paypal.notStored')}</dd>
      </div>
      <div>
        <dt>{t('admin.paypal.webhookId')}</dt>
        <dd>{config.webhook_id}</dd>
      </div>
      <div>
        <dt>{t('admin.paypal.webhookUrl')}</dt>
        <dd>
          <code>{config.webhook_url}</code>
        </dd>
      </div>
      {config.api_base_url ? (
        <div>
          <dt>{t('admin.paypal.apiBaseUrl')}</dt>
          <dd>
            <code>{config.api_base_url}</code>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

function ConfigForm({ config }: { config: PaypalConfigView | null }) {
  const t = useT();
  const { toast } = useToast();
  const { configure } = usePaypalCommands();
  const { draft, set, error, saving, online, submit } = useCredentialsForm<Draft>({
    saved: config,
    draftOf: () => draftOf(config),
    secretField: 'client_secret',
    purpose: t('admin.paypal.configuringWhat', { provider: PROVIDER_NAME }),
    save: (d) =>
      configure({
        client_id: d.client_id.trim(),
        ...(d.client_secret.trim() ? { client_secret: d.client_secret.trim() } : {}),
        environment: d.environment,
        webhook_id: d.webhook_id.trim(),
        ...(d.api_base_url.trim() ? { api_base_url: d.api_base_url.trim() } : {}),
      }),
    onSaved: () => toast({ title: t('admin.paypal.configuredToast', { provider: PROVIDER_NAME }), variant: 'success' }),
    onFailed: (text) => toast({ title: t('admin.paypal.configureFailed', { provider: PROVIDER_NAME }), description: text, variant: 'destructive' }),
    fallbackError: t('admin.paypal.configureFailed', { provider: PROVIDER_NAME }),
  });
  const secretNeeded = !config?.client_secret_set;

  return (
    <form className="platform-stack paypal-form" onSubmit={(e) => void submit(e)} aria-label={t('admin.paypal.configLabel', { provider: PROVIDER_NAME })}>
      <OnlineOnlyNote state={online} />
      {error ? <FormMessage>{error}</FormMessage> : null}
      <Input label={t('admin.paypal.clientId')} value={draft.client_id} onChange={(e) => set('client_id', e.target.value)} required autoComplete="off" maxLength={200} />
      <Input
        label={t('admin.paypal.clientSecret')}
        type="password"
        value={draft.client_secret}
        onChange={(e) => set('client_secret', e.target.value)}
        required={secretNeeded}
        autoComplete="new-password"
        maxLength={500}
        hint={secretNeeded ? t('admin.paypal.secretNew') : t('admin.paypal.secretKept')}
      />
      <Select
        label={t('admin.paypal.environment')}
        value={draft.environment}
        onChange={(e) => set('environment', e.target.value as Draft['environment'])}
        options={[
          { value: 'sandbox', label: t('admin.paypal.sandboxOption', { host: 'api-m.sandbox.paypal.com' }) },
          { value: 'live', label: t('admin.paypal.liveOption', { host: 'api-m.paypal.com' }) },
        ]}
      />
      <Input
        label={t('admin.paypal.webhookId')}
        value={draft.webhook_id}
        onChange={(e) => set('webhook_id', e.target.value)}
        required
        autoComplete="off"
        maxLength={200}
        hint={t('admin.paypal.webhookHint', { provider: PROVIDER_NAME })}
      />
      <Input
        label={t('admin.paypal.apiBaseUrlOptional')}
        value={draft.api_base_url}
        onChange={(e) => set('api_base_url', e.target.value)}
        autoComplete="off"
        maxLength={500}
        placeholder={SANDBOX_API_BASE_URL}
        hint={t('admin.paypal.apiBaseUrlHint', { variable: 'INTEGRATION_ALLOWED_ORIGINS' })}
      />
      <div>
        <Button type="submit" disabled={saving || !online.available}>
          {saving ? t('admin.paypal.checking', { provider: PROVIDER_NAME }) : t('admin.paypal.saveAndCheck')}
        </Button>
      </div>
    </form>
  );
}

function PlansCard({ canEdit, configured }: { canEdit: boolean; configured: boolean }) {
  const format = useFormat();
  const t = useT();
  const { toast } = useToast();
  const online = useOnlineOnly(t('admin.paypal.syncingWhat'));
  const plans = usePaypalPlans(online.available);
  const { syncPlans } = usePaypalCommands();
  const [syncing, setSyncing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const sync = async () => {
    setSyncing(true);
    setError(null);
    try {
      const reply = await syncPlans();
      toast({
        title: t('admin.paypal.synced', { provider: PROVIDER_NAME }),
        description: t('admin.paypal.syncedText', { created: reply.created, unchanged: reply.unchanged, retired: reply.retired }),
        variant: 'success',
      });
    } catch (e) {
      const text = errorText(e, t('admin.paypal.syncFailed', { provider: PROVIDER_NAME }));
      setError(text);
      toast({ title: t('admin.paypal.syncFailed', { provider: PROVIDER_NAME }), description: text, variant: 'destructive' });
    } finally {
      setSyncing(false);
    }
  };

  let body;
  if (plans.status === 'pending' && !online.available) body = <OnlineOnlyNote state={online} />;
  // A plan per active tier and cycle: six with the default tiers.
  else if (plans.status === 'pending') body = <SkeletonRows rows={6} columns={5} />;
  else if (plans.status === 'error') body = <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />;
  else if (plans.data.plans.length === 0) body = <EmptyState title={t('admin.paypal.noTiers')}>{t('admin.paypal.noTiersText')}</EmptyState>;
  else
    body = (
      <Table
        caption={t('admin.paypal.plansCaption', { provider: PROVIDER_NAME })}
        rows={plans.data.plans}
        rowKey={(p) => `${p.tier_id}-${p.billing_cycle}`}
        columns={[
          { key: 'tier', header: t('admin.column.tier'), render: (p) => humanize(p.tier_name) },
          { key: 'cycle', header: t('admin.column.billing'), render: (p) => t('admin.enum.billingCycle', { value: p.billing_cycle }) },
          { key: 'amount', header: t('admin.column.amount'), align: 'end', render: (p) => format.money(p.amount, p.currency_code) },
          { key: 'status', header: t('admin.paypal.sync'), render: (p) => <StatusBadge status={p.sync_status} /> },
          { key: 'plan', header: t('admin.paypal.planColumn', { provider: PROVIDER_NAME }), secondary: true, render: (p) => p.paypal_plan_id || '—' },
          { key: 'when', header: t('admin.paypal.lastSync'), secondary: true, render: (p) => (p.last_sync_date ? format.dateTime(p.last_sync_date) : '—') },
        ]}
      />
    );

  return (
    <Card className="card--flush">
      <CardHeader
        title={t('admin.common.plans')}
        description={t('admin.paypal.plansDescription')}
        actions={
          canEdit ? (
            <Button onClick={() => void sync()} disabled={syncing || !configured || !online.available}>
              {syncing ? t('admin.paypal.syncing') : t('admin.paypal.syncPlans', { provider: PROVIDER_NAME })}
            </Button>
          ) : undefined
        }
      />
      {canEdit && !configured ? <FormMessage tone="info">{t('admin.paypal.configureFirst', { provider: PROVIDER_NAME })}</FormMessage> : null}
      {error ? <FormMessage>{error}</FormMessage> : null}
      {body}
    </Card>
  );
}

export function AdminPaypalPage() {
  const format = useFormat();
  const t = useT();
  const user = useCurrentUser();
  const canEdit = user.Role === 'super_admin';
  const online = useOnlineOnly(t('admin.paypal.pageWhat', { provider: PROVIDER_NAME }));
  const config = usePaypalConfig(online.available);
  const events = useOnlineRows(TABLE.paypal_webhook_events, { PageSize: 20, OrderByField: 'created_at', IsAsc: false });
  const current = config.status === 'success' ? config.data.config : null;

  let configBody;
  if (config.status === 'pending' && !online.available) configBody = <OnlineOnlyNote state={online} />;
  // Shaped like what comes (the form's five fields for a super admin), so the cards below stay put.
  else if (config.status === 'pending') configBody = canEdit ? <SkeletonForm fields={5} /> : <SkeletonRows rows={3} columns={2} />;
  else if (config.status === 'error') configBody = <ErrorState error={config.error} onRetry={() => void config.refetch()} />;
  else
    configBody = (
      <>
        <ConfigDetails config={current} />
        {canEdit ? <ConfigForm config={current} /> : <FormMessage tone="info">{t('admin.paypal.readOnly', { provider: PROVIDER_NAME })}</FormMessage>}
      </>
    );

  return (
    <Page title={PROVIDER_NAME} description={t('admin.paypal.description', { provider: PROVIDER_NAME })}>
      <Card>
        <CardHeader title={t('admin.paypal.configuration')} />
        {configBody}
      </Card>
      <PlansCard canEdit={canEdit} configured={Boolean(current?.client_secret_set)} />
      <PaypalSubscriptionsCard canEdit={canEdit} enabled={online.available} />
      <Card className="card--flush">
        <CardHeader title={t('admin.paypal.webhookEvents')} description={t('admin.paypal.webhookEventsDescription')} />
        <DataView result={events} empty={{ title: t('admin.paypal.noEvents') }}>
          {(rows) => (
            <Table
              caption={t('admin.paypal.webhookEvents')}
              rows={rows}
              rowKey={(e) => e.id}
              columns={[
                { key: 'time', header: t('admin.paypal.received'), render: (e) => format.dateTime(e.created_at) },
                { key: 'type', header: t('admin.paypal.event'), render: (e) => <code>{e.event_type}</code> },
                { key: 'status', header: t('admin.paypal.processing'), render: (e) => <StatusBadge status={e.processing_status} /> },
                { key: 'error', header: t('admin.column.error'), secondary: true, render: (e) => e.error_message ?? '—' },
              ]}
            />
          )}
        </DataView>
      </Card>
    </Page>
  );
}
