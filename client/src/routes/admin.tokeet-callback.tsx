import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { searchOf, text } from '../lib/search-params';
import { requireUser } from '../auth/guards';
import { TokeetCallback } from '../features/partner';
import { QueryArea } from '../lib/query-area';
import { loadNamespace } from '../i18n';

/** The address's search (checked in the entry chunk, without zod: lib/search-params.ts). */
const callbackSearch = searchOf({ code: text(), state: text(), error: text() });

/**
 * Tokeet's OAuth redirect ({origin}/admin/tokeet-callback). Outside the admin area's guard: the
 * host who started the connection lands here; any signed-in user may, and the server checks that
 * the state is theirs.
 */
export const Route = createFileRoute('/admin/tokeet-callback')({
  validateSearch: callbackSearch,
  // Whoever lands here (usually a host) sees the admin catalog's callback texts: loaded first.
  beforeLoad: async ({ context, location }) => {
    requireUser(context, location);
    await loadNamespace('admin');
  },
  component: CallbackRoute,
});

function CallbackRoute() {
  const { code, state, error } = Route.useSearch();
  const navigate = useNavigate();
  const onDone = useCallback((path: string) => void navigate({ href: path, replace: true }), [navigate]);
  return (
    <QueryArea>
      <TokeetCallback code={code} state={state} error={error} onDone={onDone} />
    </QueryArea>
  );
}
