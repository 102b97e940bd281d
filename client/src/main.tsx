/** Entry point: restores the session, starts sync for it, then mounts the providers and the router. */
// Early: the browser's install offer fires once, soon after load.
import './pwa/install-events';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { createAuthStore } from './auth/auth-store';
import { AuthProvider } from './auth/auth-context';
import { getSession } from './auth/token-storage';
import { AppErrorBoundary } from './components/error-screens';
import { UpdatePrompt } from './components/layout/UpdatePrompt';
import { ToastProvider } from './components/ui/Toast';
import { PageSpinner } from './components/ui/Spinner';
import { clearUserCaches } from './lib/user-caches';
import { createAppRouter } from './router';
import { syncLoader } from './sync-loader';
import { cacheRoleChunks } from './pwa/role-chunks';
import { areaOf } from './auth/session';
import { activeLocale, i18n, startI18n, t } from './i18n';
import { mayHoldSession } from './db/store-probe';
import { warmIntlSoon } from './lib/warm-intl';
import './styles.css';

// The offline store loads on demand (auth/device-session.ts): a device never signed in shows the
// sign-in page without it.
const auth = createAuthStore({});
// Loaded once signed in (or when the sign-in form is used); the areas wait for it.
const loadSync = syncLoader({
  onUnauthorized: () => void auth.expire(),
  // After each sync: the time for the profile, photos for the days ahead, the periodic refresh.
  // A chunk of its own, like the runtime: it brings the sync's pull and push for the worker's refresh.
  onCreate: (sync, db) =>
    void Promise.all([import('./pwa/after-pull'), import('./pwa/refresh-log')]).then(([{ watchPulls }, { refreshLog }]) =>
      watchPulls(sync, db, refreshLog),
    ),
});
const router = createAppRouter({ auth, sync: loadSync });

// Sign-in, sign-out or an expired session re-runs the guards of the current page, restarts sync
// for the new session, and a new user must never see the previous user's cached rows.
let lastUserId = auth.getState().user?.ID;
auth.subscribe(() => {
  const state = auth.getState();
  const userId = state.user?.ID;
  if (userId !== lastUserId) {
    if (lastUserId !== undefined) clearUserCaches();
    lastUserId = userId;
  }
  const session = getSession();
  // In order: each step waits for the one runtime, started and stopped as the calls came.
  if (state.status === 'signedIn' && session) {
    void loadSync().then((sync) => sync.start(session));
    // This role's own chunks, for its pages offline: after the first screen, once per page load and role.
    cacheAreaSoon(areaOf(state.user.Role));
  }
  else void loadSync().then((sync) => sync.stop());
  void router.invalidate();
});

const cachedAreas = new Set<string>();
/**
 * The area's files for offline use: after the first screen, and once the session's first sync has
 * had its go (sync/sync-settled.ts), or a minute at most: a new device's first sync needs the
 * network and the page more than these files do, and both are needed to work offline.
 */
function cacheAreaSoon(area: ReturnType<typeof areaOf>): void {
  if (cachedAreas.has(area)) return;
  cachedAreas.add(area);
  window.setTimeout(() => {
    void loadSync()
      .then((sync) => sync.whenSettled(60_000))
      .then(() => cacheRoleChunks(area))
      .catch(() => cachedAreas.delete(area));
  }, 1000);
}

// Started before React's first render: a signed-in start reads the store while the page mounts,
// and fetches the sync runtime beside it (a device with a store most likely has a session).
const restored = auth.restore();
void mayHoldSession().then((mayHold) => {
  if (!mayHold) return;
  void loadSync();
  // Its first screen shows dates: the locale data loads now, not inside that screen's render.
  warmIntlSoon(activeLocale());
});

function App() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void restored.finally(() => setReady(true));
  }, []);
  if (!ready) return <PageSpinner label={t('app.starting')} />;
  return <RouterProvider router={router} />;
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

function mount(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <AppErrorBoundary>
          <AuthProvider store={auth}>
            <ToastProvider>
              <App />
              <UpdatePrompt />
            </ToastProvider>
          </AuthProvider>
        </AppErrorBoundary>
      </I18nProvider>
    </StrictMode>,
  );
}

// The language's messages first (English's are in the entry; another is one precached chunk).
void startI18n().finally(() => mount(container));
