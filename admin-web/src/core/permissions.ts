/**
 * Permission names the admin knows by name (spec section 6). Roles and their permission lists
 * come from the API; these are the names the navigation gates on. Extension modules may gate
 * on further names, so any string is accepted.
 */
export const knownPermissions = ['manage-menu', 'create-page', 'manage-users', 'manage-settings', 'manage-search', 'manage-tags', 'manage-forms'] as const;

export type KnownPermission = (typeof knownPermissions)[number];

// `string & {}` keeps editor completion for the known names while allowing others.
export type Permission = KnownPermission | (string & {});
