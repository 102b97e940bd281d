/**
 * Tokeet's redirect target ({origin}/admin/tokeet-callback): no screen of its own. It hands the
 * code and state to the server, which completes the connection for the user who started it, then
 * goes back to the page that started it with the outcome as a toast.
 */
import { useEffect, useRef } from 'react';
import { OAUTH_FAILED } from '../../../../shared/messages';
import { errorText } from '../../api/http';
import { PageSpinner } from '../../components/ui/Spinner';
import { useToast } from '../../components/ui/Toast';
import { usePartnerCommands } from './partner-api';

export const DEFAULT_RETURN = '/host/channels';

export function TokeetCallback({ code, state, error, onDone }: { code?: string; state?: string; error?: string; onDone: (path: string) => void }) {
  const { toast } = useToast();
  const { complete } = usePartnerCommands();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = async () => {
      if (!code || !state) {
        toast({ title: 'Error', description: `${OAUTH_FAILED}${error ? `: ${error}` : ''}`, variant: 'destructive' });
        onDone(DEFAULT_RETURN);
        return;
      }
      try {
        const reply = await complete(code, state);
        toast({ title: 'Success', description: reply.message, variant: 'success' });
        onDone(reply.return_to);
      } catch (e) {
        toast({ title: 'Error', description: errorText(e, OAUTH_FAILED), variant: 'destructive' });
        onDone(DEFAULT_RETURN);
      }
    };
    void finish();
  }, [code, state, error, complete, toast, onDone]);

  return <PageSpinner label="Connecting Tokeet" />;
}
