/** Entry point: restores the session, then mounts the providers and the router. */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createAuthStore } from './auth/auth-store';
import { AuthProvider } from './auth/auth-context';
import { AppErrorBoundary } from './components/error-screens';
import { ToastProvider } from './components/ui/Toast';
import { PageSpinner } from './components/ui/Spinner';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';
import './styles.css';

const auth = createAuthStore();
const queryClient = createQueryClient();
const router = createAppRouter({ auth, queryClient });

// Sign-in, sign-out or an expired session re-runs the guards of the current page, and a new user
// must never see the previous user's cached rows.
let lastUserId = auth.getState().user?.ID;
auth.subscribe(() => {
  const userId = auth.getState().user?.ID;
  if (userId !== lastUserId) {
    if (lastUserId !== undefined) queryClient.clear();
    lastUserId = userId;
  }
  void router.invalidate();
});

function App() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void auth.restore().finally(() => setReady(true));
  }, []);
  if (!ready) return <PageSpinner label="Starting Staykeep" />;
  return <RouterProvider router={router} />;
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AuthProvider store={auth}>
          <ToastProvider>
            <App />
          </ToastProvider>
        </AuthProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  </StrictMode>,
);
