/**
 * "Your data" on a host's profile page: downloads everything of the host's as one archive
 * (GET /api/host/export: data.json and one CSV per table, a .tar.gz that every system opens).
 * Online only: the archive is made by the server.
 */
import { useState } from 'react';
import { getToken } from '../../auth/token-storage';
import { saveBlob } from '../../lib/save-file';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { FormMessage } from '../../components/ui/Field';
import { useToast } from '../../components/ui/Toast';
import { t as translate } from '../../i18n';
import { useT } from '../../i18n/use-t';

/** The archive and the file name the server gave it. */
async function fetchExport(): Promise<{ blob: Blob; fileName: string }> {
  const token = getToken();
  const res = await fetch('/api/host/export', { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? translate('account.dataExport.failedStatus', { status: res.status }));
  }
  const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'staykeep-export.tar.gz';
  return { blob: await res.blob(), fileName };
}

export function DataExportCard() {
  const t = useT();
  const online = useOnlineOnly(t('account.dataExport.onlineWhat'));
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { blob, fileName } = await fetchExport();
      saveBlob(blob, fileName);
      toast({ title: t('account.dataExport.downloading'), description: fileName, variant: 'success' });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : t('account.dataExport.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader title={t('account.dataExport.title')} description={t('account.dataExport.description')} />
      <OnlineOnlyNote state={online} />
      {failure ? <FormMessage>{failure}</FormMessage> : null}
      <div className="form__row form__row--end">
        <Button variant="secondary" isLoading={busy} disabled={!online.available} onClick={() => void download()}>
          {t('account.dataExport.button')}
        </Button>
      </div>
    </Card>
  );
}
