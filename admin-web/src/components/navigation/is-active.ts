/** The part of a NavItem that decides whether it is highlighted. */
export interface RoutedEntry {
  to?: string;
  children?: readonly RoutedEntry[];
}

/**
 * Whether a navigation entry is highlighted for the current router path: `/` only on an exact
 * match (otherwise it would light up everywhere), other routes also for paths below them, and a
 * parent whenever one of its children is.
 */
export function isActive(item: RoutedEntry, pathname: string): boolean {
  const path = withoutTrailingSlash(pathname);
  if (item.to !== undefined && routeMatches(withoutTrailingSlash(item.to), path)) return true;
  return (item.children ?? []).some((child) => isActive(child, path));
}

/** Whether the entry's own route (ignoring children) is the current screen. */
export function isCurrentRoute(item: RoutedEntry, pathname: string): boolean {
  return item.to !== undefined && withoutTrailingSlash(item.to) === withoutTrailingSlash(pathname);
}

function routeMatches(route: string, path: string): boolean {
  if (route === '/') return path === '/';
  return path === route || path.startsWith(`${route}/`);
}

function withoutTrailingSlash(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
