import { useId } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { NavItem } from './build-navigation';
import { isActive, isCurrentRoute } from './is-active';

/** A number shown beside an entry (by its key), with what it counts for screen readers. */
export interface NavCount {
  count: number;
  label: string;
}

interface NavigationProps {
  items: readonly NavItem[];
  /** Called when an entry without a route (such as Log out) is pressed. */
  onAction?: (item: NavItem) => void;
  /** Numbers beside entries; an entry with 0 shows none. */
  counts?: Readonly<Record<string, NavCount>>;
}

export function Navigation({ items, onAction, counts }: NavigationProps) {
  const { t } = useTranslation();
  return (
    <nav className="nav" aria-label={t('nav.label')}>
      <NavList items={items} onAction={onAction} counts={counts} level={0} />
    </nav>
  );
}

function NavList({ items, onAction, counts, level, labelledBy }: NavigationProps & { level: number; labelledBy?: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const id = useId();

  return (
    <ul className={level === 0 ? 'nav__list' : 'nav__list nav__list--sub'} aria-labelledby={labelledBy}>
      {items.map((item) => {
        const label = t(item.labelKey, { defaultValue: item.defaultLabel ?? item.labelKey });
        const active = isActive(item, pathname);
        const group = item.to === undefined && item.children !== undefined;
        return (
          <li key={item.key} className={item.to === undefined && !group ? 'nav__item nav__item--action' : 'nav__item'}>
            {group ? (
              // A group's heading names the list of its entries for screen readers.
              <span id={`${id}-${item.key}`} className="nav__entry nav__group">
                {label}
              </span>
            ) : item.to === undefined ? (
              <button type="button" className="nav__entry nav__button" onClick={() => onAction?.(item)}>
                {label}
              </button>
            ) : (
              <Link
                to={item.to}
                className={active ? 'nav__entry nav__link is-active' : 'nav__entry nav__link'}
                aria-current={isCurrentRoute(item, pathname) ? 'page' : undefined}
              >
                {label}
                {counts?.[item.key] && counts[item.key]!.count > 0 && (
                  <span className="nav__count">
                    <span aria-hidden="true">{counts[item.key]!.count}</span>
                    <span className="visually-hidden">{`, ${counts[item.key]!.label}`}</span>
                  </span>
                )}
              </Link>
            )}
            {item.children && item.children.length > 0 && (
              <NavList items={item.children} onAction={onAction} counts={counts} level={level + 1} labelledBy={group ? `${id}-${item.key}` : undefined} />
            )}
          </li>
        );
      })}
    </ul>
  );
}
