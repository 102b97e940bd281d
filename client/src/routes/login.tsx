import { Suspense, lazy, useEffect, useState, type FormEvent } from 'react';
import { Link, createFileRoute, redirect, useNavigate, useRouteContext } from '@tanstack/react-router';
import { oneOf, searchOf, text } from '../lib/search-params';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../shared/demo/accounts';
import { ApiError } from '../api/http';
import { useT } from '../i18n/use-t';
import { loadNamespace } from '../i18n';
import { landingPathFor, type AuthResult } from '../auth/session';
import type { SessionUser } from '../../../shared/session';
import { shouldAskForTwoStep } from '../features/two-step/ask';
import { mayHoldSession } from '../db/store-probe';
import { demoAccountFor } from '../auth/demo-accounts';
import { AuthLayout, FormMessage } from '../components/layout/AuthLayout';
import { Button } from '../components/ui/Button';
import { Input } from '../components/ui/Input';
import { PageSpinner } from '../components/ui/Spinner';

// The second step and the two-step prompt (with its QR code) load only when asked for: the sign-in
// screen stays light (see README, "Budgets").
// Their texts are in the `account` catalog, loaded with them.
const TotpCodeStep = lazy(() => Promise.all([import('../features/two-step/TotpCodeStep'), loadNamespace('account')]).then(([m]) => ({ default: m.TotpCodeStep })));
const TwoStepPrompt = lazy(() => Promise.all([import('../features/two-step/TwoStepPrompt'), loadNamespace('account')]).then(([m]) => ({ default: m.TwoStepPrompt })));

/** The address's search (checked in the entry chunk, without zod: lib/search-params.ts). */
const loginSearch = searchOf({ redirect: text(), reset: oneOf(['done'] as const) });

export const Route = createFileRoute('/login')({
  validateSearch: loginSearch,
  beforeLoad: async ({ context, search }) => {
    const state = context.auth.getState();
    if (state.status === 'signedIn') throw redirect({ href: landingPathFor(state.user.Role, search.redirect), replace: true });
    // After a reset (whose page loaded it already): the `account` catalog says it is done.
    if (search.reset === 'done') await loadNamespace('account').catch(() => undefined);
  },
  component: LoginPage,
});

type Step = { kind: 'password' } | { kind: 'code'; ticket: string } | { kind: 'prompt'; token: string; user: SessionUser };

/** The server could not be reached (no answer, or a proxy saying so): the demo may run locally. */
function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.isNetwork || error.status === 502 || error.status === 503 || error.status === 504);
}

type Waiting = { owner: string; label: string; count: number };

/**
 * The changes on this device of a user whose session expired (null when none). Read once: nothing
 * syncs while signed out. A device that never stored anything does not load the store for it.
 */
function useWaitingChanges(): Waiting | null {
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      if (!(await mayHoldSession())) return;
      const { appDb, waitingChanges } = await import('../auth/device-session');
      const found = await waitingChanges(appDb());
      if (live) setWaiting(found);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return waiting;
}

