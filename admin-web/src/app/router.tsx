import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ActivateAccountRoute } from '../features/auth/routes/activate-account';
import { ForgotPasswordRoute } from '../features/auth/routes/forgot-password';
import { LoginRoute } from '../features/auth/routes/login';
import { ResetPasswordRoute } from '../features/auth/routes/reset-password';
import { SetupRoute } from '../features/auth/routes/setup';
import { MediaLibraryRoute } from '../features/media/routes/media-library';
import { MenuStructureRoute } from '../features/menu/routes/menu-structure';
import { NewPageRoute } from '../features/pages/routes/new-page';
import { PageEditorRoute } from '../features/pages/routes/page-editor';
import { PageOverviewRoute } from '../features/pages/routes/page-overview';
import { PageTypeOverviewRoute } from '../features/pages/routes/page-type-overview';
import { PublicationRequestsRoute } from '../features/publication-requests/routes/publication-requests';
import { SiteSettingsRoute } from '../features/settings/routes/site-settings';
import { SiteStructureRoute } from '../features/site-structure/routes/site-structure';
import { UserManagementRoute } from '../features/users/routes/user-management';
import { UserSettingsRoute } from '../features/users/routes/user-settings';
import { AdminLayout } from './admin-layout';
import { RequireSession } from './require-session';
import { DashboardRoute } from './routes/dashboard';
import { NotFoundRoute } from './routes/not-found';

export const adminBasename = '/cmsadmin';

/** The route table, below the /cmsadmin basename. */
export const appRoutes: RouteObject[] = [
  // Reachable without a session: the paths of contracts' adminLinks among them.
  { path: 'login', element: <LoginRoute /> },
  { path: 'forgot-password', element: <ForgotPasswordRoute /> },
  { path: 'reset-password', element: <ResetPasswordRoute /> },
  { path: 'activate-account', element: <ActivateAccountRoute /> },
  { path: 'setup', element: <SetupRoute /> },
  {
    element: <RequireSession />,
    children: [
      {
        element: <AdminLayout />,
        children: [
          { index: true, element: <PageOverviewRoute /> },
          { path: 'dashboard', element: <DashboardRoute /> },
          { path: 'site-structure', element: <SiteStructureRoute /> },
          { path: 'menu-structure', element: <MenuStructureRoute /> },
          { path: 'new-page', element: <NewPageRoute /> },
          { path: 'page-overview/:pageTypeId', element: <PageTypeOverviewRoute /> },
          { path: 'pages/:pageId', element: <PageEditorRoute /> },
          { path: 'medialibrary', element: <MediaLibraryRoute /> },
          { path: 'publication-requests', element: <PublicationRequestsRoute /> },
          { path: 'users', element: <UserManagementRoute /> },
          { path: 'site-settings', element: <SiteSettingsRoute /> },
          { path: 'user/settings', element: <UserSettingsRoute /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

/** The browser's data router: react-router's useBlocker (unsaved-changes prompt) needs one. */
export function createAppRouter() {
  return createBrowserRouter(appRoutes, { basename: adminBasename });
}

export function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
