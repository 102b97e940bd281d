import { useEffect, useRef, useState } from 'react';
import { Link, createFileRoute, useNavigate, useRouteContext } from '@tanstack/react-router';
import { searchOf, text } from '../lib/search-params';
import { landingPathFor } from '../auth/session';
import { AuthLayout, FormMessage } from '../components/layout/AuthLayout';
import { PageSpinner } from '../components/ui/Spinner';
import { useT } from '../i18n/use-t';
import { loadNamespace } from '../i18n';

/** The address's search (checked in the entry chunk, without zod: lib/search-params.ts). */
const tokenSearch = searchOf({ token: text(), redirect: text() });

/**
 * Finishes a sign-in that arrives by redirect (an invite or reset link carrying a session token)
 * and routes by role (auth/session.ts). Without a token, a signed-in user is routed and anyone else is
 * sent to sign in.
 */
export const Route = createFileRoute('/onauthsuccess')({
  validateSearch: tokenSearch,
  beforeLoad: () => loadNamespace('account'),
  component: OnAuthSuccessPage,
});

function OnAuthSuccessPage() {
  const { token, redirect } = Route.useSearch();
  const { auth } = useRouteContext({ from: '/onauthsuccess' });
  const navigate = useNavigate();
  const t = useT();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = async () => {
      if (token) {
        try {
          const user = await auth.signInWithToken(token);
          await navigate({ href: landingPathFor(user.Role, redirect), replace: true });
        } catch {
          setFailed(true);
        }
        return;
      }
      const state = auth.getState();
      if (state.status === 'signedIn') await navigate({ href: landingPathFor(state.user.Role, redirect), replace: true });
      else await navigate({ to: '/login', search: redirect ? { redirect } : {}, replace: true });
    };
    void finish();
  }, [auth, navigate, token, redirect]);

  if (!failed) return <PageSpinner label={t('account.link.signingIn')} />;
  return (
    <AuthLayout title={t('account.link.invalidTitle')}>
      <FormMessage tone="error">{t('account.link.invalidText')}</FormMessage>
      <Link to="/login" className="btn btn--primary btn--lg btn--full">
        <span>{t('account.goToSignIn')}</span>
      </Link>
    </AuthLayout>
  );
}