function LoginPage() {
  const search = Route.useSearch();
  const { auth, sync } = useRouteContext({ from: '/login' });
  const navigate = useNavigate();
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Two-step sign-in: the code owed after the password, or the admins' prompt to turn it on.
  const [step, setStep] = useState<Step>({ kind: 'password' });
  // A session that ends while its landing page is still loading (a suspended account's first
  // request) brings this page back before it unmounted: the form must not stay busy then.
  useEffect(() => auth.subscribe(() => {
    if (auth.getState().status === 'signedOut') setBusy(false);
  }), [auth]);
  // Changes of a user whose session expired wait here until that user signs in again.
  const waiting = useWaitingChanges();
  // The sign-in call and the signed-in app load once the form is used, not with the page.
  const prefetch = () => {
    void import('../auth/device-session');
    void sync();
  };
  const waitingShown = waiting && !waiting.owner.startsWith('demo:') ? waiting : null;
  // Its text is in the `account` catalog, loaded only when there is something to tell.
  const [waitingText, setWaitingText] = useState(false);
  useEffect(() => {
    if (waitingShown) void loadNamespace('account').then(() => setWaitingText(true), () => undefined);
  }, [waitingShown]);

  const enter = async (token: string, user: SessionUser) => {
    await auth.signIn(token, user);
    await navigate({ href: landingPathFor(user.Role, search.redirect), replace: true });
  };

  /** A full session: admins without two-step sign-in are asked to turn it on first. */
  const finish = async ({ token, user }: AuthResult) => {
    if (shouldAskForTwoStep(user)) {
      await loadNamespace('account');
      setStep({ kind: 'prompt', token, user });
      setBusy(false);
      return;
    }
    await enter(token, user);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const { login } = await import('../auth/auth-api');
      const answer = await login(email.trim(), password);
      if ('totpRequired' in answer) {
        await loadNamespace('account');
        setStep({ kind: 'code', ticket: answer.ticket });
        setBusy(false);
        return;
      }
      await finish(answer);
    } catch (err) {
      // The demo accounts also work with no server at all, on this device's demo data.
      const demo = isUnreachable(err) ? demoAccountFor(email, password) : undefined;
      if (demo) {
        try {
          const user = await auth.signInDemo(demo.email);
          await navigate({ href: landingPathFor(user.Role, search.redirect), replace: true });
          return;
        } catch {
          // Fall through to the sign-in error.
        }
      }
      // The reading of the server's messages, and their texts (`account`), load only when one is to
      // be shown: the first screen stays within its budget (README, Budgets).
      const [{ localErrorText }] = await Promise.all([import('../i18n/server-errors'), loadNamespace('account').catch(() => undefined)]);
      setError(localErrorText(err, 'account.errors.loginFailed'));
      setBusy(false);
    }
  };

  if (step.kind === 'code') {
    return (
      <AuthLayout title={t('account.signIn.twoStepTitle')} subtitle={t('account.signIn.twoStepSubtitle')}>
        <Suspense fallback={<PageSpinner />}>
          <TotpCodeStep
            ticket={step.ticket}
            onSignedIn={finish}
            onRestart={(reason) => {
              setPassword('');
              setError(reason);
              setStep({ kind: 'password' });
            }}
          />
        </Suspense>
      </AuthLayout>
    );
  }
  if (step.kind === 'prompt') {
    return (
      <AuthLayout title={t('account.signIn.promptTitle')} subtitle={t('account.signIn.passwordAccepted', { email: step.user.Email })}>
        <Suspense fallback={<PageSpinner />}>
          <TwoStepPrompt token={step.token} user={step.user} onContinue={(user) => enter(step.token, user)} />
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('auth.signIn.title')}
      subtitle={t('auth.signIn.subtitle')}
      footer={
        <p>
          {t('auth.signIn.newHost')} <Link to="/register">{t('auth.signIn.createAccount')}</Link>
        </p>
      }
    >
      {search.reset === 'done' ? <FormMessage tone="success">{t('account.signIn.resetDone')}</FormMessage> : null}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {waitingShown && waitingText ? (
        <FormMessage tone="info">{t('account.signIn.waiting', { count: waitingShown.count, label: waitingShown.label })}</FormMessage>
      ) : null}
      <form className="form" onSubmit={(e) => void onSubmit(e)} onFocus={prefetch} noValidate={false}>
        <Input label={t('auth.field.email')} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Input
          label={t('auth.field.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="form__row form__row--end">
          <Link to="/resetpassword" className="text-link">
            {t('auth.signIn.forgot')}
          </Link>
        </div>
        <Button type="submit" fullWidth size="lg" isLoading={busy}>
          {t('auth.signIn.submit')}
        </Button>
      </form>
      <details className="demo-accounts">
        <summary>{t('auth.signIn.demo')}</summary>
        <p className="demo-accounts__text">
          {t('auth.signIn.demoPassword')}{' '}
          <code>{DEMO_PASSWORD}</code>
        </p>
        <div className="demo-accounts__list">
          {DEMO_ACCOUNTS.map((a) => (
            <Button
              key={a.email}
              variant="secondary"
              size="sm"
              onClick={() => {
                setEmail(a.email);
                setPassword(DEMO_PASSWORD);
              }}
            >
              {t('auth.signIn.demoRole', { role: a.role })}
            </Button>
          ))}
        </div>
      </details>
    </AuthLayout>
  );
}
