/**
 * The admin channel-partner page: the platform's Tokeet app credentials (the secret key is stored
 * encrypted and never shown again), the integration stats across hosts and the sync log.
 */
import type { PartnerCredentialsView } from '../../../../shared/api/partner';
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
import { useT } from '../../i18n/use-t';
import './partner.css';

/** The examples the base URL boxes show (addresses, not words). */
const PRODUCTION_BASE_URL = 'https://papi.tokeet.com';
const SANDBOX_BASE_URL = 'https://papi.sandbox.tokeet.com';

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
  const t = useT();
  const { toast } = useToast();
  const { saveCredentials } = usePartnerCommands();
  const { draft, set, error, saving, online, submit } = useCredentialsForm<Draft>({
    saved: credentials,
    draftOf: () => draftOf(credentials),
    secretField: 'secret_key',
    purpose: t('admin.tokeet.savingWhat', { partner: PARTNER_NAME }),
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
    onSaved: () => toast({ title: t('admin.common.success'), description: t('admin.tokeet.saved', { partner: PARTNER_NAME }), variant: 'success' }),
    onFailed: (text) => toast({ title: t('admin.common.error'), description: t('admin.tokeet.saveFailedWith', { partner: PARTNER_NAME, error: text }), variant: 'destructive' }),
    fallbackError: t('admin.tokeet.saveFailed', { partner: PARTNER_NAME }),
  });
  const secretNeeded = !credentials?.secret_key_set;

  return (
    <form className="partner-form" onSubmit={(e) => void submit(e)} aria-label={t('admin.tokeet.credentialsLabel', { partner: PARTNER_NAME })}>
      <OnlineOnlyNote state={online} />
      {error ? <FormMessage>{error}</FormMessage> : null}
      <div className="partner-form__grid">
        <Input label={t('admin.paypal.clientId')} value={draft.client_id} onChange={(e) => set('client_id', e.target.value)} required autoComplete="off" maxLength={200} />
        <Input
          label={t('admin.tokeet.secretKey')}
          type="password"
          value={draft.secret_key}
          onChange={(e) => set('secret_key', e.target.value)}
          required={secretNeeded}
          autoComplete="new-password"
          maxLength={500}
          hint={secretNeeded ? t('admin.paypal.secretNew') : t('admin.tokeet.secretKept')}
        />
        <Input label={t('admin.tokeet.partnerEmail')} type="email" value={draft.partner_email} onChange={(e) => set('partner_email', e.target.value)} required autoComplete="off" maxLength={320} />
        <Input label={t('admin.tokeet.partnerId')} value={draft.partner_id} onChange={(e) => set('partner_id', e.target.value)} required autoComplete="off" maxLength={200} />
        <Input
          label={t('admin.tokeet.productionUrl')}
          value={draft.production_base_url}
          onChange={(e) => set('production_base_url', e.target.value)}
          autoComplete="off"
          maxLength={500}
          placeholder={PRODUCTION_BASE_URL}
          hint={t('admin.tokeet.productionUrlHint', { partner: PARTNER_NAME, variable: 'INTEGRATION_ALLOWED_ORIGINS' })}
        />
        <Input
          label={t('admin.tokeet.sandboxUrl')}
          value={draft.sandbox_base_url}
          onChange={(e) => set('sandbox_base_url', e.target.value)}
          autoComplete="off"
          maxLength={500}
          placeholder={SANDBOX_BASE_URL}
          hint={t('admin.tokeet.sandboxUrlHint', { partner: PARTNER_NAME })}
        />
      </div>
      <Checkbox label={t('admin.tokeet.sandboxMode')} checked={draft.sandbox_mode} onCheckedChange={(v) => set('sandbox_mode', v)} hint={t('admin.tokeet.sandboxModeHint')} />
      <div>
        <Button type="submit" isLoading={saving} disabled={!online.available}>
          {t('admin.tokeet.save')}
        </Button>
      </div>
    </form>
  );
}

export function AdminTokeetPage() {
  const t = useT();
  const online = useOnlineOnly(t('admin.tokeet.onlineWhat', { partner: PARTNER_NAME }));
  const credentials = usePartnerCredentials(online.available);
  const stats = usePartnerStats(online.available);
  const logs = usePartnerLogs(online.available);
  const current = credentials.data?.credentials ?? null;

  return (
    <Page title={PARTNER_NAME} description={t('admin.tokeet.description', { partner: PARTNER_NAME })}>
      <Card>
        <CardHeader
          title={t('admin.tokeet.credentialsTitle')}
          description={t('admin.tokeet.credentialsDescription', { partner: PARTNER_NAME })}
          actions={current ? <Badge tone={current.is_active ? 'success' : 'warning'}>{current.sandbox_mode ? t('admin.tokeet.sandbox') : t('admin.tokeet.production')}</Badge> : <Badge>{t('admin.tokeet.notConfigured')}</Badge>}
        />
        {credentials.status === 'pending' && online.available ? <SkeletonRows rows={3} columns={2} /> : null}
        {credentials.status === 'pending' && !online.available ? <OnlineOnlyNote state={online} /> : null}
        {credentials.status === 'error' ? <ErrorState error={credentials.error} onRetry={() => void credentials.refetch()} /> : null}
        {credentials.status === 'success' ? <CredentialsForm credentials={current} /> : null}
      </Card>
      <StatsGrid stats={stats} showHosts />
      <Card className="card--flush">
        <CardHeader title={t('admin.tokeet.syncLog')} description={t('admin.tokeet.syncLogDescription')} />
        <SyncLogTable logs={logs} />
      </Card>
    </Page>
  );
}
