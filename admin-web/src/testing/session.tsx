import { renderToString } from 'react-dom/server';
import type { UserView } from '@pagelog/contracts/users/user';
import { CurrentUserProvider } from '../app/current-user';
import type { ApiClient, ApiReply } from '../core/api/api-client';
import { ApiProvider } from '../core/api/api-context';
import { ErrorStoreProvider } from '../core/errors/error-store-context';
import { useCurrentUser, type CurrentUserContextValue } from '../core/session/current-user';
import type { DraftStorage } from '../features/pages/state/local-draft-store';

/**
 * The session of a signed-in user as every screen gets it from useCurrentUser() (what the log-out
 * confirmation and the inactivity watch call), over an API that answers each call with success
 * and records its name. Rendered once on the server: the value is the signed-in one, and its
 * calls do not re-render anything.
 */
export function aSession(user: UserView, draftStorage: DraftStorage | null): { session: CurrentUserContextValue; calls: string[] } {
  const calls: string[] = [];
  const ok = <T,>(): Promise<ApiReply<T>> => Promise.resolve({ status: 200, Success: true, Errors: [], data: null });
  const api: ApiClient = {
    request: (method, path) => (calls.push(`${method} ${path}`), ok()),
    call: (name) => (calls.push(name), ok()),
    csrfToken: () => null,
    minPosition: () => 0,
    onSessionEnd: () => () => {},
  };
  let session: CurrentUserContextValue | undefined;
  function Probe() {
    session = useCurrentUser();
    return null;
  }
  renderToString(
    <ApiProvider client={api}>
      <ErrorStoreProvider>
        <CurrentUserProvider initial={{ user }} draftStorage={draftStorage}>
          <Probe />
        </CurrentUserProvider>
      </ErrorStoreProvider>
    </ApiProvider>,
  );
  return { session: session!, calls };
}
