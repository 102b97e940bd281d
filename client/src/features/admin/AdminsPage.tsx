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
import { useT } from '../../i18n/use-t';
import './admin.css';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function AdminState({ admin }: { admin: AdminUser }) {
  const t = useT();
  if (!admin.active) return <Badge tone="danger">{t('admin.admins.deactivated')}</Badge>;
  if (admin.invited) return <Badge tone="info">{t('admin.common.invited')}</Badge>;
  return <Badge tone="success">{t('admin.admins.active')}</Badge>;
}

function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { toast } = useToast();
  const online = useOnlineOnly(t('admin.admins.invitingWhat'));
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
    if (!name.trim()) found.name = t('admin.admins.nameRequired');
    if (!EMAIL_PATTERN.test(email.trim())) found.email = t('admin.admins.emailInvalid');
    setErrors(found);
    if (Object.keys(found).length > 0 || !online.available) return;
    setSaving(true);
    try {
      const admin = await invite({ email: email.trim(), name: name.trim() });
      toast({ title: t('admin.admins.invitationSent'), description: t('admin.admins.invitationSentText', { email: admin.Email }), variant: 'success' });
      onClose();
    } catch (e) {
      setErrors({ form: errorText(e, t('admin.admins.inviteFailed')) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('admin.admins.inviteTitle')}
      description={t('admin.admins.inviteDescription')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" form="admin-invite-form" isLoading={saving} disabled={!online.available}>
            {t('admin.admins.sendInvitation')}
          </Button>
        </>
      }
    >
      <form id="admin-invite-form" className="admin-form" onSubmit={(e) => void submit(e)} noValidate>
        <OnlineOnlyNote state={online} />
        {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
        <Input label={t('admin.column.name')} value={name} onChange={(e) => setName(e.target.value)} error={errors.name} maxLength={200} autoComplete="off" required />
        <Input label={t('admin.column.email')} type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} maxLength={320} autoComplete="off" required />
      </form>
    </Dialog>
  );
}

function StatusDialog({ admin, onClose }: { admin: AdminUser | null; onClose: () => void }) {
  const t = useT();
  const { toast } = useToast();
  const online = useOnlineOnly(t('admin.admins.changingWhat'));
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
      toast({
        title: deactivating ? t('admin.admins.deactivatedTitle') : t('admin.admins.reactivatedTitle'),
        description: deactivating ? t('admin.admins.deactivatedText', { email: shown.Email }) : t('admin.admins.reactivatedText', { email: shown.Email }),
        variant: 'success',
      });
      onClose();
    } catch (e) {
      setError(errorText(e, t('admin.admins.changeFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={admin !== null}
      onClose={onClose}
      size="sm"
      title={deactivating ? t('admin.admins.deactivateTitle', { name: shown?.Name || shown?.Email || t('admin.admins.thisAdmin') }) : t('admin.admins.reactivateTitle', { name: shown?.Name || shown?.Email || t('admin.admins.thisAdmin') })}
      description={deactivating ? t('admin.admins.deactivateText') : t('admin.admins.reactivateText')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('action.cancel')}
          </Button>
          <Button variant={deactivating ? 'danger' : 'primary'} isLoading={saving} disabled={!online.available} onClick={() => void confirm()}>
            {deactivating ? t('admin.common.deactivate') : t('admin.common.reactivate')}
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
  const t = useT();
  const isSuper = user.Role === 'super_admin';
  const result = useAdmins(isSuper);
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<AdminUser | null>(null);

  if (!isSuper) {
    return (
      <Page title={t('admin.admins.title')}>
        <FormMessage tone="info">{t('admin.admins.superOnly')}</FormMessage>
      </Page>
    );
  }

  return (
    <Page title={t('admin.admins.title')} description={t('admin.admins.description')} actions={<Button onClick={() => setInviting(true)}>{t('admin.admins.invite')}</Button>}>
      <Card className="card--flush">
        {result.status === 'pending' ? (
          <SkeletonRows />
        ) : result.status === 'error' ? (
          <ErrorState error={result.error} onRetry={() => void result.refetch()} />
        ) : result.data.length === 0 ? (
          <EmptyState title={t('admin.admins.empty')} />
        ) : (
          <Table
            caption={t('admin.admins.title')}
            rows={result.data}
            rowKey={(a) => a.ID}
            columns={[
              {
                key: 'who',
                header: t('admin.admins.admin'),
                render: (a) => (
                  <div className="cell-stack">
                    <span className="cell-strong">{a.Name || a.Email}</span>
                    <span className="cell-muted">{a.Email}</span>
                  </div>
                ),
              },
              { key: 'role', header: t('admin.admins.role'), render: (a) => (a.Role === 'super_admin' ? t('admin.admins.superAdmin') : t('admin.admins.admin')) },
              { key: 'state', header: t('admin.column.status'), render: (a) => <AdminState admin={a} /> },
              { key: 'since', header: t('admin.column.since'), secondary: true, render: (a) => format.date(a.CreateTime) },
              { key: 'two-step', header: t('admin.common.twoStep'), render: (a) => <Badge tone={a.totp_enabled ? 'success' : 'neutral'}>{a.totp_enabled ? t('admin.common.on') : t('admin.common.off')}</Badge> },
              {
                key: 'actions',
                header: t('admin.column.actions'),
                render: (a) => (
                  <div className="button-group">
                    {a.Role === 'admin' ? (
                      <Button size="sm" variant={a.active ? 'secondary' : 'primary'} onClick={() => setChanging(a)} aria-label={a.active ? t('admin.admins.deactivateLabel', { email: a.Email }) : t('admin.admins.reactivateLabel', { email: a.Email })}>
                        {a.active ? t('admin.common.deactivate') : t('admin.common.reactivate')}
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
