import type { MenuLink } from '@pagelog/contracts/menus/menu';
import { safeHref } from '../blocks/safe-href';
import { submenuToggleMark } from '../islands/header-controls';
import type { SiteTexts } from '../language/site-texts';

export interface MainMenuProps {
  items: MenuLink[];
  /** The public path of the page shown; null when none was found. */
  currentPath: string | null;
  texts: SiteTexts;
}

/** The element id of an item's sub-menu (item ids are the editor's: letters, digits, - and _). */
export function submenuId(item: MenuLink): string {
  return `main-menu-sub-${item.id.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** The items a visitor can follow: an item whose link the site's link rule refuses is left out with what hangs under it. */
function linkable(items: MenuLink[]): (MenuLink & { safe: string })[] {
  return items.flatMap((item) => {
    const safe = safeHref(item.href);
    return safe === null || item.label.trim() === '' ? [] : [{ ...item, safe }];
  });
}

/** Whether the page shown is this item or under it: its trail is marked, so a visitor sees where they are. */
function leadsTo(item: MenuLink, currentPath: string | null): boolean {
  return currentPath !== null && (item.href === currentPath || item.children.some((child) => leadsTo(child, currentPath)));
}

function MenuAnchor({ item, href, currentPath, className }: { item: MenuLink; href: string; currentPath: string | null; className: string }) {
  return (
    <a className={className} href={href} aria-current={currentPath !== null && item.href === currentPath ? 'page' : undefined}>
      {item.label}
    </a>
  );
}

/**
 * The main menu (spec section 2; issue 13): a list of links, and for an item with sub-items a
 * button beside its link that shows them (a disclosure: aria-expanded and aria-controls). The
 * buttons start closed; the header's island opens and closes them, and without JavaScript the
 * CSS shows the sub-items instead. A third level is listed inside its parent's sub-menu.
 */
export function MainMenu({ items, currentPath, texts }: MainMenuProps) {
  const top = linkable(items);
  if (top.length === 0) return null;
  return (
    <nav className="main-menu" aria-label={texts.mainMenu}>
      <ul className="main-menu__list">
        {top.map((item) => {
          const children = linkable(item.children);
          const active = leadsTo(item, currentPath);
          return (
            <li key={item.id} className={`main-menu__item${children.length > 0 ? ' main-menu__item--parent' : ''}${active ? ' main-menu__item--active' : ''}`}>
              <MenuAnchor item={item} href={item.safe} currentPath={currentPath} className="main-menu__link" />
              {children.length > 0 && (
                <>
                  <button type="button" className="main-menu__toggle" aria-expanded="false" aria-controls={submenuId(item)} {...submenuToggleMark}>
                    <span className="visually-hidden">{`${texts.submenu}: ${item.label}`}</span>
                  </button>
                  <ul className="main-menu__sub" id={submenuId(item)}>
                    {children.map((child) => {
                      const grandchildren = linkable(child.children);
                      return (
                        <li key={child.id} className="main-menu__sub-item">
                          <MenuAnchor item={child} href={child.safe} currentPath={currentPath} className="main-menu__sub-link" />
                          {grandchildren.length > 0 && (
                            <ul className="main-menu__third">
                              {grandchildren.map((grandchild) => (
                                <li key={grandchild.id}>
                                  <MenuAnchor item={grandchild} href={grandchild.safe} currentPath={currentPath} className="main-menu__third-link" />
                                </li>
                              ))}
                            </ul>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
