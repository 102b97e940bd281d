/**
 * "Reset two-step sign-in" where an admin sees a user who has it on (a host's page, the admins
 * list): a confirmation, then POST /api/admin/users/:id/totp/reset (audited by the server).
 */
import { useState } from 'react';
import { errorText } from '../../api/http';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FormMessage } from '../../components/ui/Field';
import { useToast } from '../../components/ui/Toast';
import { resetUserTotp } from './api';

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
      toast({ title: 'Two-step sign-in reset', description: `${name} now signs in with the password alone, and can turn it on again.`, variant: 'success' });
      onReset();
    } catch (err) {
      setError(errorText(err, 'Two-step sign-in could not be reset. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="secondary" size={size} onClick={() => setOpen(true)}>
        Reset two-step sign-in
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Reset two-step sign-in?"
        description={`${name} will sign in with the password alone until they turn two-step sign-in on again. Do this only when you are sure the request comes from them (a lost phone, no recovery code left). The reset is recorded in the audit log.`}
        size="sm"
        footer={
          <>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="danger" isLoading={busy} onClick={() => void confirm()}>
              Reset
            </Button>
          </>
        }
      >
        {error ? <FormMessage>{error}</FormMessage> : null}
      </Dialog>
    </>
  );
}
