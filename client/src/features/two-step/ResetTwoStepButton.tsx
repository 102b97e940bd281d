/**
 * "Reset two-step sign-in" where an admin sees a user who has it on (a host's page, the admins
 * list): a confirmation, then POST /api/admin/users/:id/totp/reset (audited by the server).
 */
import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FormMessage } from '../../components/ui/Field';
import { useToast } from '../../components/ui/Toast';
import { resetUserTotp } from './api';
import { useT } from '../../i18n/use-t';
import { localErrorText } from '../../i18n/server-errors';

type Props = {
  userId: string;
  name: string;
  /** The user has two-step sign-in on; nothing is shown otherwise. */
  enabled: boolean;
  onReset: () => void;
  size?: 'sm' | 'md';
};

export function ResetTwoStepButton({ userId, name, enabled, onReset, size = 'sm' }: Props) {
  const { toast } = useToast();
  const t = useT();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!enabled) return null;

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await resetUserTotp(userId);
      setOpen(false);
      toast({ title: t('account.twoStep.reset.done'), description: t('account.twoStep.reset.doneText', { name }), variant: 'success' });
      onReset();
    } catch (err) {
      setError(localErrorText(err, 'account.twoStep.reset.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="secondary" size={size} onClick={() => setOpen(true)}>
        {t('account.twoStep.reset.button')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('account.twoStep.reset.title')}
        description={t('account.twoStep.reset.text', { name })}
        size="sm"
        footer={
          <>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {t('account.twoStep.cancel')}
            </Button>
            <Button variant="danger" isLoading={busy} onClick={() => void confirm()}>
              {t('account.twoStep.reset.confirm')}
            </Button>
          </>
        }
      >
        {error ? <FormMessage>{error}</FormMessage> : null}
      </Dialog>
    </>
  );
}
