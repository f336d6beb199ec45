import type { PublicTag } from '@pagelog/contracts/tags/tag';
import { tagPath } from '../tag-path';
import { tagTexts } from './tag-texts';

/** The id of the list's label: a page shows one list of its tags. */
const LABEL_ID = 'page-tags-label';

/**
 * A page's public tags (the query service never sends private ones), each a link to its tag page,
 * as a list labelled "Onderwerpen" ("Topics"); nothing for a page without any. The view comes over
 * HTTP in the distributed mode, so entries are checked before they are used.
 */
export function PageTags({ tags, locale, defaultLocale }: { tags: readonly PublicTag[] | undefined; locale: string; defaultLocale: string }) {
  const shown = Array.isArray(tags) ? tags.filter((tag) => typeof tag?.name === 'string' && typeof tag.slug === 'string' && tag.slug !== '') : [];
  if (shown.length === 0) return null;
  return (
    <div className="page-tags">
      <p className="page-tags__label" id={LABEL_ID}>
        {tagTexts(locale).topics}
      </p>
      <ul className="page-tags__list" aria-labelledby={LABEL_ID}>
        {shown.map((tag) => (
          <li key={tag.id} className="page-tags__item">
            <a className="page-tags__link" href={tagPath(locale, tag.slug, defaultLocale)}>
              {tag.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
