/**
 * The admin channel-partner page: the platform's Tokeet app credentials (the secret key is stored
 * encrypted and never shown again), the integration stats across hosts and the sync log.
 */
import type { PartnerCredentialsView } from '../../../../shared/api/partner';
import { partnerCredentialsSaveFailed, partnerCredentialsSaved } from '../../../../shared/messages';
import { Page } from '../../components/layout/Page';
import { Card, CardHeader } from '../../components/ui/Card';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Checkbox, FormMessage } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/States';
import { useToast } from '../../components/ui/Toast';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import { useCredentialsForm } from '../../components/credentials-form';
import { usePartnerCommands, usePartnerCredentials, usePartnerLogs, usePartnerStats } from './partner-api';
import { PARTNER_NAME, StatsGrid, SyncLogTable } from './shared-bits';
import './partner.css';

type Draft = { client_id: string; secret_key: string; partner_email: string; partner_id: string; production_base_url: string; sandbox_base_url: string; sandbox_mode: boolean };

function draftOf(c: PartnerCredentialsView | null): Draft {
  return {
    client_id: c?.client_id ?? '',
    secret_key: '',
    partner_email: c?.partner_email ?? '',
    partner_id: c?.partner_id ?? '',
    production_base_url: c?.production_base_url ?? '',
    sandbox_base_url: c?.sandbox_base_url ?? '',
    sandbox_mode: c?.sandbox_mode ?? true,
  };
}

function CredentialsForm({ credentials }: { credentials: PartnerCredentialsView | null }) {
  const { toast } = useToast();
  const { saveCredentials } = usePartnerCommands();
  const { draft, set, error, saving, online, submit } = useCredentialsForm<Draft>({
    saved: credentials,
    draftOf: () => draftOf(credentials),
    secretField: 'secret_key',
    purpose: `saving the ${PARTNER_NAME} credentials`,
    save: (d) =>
      saveCredentials({
        client_id: d.client_id.trim(),
        ...(d.secret_key.trim() ? { secret_key: d.secret_key.trim() } : {}),
        partner_email: d.partner_email.trim(),
        partner_id: d.partner_id.trim(),
        production_base_url: d.production_base_url.trim(),
        sandbox_base_url: d.sandbox_base_url.trim(),
        sandbox_mode: d.sandbox_mode,
      }),
    onSaved: () => toast({ title: 'Success', description: partnerCredentialsSaved(PARTNER_NAME), variant: 'success' }),
    onFailed: (text) => toast({ title: 'Error', description: `${partnerCredentialsSaveFailed(PARTNER_NAME)}: ${text}`, variant: 'destructive' }),
    fallbackError: partnerCredentialsSaveFailed(PARTNER_NAME),
  });
  const secretNeeded = !credentials?.secret_key_set;

  return (
    <form className="partner-form" onSubmit={(e) => void submit(e)} aria-label={`${PARTNER_NAME} credentials`}>
      <OnlineOnlyNote state={online} />
      {error ? <FormMessage>{error}</FormMessage> : null}
      <div className="partner-form__grid">
        <Input label="Client id" value={draft.client_id} onChange={(e) => set('client_id', e.target.value)} required autoComplete="off" maxLength={200} />
        <Input
          label="Secret key"
          type="password"
          value={draft.secret_key}
          onChange={(e) => set('secret_key', e.target.value)}
          required={secretNeeded}
          autoComplete="new-password"
          maxLength={500}
          hint={secretNeeded ? 'Stored encrypted and never shown again.' : 'A secret key is stored. Leave this empty to keep it.'}
        />
        <Input label="Partner e-mail" type="email" value={draft.partner_email} onChange={(e) => set('partner_email', e.target.value)} required autoComplete="off" maxLength={320} />
        <Input label="Partner id" value={draft.partner_id} onChange={(e) => set('partner_id', e.target.value)} required autoComplete="off" maxLength={200} />
        <Input
          label="Production base URL"
          value={draft.production_base_url}
          onChange={(e) => set('production_base_url', e.target.value)}
          autoComplete="off"
          maxLength={500}
          placeholder="https://papi.tokeet.com"
          hint="Empty for Tokeet's own. Must be https unless the server allows its origin (INTEGRATION_ALLOWED_ORIGINS)."
        />
        <Input
          label="Sandbox base URL"
          value={draft.sandbox_base_url}
          onChange={(e) => set('sandbox_base_url', e.target.value)}
          autoComplete="off"
          maxLength={500}
          placeholder="https://papi.sandbox.tokeet.com"
          hint="Empty for Tokeet's own sandbox."
        />
      </div>
      <Checkbox label="Sandbox mode" checked={draft.sandbox_mode} onCheckedChange={(v) => set('sandbox_mode', v)} hint="Hosts connect to and sync from the sandbox base URL while this is on." />
      <div>
        <Button type="submit" isLoading={saving} disabled={!online.available}>
          Save credentials
        </Button>
      </div>
    </form>
  );
}

export function AdminTokeetPage() {
  const online = useOnlineOnly(`the ${PARTNER_NAME} integration`);
  const credentials = usePartnerCredentials(online.available);
  const stats = usePartnerStats(online.available);
  const logs = usePartnerLogs(online.available);
  const current = credentials.data?.credentials ?? null;

  return (
    <Page title={PARTNER_NAME} description={`The ${PARTNER_NAME} Partners API: the platform's app credentials, and what hosts have synced from their ${PARTNER_NAME} accounts.`}>
      <Card>
        <CardHeader
          title="Partner API credentials"
          description="Hosts connect their own Tokeet accounts with these from their Channels page."
          actions={current ? <Badge tone={current.is_active ? 'success' : 'warning'}>{current.sandbox_mode ? 'Sandbox' : 'Production'}</Badge> : <Badge>Not configured</Badge>}
        />
        {credentials.status === 'pending' && online.available ? <SkeletonRows rows={3} columns={2} /> : null}
        {credentials.status === 'pending' && !online.available ? <OnlineOnlyNote state={online} /> : null}
        {credentials.status === 'error' ? <ErrorState error={credentials.error} onRetry={() => void credentials.refetch()} /> : null}
        {credentials.status === 'success' ? <CredentialsForm credentials={current} /> : null}
      </Card>
      <StatsGrid stats={stats} showHosts />
      <Card className="card--flush">
        <CardHeader title="Sync log" description="The latest 50 sync runs of every host" />
        <SyncLogTable logs={logs} />
      </Card>
    </Page>
  );
}
