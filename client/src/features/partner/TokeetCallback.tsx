/**
 * Tokeet's redirect target ({origin}/admin/tokeet-callback): no screen of its own. It hands the
 * code and state to the server, which completes the connection for the user who started it, then
 * goes back to the page that started it with the outcome as a toast.
 */
import { useEffect, useRef } from 'react';
import { errorText } from '../../api/http';
import { PageSpinner } from '../../components/ui/Spinner';
import { useToast } from '../../components/ui/Toast';
import { useT } from '../../i18n/use-t';
import { usePartnerCommands } from './partner-api';
import { PARTNER_NAME } from './shared-bits';

export const DEFAULT_RETURN = '/host/channels';

export function TokeetCallback({ code, state, error, onDone }: { code?: string; state?: string; error?: string; onDone: (path: string) => void }) {
  const t = useT();
  const { toast } = useToast();
  const { complete } = usePartnerCommands();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = async () => {
      if (!code || !state) {
        toast({ title: t('admin.common.error'), description: error ? t('admin.tokeetCallback.failedWith', { error }) : t('admin.tokeetCallback.failed'), variant: 'destructive' });
        onDone(DEFAULT_RETURN);
        return;
      }
      try {
        const reply = await complete(code, state);
        toast({ title: t('admin.common.success'), description: reply.message, variant: 'success' });
        onDone(reply.return_to);
      } catch (e) {
        toast({ title: t('admin.common.error'), description: errorText(e, t('admin.tokeetCallback.failed')), variant: 'destructive' });
        onDone(DEFAULT_RETURN);
      }
    };
    void finish();
  }, [code, state, error, complete, toast, onDone, t]);

  return <PageSpinner label={t('admin.tokeetCallback.connecting', { partner: PARTNER_NAME })} />;
}
