import { useState, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AdminLayout } from './admin-layout';
import { lazyScreen } from './lazy-screen';
import { RequireSession } from './require-session';

/** The screen of each route: the app's are chunks of their own, the specs' plain components (testing/eager-screens.ts). */
export interface Screens {
  Login: ComponentType;
  ForgotPassword: ComponentType;
  ResetPassword: ComponentType;
  ActivateAccount: ComponentType;
  Setup: ComponentType;
  PageOverview: ComponentType;
  Dashboard: ComponentType;
  SiteStructure: ComponentType;
  MenuStructure: ComponentType;
  NewPage: ComponentType;
  PageTypeOverview: ComponentType;
  PageEditor: ComponentType;
  MediaLibrary: ComponentType;
  PublicationRequests: ComponentType;
  UserManagement: ComponentType;
  SiteSettings: ComponentType;
  SearchIndex: ComponentType;
  Tags: ComponentType;
  Forms: ComponentType;
  FormSubmission: ComponentType;
  FormSettings: ComponentType;
  NewsletterPopup: ComponentType;
  AuditLog: ComponentType;
  TimeTravel: ComponentType;
  Releases: ComponentType;
  ReleaseDetail: ComponentType;
  UserSettings: ComponentType;
  NotFound: ComponentType;
}

// Each screen is a chunk of its own (lazy-screen.tsx): the first load is the shell (providers,
// router, session check, navigation) and the one screen it opens.
const lazyScreens: Screens = {
  Login: lazyScreen(() => import('../features/auth/routes/login').then((m) => m.LoginRoute)),
  ForgotPassword: lazyScreen(() => import('../features/auth/routes/forgot-password').then((m) => m.ForgotPasswordRoute)),
  ResetPassword: lazyScreen(() => import('../features/auth/routes/reset-password').then((m) => m.ResetPasswordRoute)),
  ActivateAccount: lazyScreen(() => import('../features/auth/routes/activate-account').then((m) => m.ActivateAccountRoute)),
  Setup: lazyScreen(() => import('../features/auth/routes/setup').then((m) => m.SetupRoute)),
  PageOverview: lazyScreen(() => import('../features/pages/routes/page-overview').then((m) => m.PageOverviewRoute)),
  Dashboard: lazyScreen(() => import('./routes/dashboard').then((m) => m.DashboardRoute)),
  SiteStructure: lazyScreen(() => import('../features/site-structure/routes/site-structure').then((m) => m.SiteStructureRoute)),
  MenuStructure: lazyScreen(() => import('../features/menu/routes/menu-structure').then((m) => m.MenuStructureRoute)),
  NewPage: lazyScreen(() => import('../features/pages/routes/new-page').then((m) => m.NewPageRoute)),
  PageTypeOverview: lazyScreen(() => import('../features/pages/routes/page-type-overview').then((m) => m.PageTypeOverviewRoute)),
  PageEditor: lazyScreen(() => import('../features/pages/routes/page-editor').then((m) => m.PageEditorRoute)),
  MediaLibrary: lazyScreen(() => import('../features/media/routes/media-library').then((m) => m.MediaLibraryRoute)),
  PublicationRequests: lazyScreen(() => import('../features/publication-requests/routes/publication-requests').then((m) => m.PublicationRequestsRoute)),
  UserManagement: lazyScreen(() => import('../features/users/routes/user-management').then((m) => m.UserManagementRoute)),
  SiteSettings: lazyScreen(() => import('../features/settings/routes/site-settings').then((m) => m.SiteSettingsRoute)),
  SearchIndex: lazyScreen(() => import('../features/search/routes/search-index').then((m) => m.SearchIndexRoute)),
  Tags: lazyScreen(() => import('../features/tags/routes/tags').then((m) => m.TagsRoute)),
  Forms: lazyScreen(() => import('../features/forms/routes/submissions').then((m) => m.FormsRoute)),
  FormSettings: lazyScreen(() => import('../features/forms/routes/form-settings').then((m) => m.FormSettingsRoute)),
  FormSubmission: lazyScreen(() => import('../features/forms/routes/submission-detail').then((m) => m.FormSubmissionRoute)),
  AuditLog: lazyScreen(() => import('../features/audit/routes/audit-log').then((m) => m.AuditLogRoute)),
  TimeTravel: lazyScreen(() => import('../features/time-travel/routes/time-travel').then((m) => m.TimeTravelRoute)),
  Releases: lazyScreen(() => import('../features/releases/routes/releases').then((m) => m.ReleasesRoute)),
  ReleaseDetail: lazyScreen(() => import('../features/releases/routes/release-detail').then((m) => m.ReleaseDetailRoute)),
  NewsletterPopup: lazyScreen(() => import('../features/newsletter-popup/routes/newsletter-popup').then((m) => m.NewsletterPopupRoute)),
  UserSettings: lazyScreen(() => import('../features/users/routes/user-settings').then((m) => m.UserSettingsRoute)),
  NotFound: lazyScreen(() => import('./routes/not-found').then((m) => m.NotFoundRoute)),
};

