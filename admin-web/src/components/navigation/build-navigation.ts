import { pageTypeOverviewPath } from '@pagelog/contracts/pages/admin-paths';
import type { PageTypeDefinition } from '@pagelog/contracts/pages/page-types';
import type { Permission } from '../../core/permissions';

/** One entry of the admin navigation (spec section 2, "Admin navigation"). */
export interface NavItem {
  key: string;
  /** i18next key of the label. */
  labelKey: string;
  /**
   * Text shown when labelKey has no translation. Page types carry their English label in
   * contracts, so their entries use it instead of repeating every label in en.json.
   */
  defaultLabel?: string;
  /**
   * Route inside the admin, without the /cmsadmin basename. No route: the entry is a button, or,
   * with children, the heading of a group (shown while one of its children is).
   */
  to?: string;
  /** Hidden unless the current user holds this permission. */
  permission?: Permission;
  children?: NavItem[];
}

export interface BuildNavigationInput {
  permissions: readonly Permission[];
  pageTypes: readonly Pick<PageTypeDefinition, 'id' | 'label' | 'isBase'>[];
  /** Entries other parts of the product add (see registerNavItems); shown before Settings. */
  extraItems?: readonly NavItem[];
}

export const logoutNavKey = 'logout';

const adminBasename = '/cmsadmin';

/** The router runs with basename /cmsadmin, so contract paths lose that prefix. */
export function toRouterPath(adminPath: string): string {
  if (adminPath === adminBasename) return '/';
  return adminPath.startsWith(`${adminBasename}/`) ? adminPath.slice(adminBasename.length) : adminPath;
}

export function buildNavigation({ permissions, pageTypes, extraItems = [] }: BuildNavigationInput): NavItem[] {
  const pageTypeItems = pageTypes
    .filter((type) => !type.isBase)
    .map(
      (type): NavItem => ({
        key: `page-type-${type.id}`,
        labelKey: `pageTypes.${type.id}`,
        defaultLabel: type.label,
        to: toRouterPath(pageTypeOverviewPath(type.id)),
      }),
    );

  const items: NavItem[] = [
    { key: 'dashboard', labelKey: 'nav.dashboard', to: '/dashboard' },
    {
      key: 'page-overview',
      labelKey: 'nav.pageOverview',
      to: '/',
      children: [{ key: 'site-structure', labelKey: 'nav.siteStructure', to: '/site-structure' }],
    },
    { key: 'menu-structure', labelKey: 'nav.menuStructure', to: '/menu-structure', permission: 'manage-menu' },
    { key: 'new-page', labelKey: 'nav.newPage', to: '/new-page', permission: 'create-page' },
    ...pageTypeItems,
    { key: 'media-library', labelKey: 'nav.mediaLibrary', to: '/medialibrary' },
    // The spec lists this entry without a route; /publication-requests is ours.
    { key: 'publication-requests', labelKey: 'nav.publicationRequests', to: '/publication-requests' },
    { key: 'user-management', labelKey: 'nav.userManagement', to: '/users', permission: 'manage-users' },
    { key: 'site-settings', labelKey: 'nav.siteSettings', to: '/site-settings', permission: 'manage-settings' },
    { key: 'search-index', labelKey: 'nav.searchIndex', to: '/search', permission: 'manage-search' },
    { key: 'tags', labelKey: 'nav.tags', to: '/tags', permission: 'manage-tags' },
    { key: 'forms', labelKey: 'nav.forms', to: '/forms', permission: 'manage-forms' },
    { key: 'formSettings', labelKey: 'nav.formSettings', to: '/forms/settings', permission: 'manage-forms' },
    // The product's modules (issue 16), each gated by its own permission.
    {
      key: 'modules',
      labelKey: 'nav.modules',
      children: [{ key: 'newsletter-popup', labelKey: 'nav.newsletterPopup', to: '/modules/newsletter-popup', permission: 'manage-forms' }],
    },
    { key: 'audit-log', labelKey: 'nav.auditLog', to: '/audit-log', permission: 'view-audit' },
    { key: 'time-travel', labelKey: 'nav.timeTravel', to: '/time-travel', permission: 'time-travel' },
    // Releases (issue 17): put together, scheduled, published and rolled back by those who publish pages.
    { key: 'releases', labelKey: 'nav.releases', to: '/releases', permission: 'publish-page' },
    ...extraItems,
    { key: 'settings', labelKey: 'nav.settings', to: '/user/settings' },
    { key: logoutNavKey, labelKey: 'nav.logout' },
  ];

  return visibleWith(items, new Set(permissions));
}

function visibleWith(items: readonly NavItem[], granted: ReadonlySet<Permission>): NavItem[] {
  return (
    items
      .filter((item) => item.permission === undefined || granted.has(item.permission))
      .map((item) => (item.children ? { ...item, children: visibleWith(item.children, granted) } : item))
      // A group heading with none of its entries left leads nowhere.
      .filter((item) => item.to !== undefined || !item.children || item.children.length > 0)
  );
}
