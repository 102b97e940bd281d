import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { QueryArea } from '../lib/query-area';
import { Link, createFileRoute, useNavigate, useRouteContext } from '@tanstack/react-router';
import { present, searchOf, text } from '../lib/search-params';
import { useT } from '../i18n/use-t';
import { loadNamespace } from '../i18n';
import { localErrorText } from '../i18n/server-errors';
import { acceptInvite, previewInvite, resetPassword, sendResetPasswordEmail, type InvitePreview } from '../auth/auth-api';
import { landingPathFor, type AuthResult } from '../auth/session';
import { MIN_PASSWORD_LENGTH } from '../auth/password-rules';
import { AuthLayout, FormMessage } from '../components/layout/AuthLayout';
import { Button } from '../components/ui/Button';
import { Input } from '../components/ui/Input';
import { PageSpinner } from '../components/ui/Spinner';
import { TotpCodeStep } from '../features/two-step/TotpCodeStep';
import { PRODUCT_NAME } from '../lib/page-title';

/** The address's search (checked in the entry chunk, without zod: lib/search-params.ts). */
const resetSearch = searchOf({ token: text(), invite: present });

/**
 * Without a token: ask for the reset mail. With `?token=` (the mailed link): choose a new password.
 * With `&invite=1` (a host's staff invite): a new housekeeper chooses a first password, one who
 * already has one (works for another host) accepts with a button and is signed in (after a code,
 * with two-step sign-in on). With `&invite=admin` (a super admin's invite): the new admin chooses
 * a first password.
 */
export const Route = createFileRoute('/resetpassword')({
  // The router reads `invite=1` as a number: any value present marks an invite.
  validateSearch: resetSearch,
  beforeLoad: () => loadNamespace('account'),
  component: () => (
    <QueryArea>
      <ResetPasswordPage />
    </QueryArea>
  ),
});

function ResetPasswordPage() {
  const { token, invite } = Route.useSearch();
  if (!token) return <RequestResetForm />;
  if (invite === 'admin') return <NewPasswordForm token={token} admin />;
  return invite !== undefined ? <InvitePage token={token} /> : <NewPasswordForm token={token} />;
}

function InvitePage({ token }: { token: string }) {
  const t = useT();
  const preview = useQuery({ queryKey: ['invite-preview', token], queryFn: () => previewInvite(token), retry: false, staleTime: Infinity });
  if (preview.status === 'pending') return <PageSpinner label={t('account.invite.opening')} />;
  if (preview.status === 'error') {
    const failure = localErrorText(preview.error, 'account.errors.inviteFailed');
    return (
      <AuthLayout
        title={t('account.invite.invalidTitle')}
        footer={
          <p>
            <Link to="/login">{t('account.goToSignIn')}</Link>
          </p>
        }
      >
        <FormMessage tone="error">{failure}</FormMessage>
        <p className="muted">{t('account.invite.invalidText')}</p>
      </AuthLayout>
    );
  }
  return preview.data.hasPassword ? <AcceptInvite token={token} invite={preview.data} /> : <NewPasswordForm token={token} invite={preview.data} />;
}

function AcceptInvite({ token, invite }: { token: string; invite: InvitePreview }) {
  const { auth } = useRouteContext({ from: '/resetpassword' });
  const navigate = useNavigate();
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [ticket, setTicket] = useState<string | null>(null);

  const finish = async ({ token: session, user }: AuthResult) => {
    await auth.signIn(session, user);
    await navigate({ href: landingPathFor(user.Role, undefined), replace: true });
  };

  const accept = async () => {
    setError(null);
    setBusy(true);
    try {
      const answer = await acceptInvite(token);
      if ('totpRequired' in answer) {
        // The invite is accepted; the link proves only the mailbox, so the second step still asks.
        setTicket(answer.ticket);
        return;
      }
      await finish(answer);
    } catch (err) {
      setError(localErrorText(err, 'account.errors.inviteFailed'));
      setBusy(false);
    }
  };

  if (ticket) {
    return (
      <AuthLayout title={t('account.signIn.twoStepTitle')} subtitle={t('account.invite.twoStepText', { host: invite.hostName })}>
        <TotpCodeStep ticket={ticket} onSignedIn={finish} onRestart={() => void navigate({ to: '/login', replace: true })} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('account.invite.title', { host: invite.hostName })}
      subtitle={t('account.invite.acceptText', { host: invite.hostName, email: invite.email })}
      footer={
        <p>
          {t('account.invite.notNow')} <Link to="/login">{t('account.backToSignIn')}</Link>
        </p>
      }
    >
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <Button fullWidth size="lg" isLoading={busy} onClick={() => void accept()}>
        {t('account.invite.accept')}
      </Button>
    </AuthLayout>
  );
}

function RequestResetForm() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await sendResetPasswordEmail(email.trim());
      setSent(true);
    } catch (err) {
      setError(localErrorText(err, 'account.errors.resetEmailFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t('account.reset.title')}
      subtitle={t('account.reset.subtitle')}
      footer={
        <p>
          {t('account.reset.remembered')} <Link to="/login">{t('account.backToSignIn')}</Link>
        </p>
      }
    >
      {sent ? (
        <FormMessage tone="success">{t('account.reset.sent', { email: email.trim() })}</FormMessage>
      ) : null}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <form className="form" onSubmit={(e) => void onSubmit(e)}>
        <Input label={t('auth.field.email')} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" fullWidth size="lg" isLoading={busy}>
          {t('account.reset.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}

/** The title and subtitle of the password form: a reset, a housekeeper's invite or an admin's. */
function passwordFormText(t: ReturnType<typeof useT>, invite: InvitePreview | undefined, admin: boolean): { title: string; subtitle: string } {
  if (invite) return { title: t('account.invite.title', { host: invite.hostName }), subtitle: t('account.invite.choosePassword', { email: invite.email }) };
  if (admin) return { title: t('account.adminInvite.title', { product: PRODUCT_NAME }), subtitle: t('account.adminInvite.subtitle') };
  return { title: t('account.newPassword.title'), subtitle: t('account.newPassword.subtitle') };
}

function NewPasswordForm({ token, invite, admin = false }: { token: string; invite?: InvitePreview; admin?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (password !== confirm) {
      setMismatch(t('account.newPassword.mismatch'));
      return;
    }
    setMismatch(null);
    setBusy(true);
    try {
      await resetPassword(token, password);
      await navigate({ to: '/login', search: { reset: 'done' }, replace: true });
    } catch (err) {
      setError(localErrorText(err, 'account.errors.resetFailed'));
      setBusy(false);
    }
  };

  return (
    <AuthLayout {...passwordFormText(t, invite, admin)}>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <form className="form" onSubmit={(e) => void onSubmit(e)}>
        <Input
          label={t('account.newPassword.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          hint={t('account.field.passwordHint', { min: MIN_PASSWORD_LENGTH })}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Input
          label={t('account.newPassword.confirm')}
          type="password"
          name="confirm"
          autoComplete="new-password"
          required
          error={mismatch}
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <Button type="submit" fullWidth size="lg" isLoading={busy}>
          {t('account.newPassword.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
