import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ActivateAccountRoute } from '../features/auth/routes/activate-account';
import { ForgotPasswordRoute } from '../features/auth/routes/forgot-password';
import { LoginRoute } from '../features/auth/routes/login';
import { ResetPasswordRoute } from '../features/auth/routes/reset-password';
import { SetupRoute } from '../features/auth/routes/setup';
import { MediaLibraryRoute } from '../features/media/routes/media-library';
import { MenuStructureRoute } from '../features/menu/routes/menu-structure';
import { NewPageRoute } from '../features/pages/routes/new-page';
import { PageOverviewRoute } from '../features/pages/routes/page-overview';
import { PageTypeOverviewRoute } from '../features/pages/routes/page-type-overview';
import { SiteStructureRoute } from '../features/pages/routes/site-structure';
import { PublicationRequestsRoute } from '../features/publication-requests/routes/publication-requests';
import { UserManagementRoute } from '../features/users/routes/user-management';
import { UserSettingsRoute } from '../features/users/routes/user-settings';
import { AdminLayout } from './admin-layout';
import { RequireSession } from './require-session';
import { DashboardRoute } from './routes/dashboard';
import { NotFoundRoute } from './routes/not-found';

export const adminBasename = '/cmsadmin';

/** The route table, without a router, so tests can mount it in a MemoryRouter. */
export function AppRoutes() {
  return (
    <Routes>
      {/* Reachable without a session: the paths of contracts' adminLinks among them. */}
      <Route path="login" element={<LoginRoute />} />
      <Route path="forgot-password" element={<ForgotPasswordRoute />} />
      <Route path="reset-password" element={<ResetPasswordRoute />} />
      <Route path="activate-account" element={<ActivateAccountRoute />} />
      <Route path="setup" element={<SetupRoute />} />
      <Route element={<RequireSession />}>
        <Route element={<AdminLayout />}>
          <Route index element={<PageOverviewRoute />} />
          <Route path="dashboard" element={<DashboardRoute />} />
          <Route path="site-structure" element={<SiteStructureRoute />} />
          <Route path="menu-structure" element={<MenuStructureRoute />} />
          <Route path="new-page" element={<NewPageRoute />} />
          <Route path="page-overview/:pageTypeId" element={<PageTypeOverviewRoute />} />
          <Route path="medialibrary" element={<MediaLibraryRoute />} />
          <Route path="publication-requests" element={<PublicationRequestsRoute />} />
          <Route path="users" element={<UserManagementRoute />} />
          <Route path="user/settings" element={<UserSettingsRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter basename={adminBasename}>
      <AppRoutes />
    </BrowserRouter>
  );
}
