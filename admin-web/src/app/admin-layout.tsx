import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router-dom';
import { pageTypeLabels, type PageTypeLabels } from '@pagelog/contracts/pages/page-type-labels';
import { Layout } from '../components/layout/layout';
import { buildNavigation, logoutNavKey } from '../components/navigation/build-navigation';
import { registeredNavItems } from '../components/navigation/register-nav-items';
import { useAwaitingMyReview } from '../core/reviews/awaiting-review';
import { useCurrentUser } from '../core/session/current-user';
import { LOGIN_PATH } from '../core/session/session-redirect';
import { LogoutConfirmation } from '../features/auth/components/logout-confirmation';

// The labels alone: the page types' definitions bring the block registry, which only the
// screens that edit pages load.
const allPageTypes: PageTypeLabels[] = Object.values(pageTypeLabels);
const noPermissions: readonly string[] = [];

/** The layout for every signed-in screen: navigation for the current user, and log-out. */
export function AdminLayout() {
  const { user, logOut } = useCurrentUser();
  const navigate = useNavigate();
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const permissions = user?.permissions ?? noPermissions;
  const { t } = useTranslation();
  const { requests } = useAwaitingMyReview();
  const navCounts = useMemo(
    () => ({ 'publication-requests': { count: requests.length, label: t('nav.awaitingReview', { count: requests.length }) } }),
    [requests.length, t],
  );

  const navigation = useMemo(
    () => buildNavigation({ permissions, pageTypes: allPageTypes, extraItems: registeredNavItems() }),
    [permissions],
  );

  async function confirmLogout() {
    setLoggingOut(true);
    await logOut();
    navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <>
      <Layout
        navigation={navigation}
        userName={user?.name}
        navCounts={navCounts}
        onNavAction={(item) => {
          if (item.key === logoutNavKey) setConfirmingLogout(true);
        }}
      >
        <Outlet />
      </Layout>
      {confirmingLogout && (
        <LogoutConfirmation busy={loggingOut} onConfirm={() => void confirmLogout()} onCancel={() => setConfirmingLogout(false)} />
      )}
    </>
  );
}
