/**
 * The admins of the platform (super admins only): invite an admin by e-mail (they set their password
 * through the mailed link), deactivate one (signed out at once, refused at sign-in) and reactivate,
 * and reset the two-step sign-in of one who lost their phone (features/two-step).
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { AdminUser } from '../../../../shared/api/admin';
import { errorText } from '../../api/http';
import { useCurrentUser } from '../../components/layout/current-user';
import { Page } from '../../components/layout/Page';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Dialog } from '../../components/ui/Dialog';
import { FormMessage } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';
import { useToast } from '../../components/ui/Toast';
import { ResetTwoStepButton } from '../two-step';
import { useFormat } from '../../lib/display';
import { useAdminCommands, useAdmins } from './admin-api';
import './admin.css';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function AdminState({ admin }: { admin: AdminUser }) {
  if (!admin.active) return <Badge tone="danger">Deactivated</Badge>;
  if (admin.invited) return <Badge tone="info">Invited</Badge>;
  return <Badge tone="success">Active</Badge>;
}

function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const online = useOnlineOnly('inviting an admin');
  const { invite } = useAdminCommands();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ email?: string; name?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setEmail('');
    setName('');
    setErrors({});
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!name.trim()) found.name = 'Enter the admin’s name';
    if (!EMAIL_PATTERN.test(email.trim())) found.email = 'Enter a valid e-mail address';
    setErrors(found);
    if (Object.keys(found).length > 0 || !online.available) return;
    setSaving(true);
    try {
      const admin = await invite({ email: email.trim(), name: name.trim() });
      toast({ title: 'Invitation sent', description: `${admin.Email} received a link to set a password. It works once, within 24 hours.`, variant: 'success' });
      onClose();
    } catch (e) {
      setErrors({ form: errorText(e, 'The invitation could not be sent. Please try again.') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Invite an admin"
      description="The admin receives an e-mail with a link to set a password. Admins see and manage every host; plans and platform settings stay with super admins."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="admin-invite-form" isLoading={saving} disabled={!online.available}>
            Send invitation
          </Button>
        </>
      }
    >
      <form id="admin-invite-form" className="admin-form" onSubmit={(e) => void submit(e)} noValidate>
        <OnlineOnlyNote state={online} />
        {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
        <Input label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} maxLength={200} autoComplete="off" required />
        <Input label="E-mail" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} maxLength={320} autoComplete="off" required />
      </form>
    </Dialog>
  );
}

function StatusDialog({ admin, onClose }: { admin: AdminUser | null; onClose: () => void }) {
  const { toast } = useToast();
  const online = useOnlineOnly('changing an admin');
  const { setActive } = useAdminCommands();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The last admin shown, so that the dialog keeps its text while it closes.
  const [shown, setShown] = useState<AdminUser | null>(admin);
  useEffect(() => {
    if (admin) {
      setShown(admin);
      setError(null);
    }
  }, [admin]);
  const deactivating = shown?.active ?? true;

  const confirm = async () => {
    if (!shown || !online.available) return;
    setSaving(true);
    setError(null);
    try {
      await setActive(shown.ID, !deactivating);
      toast({ title: deactivating ? 'Admin deactivated' : 'Admin reactivated', description: deactivating ? `${shown.Email} is signed out and cannot sign in.` : `${shown.Email} can sign in again.`, variant: 'success' });
      onClose();
    } catch (e) {
      setError(errorText(e, 'The admin could not be changed. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={admin !== null}
      onClose={onClose}
      size="sm"
      title={deactivating ? `Deactivate ${shown?.Name || shown?.Email || 'this admin'}?` : `Reactivate ${shown?.Name || shown?.Email || 'this admin'}?`}
      description={deactivating ? 'They are signed out at their next request and cannot sign in until reactivated. Nothing they did is removed.' : 'They can sign in again with their password.'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={deactivating ? 'danger' : 'primary'} isLoading={saving} disabled={!online.available} onClick={() => void confirm()}>
            {deactivating ? 'Deactivate' : 'Reactivate'}
          </Button>
        </>
      }
    >
      <OnlineOnlyNote state={online} />
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
    </Dialog>
  );
}

export function AdminAdminsPage() {
  const user = useCurrentUser();
  const format = useFormat();
  const isSuper = user.Role === 'super_admin';
  const result = useAdmins(isSuper);
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<AdminUser | null>(null);

  if (!isSuper) {
    return (
      <Page title="Admins">
        <FormMessage tone="info">Only super admins manage admins.</FormMessage>
      </Page>
    );
  }

  return (
    <Page title="Admins" description="Who administers the platform. Invite admins by e-mail; deactivate one to sign them out and keep them out." actions={<Button onClick={() => setInviting(true)}>Invite admin</Button>}>
      <Card className="card--flush">
        {result.status === 'pending' ? (
          <SkeletonRows />
        ) : result.status === 'error' ? (
          <ErrorState error={result.error} onRetry={() => void result.refetch()} />
        ) : result.data.length === 0 ? (
          <EmptyState title="No admins yet" />
        ) : (
          <Table
            caption="Admins"
            rows={result.data}
            rowKey={(a) => a.ID}
            columns={[
              {
                key: 'who',
                header: 'Admin',
                render: (a) => (
                  <div className="cell-stack">
                    <span className="cell-strong">{a.Name || a.Email}</span>
                    <span className="cell-muted">{a.Email}</span>
                  </div>
                ),
              },
              { key: 'role', header: 'Role', render: (a) => (a.Role === 'super_admin' ? 'Super admin' : 'Admin') },
              { key: 'state', header: 'Status', render: (a) => <AdminState admin={a} /> },
              { key: 'since', header: 'Since', secondary: true, render: (a) => format.date(a.CreateTime) },
              { key: 'two-step', header: 'Two-step sign-in', render: (a) => <Badge tone={a.totp_enabled ? 'success' : 'neutral'}>{a.totp_enabled ? 'On' : 'Off'}</Badge> },
              {
                key: 'actions',
                header: 'Actions',
                render: (a) => (
                  <div className="button-group">
                    {a.Role === 'admin' ? (
                      <Button size="sm" variant={a.active ? 'secondary' : 'primary'} onClick={() => setChanging(a)} aria-label={`${a.active ? 'Deactivate' : 'Reactivate'} ${a.Email}`}>
                        {a.active ? 'Deactivate' : 'Reactivate'}
                      </Button>
                    ) : null}
                    {/* One's own is turned off on the profile page, with a code. */}
                    <ResetTwoStepButton userId={a.ID} name={a.Name || a.Email} enabled={a.totp_enabled && a.active && a.ID !== user.ID} onReset={() => void result.refetch()} />
                    {a.Role !== 'admin' && !(a.totp_enabled && a.ID !== user.ID) ? <span className="cell-muted">—</span> : null}
                  </div>
                ),
              },
            ]}
          />
        )}
      </Card>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <StatusDialog admin={changing} onClose={() => setChanging(null)} />
    </Page>
  );
}
