import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { LoginRoute } from '../features/auth/routes/login';
import { MediaLibraryRoute } from '../features/media/routes/media-library';
import { MenuStructureRoute } from '../features/menu/routes/menu-structure';
import { NewPageRoute } from '../features/pages/routes/new-page';
import { PageOverviewRoute } from '../features/pages/routes/page-overview';
import { PageTypeOverviewRoute } from '../features/pages/routes/page-type-overview';
import { SiteStructureRoute } from '../features/pages/routes/site-structure';
import { PublicationRequestsRoute } from '../features/publication-requests/routes/publication-requests';
import { UserSettingsRoute } from '../features/settings/routes/user-settings';
import { UserManagementRoute } from '../features/users/routes/user-management';
import { AdminLayout } from './admin-layout';
import { NotFoundRoute } from './routes/not-found';

export const adminBasename = '/cmsadmin';

/** The route table, without a router, so tests can mount it in a MemoryRouter. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="login" element={<LoginRoute />} />
      <Route element={<AdminLayout />}>
        <Route index element={<PageOverviewRoute />} />
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
