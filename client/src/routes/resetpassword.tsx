import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate, useRouteContext } from '@tanstack/react-router';
import { present, searchOf, text } from '../lib/search-params';
import { INVITE_ACCEPT_FAILED, RESET_EMAIL_FAILED, RESET_PASSWORD_FAILED } from '../../../shared/messages';
import { errorText } from '../api/http';
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
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token, invite } = Route.useSearch();
  if (!token) return <RequestResetForm />;
  if (invite === 'admin') return <NewPasswordForm token={token} admin />;
  return invite !== undefined ? <InvitePage token={token} /> : <NewPasswordForm token={token} />;
}

function InvitePage({ token }: { token: string }) {
  const preview = useQuery({ queryKey: ['invite-preview', token], queryFn: () => previewInvite(token), retry: false, staleTime: Infinity });
  if (preview.status === 'pending') return <PageSpinner label="Opening your invitation" />;
  if (preview.status === 'error') {
    return (
      <AuthLayout
        title="This invitation cannot be used"
        footer={
          <p>
            <Link to="/login">Go to sign in</Link>
          </p>
        }
      >
        <FormMessage tone="error">{errorText(preview.error, INVITE_ACCEPT_FAILED)}</FormMessage>
        <p className="muted">The link may have been used already or be older than 24 hours. Ask your host to send a new invitation.</p>
      </AuthLayout>
    );
  }
  return preview.data.hasPassword ? <AcceptInvite token={token} invite={preview.data} /> : <NewPasswordForm token={token} invite={preview.data} />;
}

function AcceptInvite({ token, invite }: { token: string; invite: InvitePreview }) {
  const { auth } = useRouteContext({ from: '/resetpassword' });
  const navigate = useNavigate();
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
      setError(errorText(err, INVITE_ACCEPT_FAILED));
      setBusy(false);
    }
  };

  if (ticket) {
    return (
      <AuthLayout title="Two-step sign-in" subtitle={`You joined ${invite.hostName}. Enter the 6-digit code your authenticator app shows for Staykeep.`}>
        <TotpCodeStep ticket={ticket} onSignedIn={finish} onRestart={() => void navigate({ to: '/login', replace: true })} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={`Join ${invite.hostName} as a housekeeper`}
      subtitle={`${invite.hostName}'s tasks will show beside those of the hosts you already work for. You keep signing in as ${invite.email} with your password.`}
      footer={
        <p>
          Not now? <Link to="/login">Back to sign in</Link>
        </p>
      }
    >
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <Button fullWidth size="lg" isLoading={busy} onClick={() => void accept()}>
        Accept
      </Button>
    </AuthLayout>
  );
}

function RequestResetForm() {
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
      setError(errorText(err, RESET_EMAIL_FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it? <Link to="/login">Back to sign in</Link>
        </p>
      }
    >
      {sent ? (
        <FormMessage tone="success">If an account exists for {email.trim()}, a reset link is on its way. The link is valid for 24 hours.</FormMessage>
      ) : null}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <form className="form" onSubmit={(e) => void onSubmit(e)}>
        <Input label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" fullWidth size="lg" isLoading={busy}>
          Send reset link
        </Button>
      </form>
    </AuthLayout>
  );
}

/** The title and subtitle of the password form: a reset, a housekeeper's invite or an admin's. */
function passwordFormText(invite: InvitePreview | undefined, admin: boolean): { title: string; subtitle: string } {
  if (invite) return { title: `Join ${invite.hostName} as a housekeeper`, subtitle: `Choose a password for ${invite.email}: you sign in with it to see your tasks.` };
  if (admin) return { title: `Administer ${PRODUCT_NAME}`, subtitle: 'Choose the password you will sign in with. Use one you do not use anywhere else.' };
  return { title: 'Choose a new password', subtitle: 'Pick a password you do not use anywhere else.' };
}

function NewPasswordForm({ token, invite, admin = false }: { token: string; invite?: InvitePreview; admin?: boolean }) {
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
      setMismatch('The two passwords do not match.');
      return;
    }
    setMismatch(null);
    setBusy(true);
    try {
      await resetPassword(token, password);
      await navigate({ to: '/login', search: { reset: 'done' }, replace: true });
    } catch (err) {
      setError(errorText(err, RESET_PASSWORD_FAILED));
      setBusy(false);
    }
  };

  return (
    <AuthLayout {...passwordFormText(invite, admin)}>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <form className="form" onSubmit={(e) => void onSubmit(e)}>
        <Input
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Input
          label="Confirm new password"
          type="password"
          name="confirm"
          autoComplete="new-password"
          required
          error={mismatch}
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <Button type="submit" fullWidth size="lg" isLoading={busy}>
          Save new password
        </Button>
      </form>
    </AuthLayout>
  );
}