export const adminBasename = '/cmsadmin';

/** The route table, below the /cmsadmin basename. */
export function routeTable(screen: Screens): RouteObject[] {
  const { Login, ForgotPassword, ResetPassword, ActivateAccount, Setup, PageOverview, Dashboard, SiteStructure, MenuStructure, NewPage, PageTypeOverview, PageEditor, MediaLibrary, PublicationRequests, UserManagement, SiteSettings, SearchIndex, Tags, Forms, FormSubmission, FormSettings, NewsletterPopup, AuditLog, TimeTravel, Releases, ReleaseDetail, UserSettings, NotFound } = screen;
  return [
    // Reachable without a session: the paths of contracts' adminLinks among them.
    { path: 'login', element: <Login /> },
    { path: 'forgot-password', element: <ForgotPassword /> },
    { path: 'reset-password', element: <ResetPassword /> },
    { path: 'activate-account', element: <ActivateAccount /> },
    { path: 'setup', element: <Setup /> },
    {
      element: <RequireSession />,
      children: [
        {
          element: <AdminLayout />,
          children: [
            { index: true, element: <PageOverview /> },
            { path: 'dashboard', element: <Dashboard /> },
            { path: 'site-structure', element: <SiteStructure /> },
            { path: 'menu-structure', element: <MenuStructure /> },
            { path: 'new-page', element: <NewPage /> },
            { path: 'page-overview/:pageTypeId', element: <PageTypeOverview /> },
            { path: 'pages/:pageId', element: <PageEditor /> },
            { path: 'medialibrary', element: <MediaLibrary /> },
            { path: 'publication-requests', element: <PublicationRequests /> },
            { path: 'users', element: <UserManagement /> },
            { path: 'site-settings', element: <SiteSettings /> },
            { path: 'search', element: <SearchIndex /> },
            { path: 'tags', element: <Tags /> },
            { path: 'forms', element: <Forms /> },
            { path: 'forms/submission/:id', element: <FormSubmission /> },
            { path: 'forms/settings', element: <FormSettings /> },
            { path: 'modules/newsletter-popup', element: <NewsletterPopup /> },
            { path: 'audit-log', element: <AuditLog /> },
            { path: 'time-travel', element: <TimeTravel /> },
            { path: 'releases', element: <Releases /> },
            { path: 'releases/:id', element: <ReleaseDetail /> },
            { path: 'user/settings', element: <UserSettings /> },
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ];
}

/** The app's route table, each screen fetched when first shown. */
export const appRoutes: RouteObject[] = routeTable(lazyScreens);

/** The browser's data router: react-router's useBlocker (unsaved-changes prompt) needs one. */
export function createAppRouter() {
  return createBrowserRouter(appRoutes, { basename: adminBasename });
}

export function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
