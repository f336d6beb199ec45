import type { SiblingSlug } from '@pagelog/contracts/pages/page';
import { htmlLang } from '../html-lang';
import { languageName } from '@pagelog/contracts/language-name';

export interface LanguageSwitcherProps {
  /** The published pages of the translation group, the current one included. */
  siblings: SiblingSlug[];
  /** The page shown. */
  currentPageID: string;
  /** The landmark's name in the interface language ("Taal", "Language", ...). */
  label: string;
}

/** Two locales of one language ("en-gb" and "en") are told apart by their region. */
function linkNames(siblings: SiblingSlug[]): string[] {
  const names = siblings.map((sibling) => languageName(sibling.locale));
  return names.map((name, i) => {
    const region = siblings[i]!.locale.split('-')[1];
    const shared = names.filter((other) => other === name).length > 1;
    return shared && region ? `${name} (${region.toUpperCase()})` : name;
  });
}

/**
 * Links to the current page in the other languages it is published in (spec section 2), each
 * named in its own language. Nothing when the page has no translation.
 */
export function LanguageSwitcher({ siblings, currentPageID, label }: LanguageSwitcherProps) {
  if (siblings.length < 2) return null;
  const names = linkNames(siblings);
  return (
    <nav className="language-switcher" aria-label={label}>
      <ul className="language-switcher__list">
        {siblings.map((sibling, i) => {
          const lang = htmlLang(sibling.locale);
          const current = sibling.pageID === currentPageID;
          return (
            <li key={sibling.locale}>
              <a
                className="language-switcher__link"
                href={sibling.path}
                lang={lang}
                hrefLang={lang}
                aria-current={current ? 'true' : undefined}
              >
                {names[i]}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
