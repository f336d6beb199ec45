import { useMemo, useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { pageTypes, type PageTypeDefinition } from '@pagelog/contracts/pages/page-types';
import { Layout } from '../components/layout/layout';
import { buildNavigation, logoutNavKey } from '../components/navigation/build-navigation';
import { registeredNavItems } from '../components/navigation/register-nav-items';
import { LogoutConfirmation } from '../features/auth/components/logout-confirmation';
import { useCurrentUser } from './current-user';

const allPageTypes: PageTypeDefinition[] = Object.values(pageTypes);

/** The layout for every signed-in screen: navigation for the current user, and log-out. */
export function AdminLayout() {
  const { user, logOut } = useCurrentUser();
  const navigate = useNavigate();
  const [confirmingLogout, setConfirmingLogout] = useState(false);

  const navigation = useMemo(
    () => buildNavigation({ permissions: user.permissions, pageTypes: allPageTypes, extraItems: registeredNavItems() }),
    [user.permissions],
  );

  async function confirmLogout() {
    setConfirmingLogout(false);
    await logOut();
    navigate('/login');
  }

  return (
    <>
      <Layout
        navigation={navigation}
        onNavAction={(item) => {
          if (item.key === logoutNavKey) setConfirmingLogout(true);
        }}
      >
        <Outlet />
      </Layout>
      {confirmingLogout && (
        <LogoutConfirmation onConfirm={() => void confirmLogout()} onCancel={() => setConfirmingLogout(false)} />
      )}
    </>
  );
}
