import type { Screens } from '../app/router';
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
import { SearchIndexRoute } from '../features/search/routes/search-index';
import { SiteSettingsRoute } from '../features/settings/routes/site-settings';
import { TagsRoute } from '../features/tags/routes/tags';
import { FormsRoute } from '../features/forms/routes/submissions';
import { FormSubmissionRoute } from '../features/forms/routes/submission-detail';
import { FormSettingsRoute } from '../features/forms/routes/form-settings';
import { NewsletterPopupRoute } from '../features/newsletter-popup/routes/newsletter-popup';
import { AuditLogRoute } from '../features/audit/routes/audit-log';
import { TimeTravelRoute } from '../features/time-travel/routes/time-travel';
import { ReleasesRoute } from '../features/releases/routes/releases';
import { ReleaseDetailRoute } from '../features/releases/routes/release-detail';
import { SiteStructureRoute } from '../features/site-structure/routes/site-structure';
import { UserManagementRoute } from '../features/users/routes/user-management';
import { UserSettingsRoute } from '../features/users/routes/user-settings';
import { DashboardRoute } from '../app/routes/dashboard';
import { NotFoundRoute } from '../app/routes/not-found';

/**
 * The screens as plain components, for specs that render the route table. Not the app's chunks:
 * under tsx a dynamic import() of a module the specs also import statically gives a second copy
 * of it and of everything below it (its own React contexts and stores), which the providers
 * above it then do not reach. The chunks themselves are tested in lazy-screen.unit.spec.tsx and
 * in the browser specs, which load the built admin.
 */
export const eagerScreens: Screens = {
  Login: LoginRoute,
  ForgotPassword: ForgotPasswordRoute,
  ResetPassword: ResetPasswordRoute,
  ActivateAccount: ActivateAccountRoute,
  Setup: SetupRoute,
  PageOverview: PageOverviewRoute,
  Dashboard: DashboardRoute,
  SiteStructure: SiteStructureRoute,
  MenuStructure: MenuStructureRoute,
  NewPage: NewPageRoute,
  PageTypeOverview: PageTypeOverviewRoute,
  PageEditor: PageEditorRoute,
  MediaLibrary: MediaLibraryRoute,
  PublicationRequests: PublicationRequestsRoute,
  UserManagement: UserManagementRoute,
  SiteSettings: SiteSettingsRoute,
  SearchIndex: SearchIndexRoute,
  Tags: TagsRoute,
  Forms: FormsRoute,
  FormSubmission: FormSubmissionRoute,
  FormSettings: FormSettingsRoute,
  NewsletterPopup: NewsletterPopupRoute,
  AuditLog: AuditLogRoute,
  TimeTravel: TimeTravelRoute,
  Releases: ReleasesRoute,
  ReleaseDetail: ReleaseDetailRoute,
  UserSettings: UserSettingsRoute,
  NotFound: NotFoundRoute,
};
