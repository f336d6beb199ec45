import type { PublicBreadcrumb } from '@pagelog/contracts/pages/page';
import { isSitePath } from '../site-path';

export interface BreadcrumbsProps {
  /** The published pages above the page, the home page first (the page view's `breadcrumbs`). */
  trail: PublicBreadcrumb[];
  /** The page itself: the last, unlinked step. */
  current: string;
  /** The landmark's name in the page's language ("Kruimelpad", "Breadcrumbs"). */
  label: string;
  /** The home page of the page's language, named as visitors know it ("Home") whatever its title. */
  home: { path: string; label: string };
}

/** The steps a visitor can follow: a title, and a path on this site. */
export function breadcrumbSteps(trail: readonly PublicBreadcrumb[]): PublicBreadcrumb[] {
  return trail.filter((step) => isSitePath(step.path) && step.title.trim() !== '');
}

/**
 * Where the page sits on the site: a navigation landmark with an ordered list of the pages above
 * it, each a link, and the page itself last, marked as the current page. Nothing on a page with
 * nothing above it (the home page).
 */
export function Breadcrumbs({ trail, current, label, home }: BreadcrumbsProps) {
  const steps = breadcrumbSteps(trail);
  if (steps.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label={label}>
      <ol className="breadcrumbs__list">
        {steps.map((step) => (
          <li key={step.path} className="breadcrumbs__item">
            <a className="breadcrumbs__link" href={step.path}>
              {step.path === home.path ? home.label : step.title}
            </a>
          </li>
        ))}
        <li className="breadcrumbs__item">
          <span aria-current="page">{current}</span>
        </li>
      </ol>
    </nav>
  );
}
