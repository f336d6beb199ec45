import type { MenuLink } from '@pagelog/contracts/menus/menu';

/** A menu link as GET /menu/get-public answers it: a page's path, or an external address. */
export function link(id: string, label: string, href: string, children: MenuLink[] = []): MenuLink {
  return { id, label, href, external: /^https?:/.test(href), pageID: href.startsWith('/') ? `p-${id}` : null, children };
}
