/**
 * Every permission the product checks, by name, with what it allows. The spec names three
 * (manage-users, manage-menu, create-page); the rest are the ones Pagelog's routes and screens
 * check. A role grants a list of these, each with optional parameters.
 */
export const permissionDescriptions = {
  'manage-users': 'Add, edit and delete users and assign their roles',
  'manage-menu': 'Edit the menu structure',
  'create-page': 'Create new pages',
  'edit-page': 'Store page versions, page settings and translations',
  'request-publication': 'Ask a reviewer to publish a page version',
  'review-publication': 'Accept or reject publication requests',
  'publish-page': 'Publish and unpublish pages directly',
  'delete-page': 'Delete pages',
  'manage-media': 'Upload, move and delete media',
  'manage-settings': 'Edit the site settings',
  'view-system': 'See the state of the projections and other system information',
  'manage-search': 'Rebuild and clear the site search index',
  'manage-tags': 'Rename and merge tags',
  'manage-forms': "See, handle, export and erase the public forms' submissions, and edit the forms' settings",
  'view-audit': "See the site-wide audit log and export it, or a page's full history, with the hash chain that shows it was not altered",
  'time-travel': 'Browse the whole public site as it was at any past moment, or as it will be with what is scheduled (drafts included), and share a link to that view',
} as const;

export type PermissionName = keyof typeof permissionDescriptions;

export const permissionNames = Object.keys(permissionDescriptions) as PermissionName[];

export function isPermissionName(value: unknown): value is PermissionName {
  return typeof value === 'string' && Object.hasOwn(permissionDescriptions, value);
}

/** A permission as a role grants it: its name and optional parameters (e.g. limited locales). */
export interface PermissionGrant {
  name: PermissionName;
  parameters?: Record<string, unknown>;
}

export interface RoleView {
  ID: string;
  name: string;
  permissions: PermissionGrant[];
}

/** The roles a new store starts with. Administrator holds every permission. */
export const seededRoles: RoleView[] = [
  {
    ID: 'administrator',
    name: 'Administrator',
    permissions: permissionNames.map((name) => ({ name })),
  },
  {
    ID: 'publisher',
    name: 'Publisher',
    permissions: (
      ['manage-menu', 'create-page', 'edit-page', 'request-publication', 'review-publication', 'publish-page', 'delete-page', 'manage-media'] as const
    ).map((name) => ({ name })),
  },
  {
    ID: 'editor',
    name: 'Editor',
    permissions: (['create-page', 'edit-page', 'request-publication', 'manage-media'] as const).map((name) => ({ name })),
  },
  {
    // Reads the admin (signed in, like anyone) and exports the history; changes nothing.
    ID: 'auditor',
    name: 'Auditor',
    permissions: (['view-audit', 'time-travel'] as const).map((name) => ({ name })),
  },
];

export const ADMINISTRATOR_ROLE = 'administrator';

/**
 * Who may call an endpoint: anyone, anyone with a session, or a session whose role holds the
 * permission. `orSelf` names a path parameter: a user acting on their own id needs no permission
 * (personal settings use the user update and image calls).
 */
export type Access = 'public' | 'authenticated' | { permission: PermissionName | readonly PermissionName[]; orSelf?: string };

export function hasPermission(grants: readonly { name: string }[] | undefined, name: PermissionName): boolean {
  return !!grants?.some((g) => g.name === name);
}

/** The permissions an endpoint's access needs, all of them (none for public and authenticated calls). */
export function requiredPermissions(access: Access): readonly PermissionName[] {
  if (typeof access !== 'object') return [];
  return typeof access.permission === 'string' ? [access.permission] : access.permission;
}

/** Whether the grants hold every one of the names. */
export function hasPermissions(grants: readonly { name: string }[] | undefined, names: readonly PermissionName[]): boolean {
  return names.every((name) => hasPermission(grants, name));
}
