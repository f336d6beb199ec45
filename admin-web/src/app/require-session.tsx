import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../core/session/current-user';
import { guardDecision } from '../core/session/session-redirect';

/**
 * The admin-route guard: the protected screens (its children, or the nested routes) for a signed-in
 * user; the login screen, remembering where they were, for anyone else.
 */
export function RequireSession({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { status, endReason } = useCurrentUser();
  const location = useLocation();
  const decision = guardDecision(status, location, endReason);

  if (decision.kind === 'wait') {
    return (
      <p className="session-checking" role="status">
        {t('session.checking')}
      </p>
    );
  }
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace state={decision.state} />;
  return <>{children ?? <Outlet />}</>;
}
