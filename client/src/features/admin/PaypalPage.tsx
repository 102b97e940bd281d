/**
 * The payment-provider page: PayPal's configuration (a super admin saves it; PayPal checks the
 * credentials before anything is stored), the plan sync with its status per tier and cycle, the
 * subscriptions and their actions (PaypalSubscriptions.tsx), and the latest webhook events. Everything here is read from the server each time (online only).
 */
import { useState } from 'react';
import type { PAYPAL_ENVIRONMENTS, PaypalConfigView } from '../../../../shared/api/paypal';
import { plansSynced, plansSyncFailed, providerConfigureFailed, providerConfigured } from '../../../../shared/messages';
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
import { SkeletonRows } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';
import { useToast } from '../../components/ui/Toast';
import { DataView } from '../../components/data-view';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import { useCredentialsForm } from '../../components/credentials-form';
import { usePaypalCommands, usePaypalConfig, usePaypalPlans } from './paypal-api';
import { PaypalSubscriptionsCard } from './PaypalSubscriptions';
import './platform.css';

export const PROVIDER_NAME = 'PayPal';

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
  if (!config) return <p className="muted">{PROVIDER_NAME} is not configured yet: hosts cannot subscribe until it is.</p>;
  return (
    <dl className="details details--row">
      <div>
        <dt>State</dt>
        <dd>{config.is_active ? <Badge tone="success">Configured</Badge> : <Badge tone="warning">Inactive</Badge>}</dd>
      </div>
      <div>
        <dt>Environment</dt>
        <dd>{humanize(config.environment)}</dd>
      </div>
      <div>
        <dt>Client id</dt>
        <dd>{config.client_id}</dd>
      </div>
      <div>
        <dt>Client secret</dt>
        <dd>{config.client_secret_set ? 'Stored (encrypted)' : 'Not stored'}</dd>
      </div>
      <div>
        <dt>Webhook id</dt>
        <dd>{config.webhook_id}</dd>
      </div>
      <div>
        <dt>Webhook URL</dt>
        <dd>
          <code>{config.webhook_url}</code>
        </dd>
      </div>
      {config.api_base_url ? (
        <div>
          <dt>API base URL</dt>
          <dd>
            <code>{config.api_base_url}</code>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

function ConfigForm({ config }: { config: PaypalConfigView | null }) {
  const { toast } = useToast();
  const { configure } = usePaypalCommands();
  const { draft, set, error, saving, online, submit } = useCredentialsForm<Draft>({
    saved: config,
    draftOf: () => draftOf(config),
    secretField: 'client_secret',
    purpose: `configuring ${PROVIDER_NAME}`,
    save: (d) =>
      configure({
        client_id: d.client_id.trim(),
        ...(d.client_secret.trim() ? { client_secret: d.client_secret.trim() } : {}),
        environment: d.environment,
        webhook_id: d.webhook_id.trim(),
        ...(d.api_base_url.trim() ? { api_base_url: d.api_base_url.trim() } : {}),
      }),
    onSaved: () => toast({ title: providerConfigured(PROVIDER_NAME), variant: 'success' }),
    onFailed: (text) => toast({ title: providerConfigureFailed(PROVIDER_NAME), description: text, variant: 'destructive' }),
    fallbackError: providerConfigureFailed(PROVIDER_NAME),
  });
  const secretNeeded = !config?.client_secret_set;

  return (
    <form className="platform-stack paypal-form" onSubmit={(e) => void submit(e)} aria-label={`${PROVIDER_NAME} configuration`}>
      <OnlineOnlyNote state={online} />
      {error ? <FormMessage>{error}</FormMessage> : null}
      <Input label="Client id" value={draft.client_id} onChange={(e) => set('client_id', e.target.value)} required autoComplete="off" maxLength={200} />
      <Input
        label="Client secret"
        type="password"
        value={draft.client_secret}
        onChange={(e) => set('client_secret', e.target.value)}
        required={secretNeeded}
        autoComplete="new-password"
        maxLength={500}
        hint={secretNeeded ? 'Stored encrypted and never shown again.' : 'A secret is stored. Leave this empty to keep it.'}
      />
      <Select
        label="Environment"
        value={draft.environment}
        onChange={(e) => set('environment', e.target.value as Draft['environment'])}
        options={[
          { value: 'sandbox', label: 'Sandbox (api-m.sandbox.paypal.com)' },
          { value: 'live', label: 'Live (api-m.paypal.com)' },
        ]}
      />
      <Input
        label="Webhook id"
        value={draft.webhook_id}
        onChange={(e) => set('webhook_id', e.target.value)}
        required
        autoComplete="off"
        maxLength={200}
        hint={`The id ${PROVIDER_NAME} shows for the webhook you registered; deliveries are verified against it.`}
      />
      <Input
        label="API base URL (optional)"
        value={draft.api_base_url}
        onChange={(e) => set('api_base_url', e.target.value)}
        autoComplete="off"
        maxLength={500}
        placeholder="https://api-m.sandbox.paypal.com"
        hint="Leave empty to use the environment's host. Any other address must be https, unless the server allows its origin (INTEGRATION_ALLOWED_ORIGINS)."
      />
      <div>
        <Button type="submit" disabled={saving || !online.available}>
          {saving ? 'Checking with PayPal…' : 'Save and check'}
        </Button>
      </div>
    </form>
  );
}

function PlansCard({ canEdit, configured }: { canEdit: boolean; configured: boolean }) {
  const format = useFormat();
  const { toast } = useToast();
  const online = useOnlineOnly('syncing plans');
  const plans = usePaypalPlans(online.available);
  const { syncPlans } = usePaypalCommands();
  const [syncing, setSyncing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const sync = async () => {
    setSyncing(true);
    setError(null);
    try {
      const reply = await syncPlans();
      toast({ title: plansSynced(PROVIDER_NAME), description: `${reply.created} created, ${reply.unchanged} unchanged, ${reply.retired} replaced.`, variant: 'success' });
    } catch (e) {
      const text = errorText(e, plansSyncFailed(PROVIDER_NAME));
      setError(text);
      toast({ title: plansSyncFailed(PROVIDER_NAME), description: text, variant: 'destructive' });
    } finally {
      setSyncing(false);
    }
  };

  let body;
  if (plans.status === 'pending' && !online.available) body = <OnlineOnlyNote state={online} />;
  else if (plans.status === 'pending') body = <SkeletonRows rows={3} columns={5} />;
  else if (plans.status === 'error') body = <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />;
  else if (plans.data.plans.length === 0) body = <EmptyState title="No active tiers">Plans are made from the active subscription tiers; activate a tier first.</EmptyState>;
  else
    body = (
      <Table
        caption={`${PROVIDER_NAME} plans by tier`}
        rows={plans.data.plans}
        rowKey={(p) => `${p.tier_id}-${p.billing_cycle}`}
        columns={[
          { key: 'tier', header: 'Tier', render: (p) => humanize(p.tier_name) },
          { key: 'cycle', header: 'Billing', render: (p) => humanize(p.billing_cycle) },
          { key: 'amount', header: 'Amount', align: 'end', render: (p) => format.money(p.amount, p.currency_code) },
          { key: 'status', header: 'Sync', render: (p) => <StatusBadge status={p.sync_status} /> },
          { key: 'plan', header: `${PROVIDER_NAME} plan`, secondary: true, render: (p) => p.paypal_plan_id || '—' },
          { key: 'when', header: 'Last sync', secondary: true, render: (p) => (p.last_sync_date ? format.dateTime(p.last_sync_date) : '—') },
        ]}
      />
    );

  return (
    <Card className="card--flush">
      <CardHeader
        title="Plans"
        description="A monthly and a yearly plan in USD for every active tier. A tier whose price changed gets a new plan."
        actions={
          canEdit ? (
            <Button onClick={() => void sync()} disabled={syncing || !configured || !online.available}>
              {syncing ? 'Syncing…' : 'Sync plans to PayPal'}
            </Button>
          ) : undefined
        }
      />
      {canEdit && !configured ? <FormMessage tone="info">Configure {PROVIDER_NAME} before syncing plans.</FormMessage> : null}
      {error ? <FormMessage>{error}</FormMessage> : null}
      {body}
    </Card>
  );
}

export function AdminPaypalPage() {
  const format = useFormat();
  const user = useCurrentUser();
  const canEdit = user.Role === 'super_admin';
  const online = useOnlineOnly(`the ${PROVIDER_NAME} page`);
  const config = usePaypalConfig(online.available);
  const events = useOnlineRows(TABLE.paypal_webhook_events, { PageSize: 20, OrderByField: 'created_at', IsAsc: false });
  const current = config.status === 'success' ? config.data.config : null;

  let configBody;
  if (config.status === 'pending' && !online.available) configBody = <OnlineOnlyNote state={online} />;
  else if (config.status === 'pending') configBody = <SkeletonRows rows={3} columns={2} />;
  else if (config.status === 'error') configBody = <ErrorState error={config.error} onRetry={() => void config.refetch()} />;
  else
    configBody = (
      <>
        <ConfigDetails config={current} />
        {canEdit ? <ConfigForm config={current} /> : <FormMessage tone="info">Only a super admin can change the {PROVIDER_NAME} configuration.</FormMessage>}
      </>
    );

  return (
    <Page title={PROVIDER_NAME} description={`Subscription billing through ${PROVIDER_NAME}: configuration, the plans made for each tier, and incoming webhook events.`}>
      <Card>
        <CardHeader title="Configuration" />
        {configBody}
      </Card>
      <PlansCard canEdit={canEdit} configured={Boolean(current?.client_secret_set)} />
      <PaypalSubscriptionsCard canEdit={canEdit} enabled={online.available} />
      <Card className="card--flush">
        <CardHeader title="Webhook events" description="The latest 20 verified deliveries" />
        <DataView result={events} empty={{ title: 'No webhook events received yet' }}>
          {(rows) => (
            <Table
              caption="Webhook events"
              rows={rows}
              rowKey={(e) => e.id}
              columns={[
                { key: 'time', header: 'Received', render: (e) => format.dateTime(e.created_at) },
                { key: 'type', header: 'Event', render: (e) => <code>{e.event_type}</code> },
                { key: 'status', header: 'Processing', render: (e) => <StatusBadge status={e.processing_status} /> },
                { key: 'error', header: 'Error', secondary: true, render: (e) => e.error_message ?? '—' },
              ]}
            />
          )}
        </DataView>
      </Card>
    </Page>
  );
}
