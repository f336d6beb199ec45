import { useId } from 'react';
import type { Block } from '@pagelog/contracts/blocks/block';
import { siteTexts } from '../language/site-texts';
import { SiteSearch } from '../layout/site-search';
import { searchPath } from '../search-path';
import type { BlockContext } from './block-component';
import { text } from './prop-text';

/**
 * A search field on the page (contracts' block type `searchBox`): the header's search form, sent
 * to the same search results page of the page's language (`/zoeken`, `/en-gb/search`), named and
 * filled by the editor's text or the site's own words.
 */
export function SearchBoxBlock({ block, context }: { block: Block; context: BlockContext }) {
  const fieldId = useId();
  const texts = siteTexts(context.locale);
  const label = text(block.props.label) || texts.searchPlaceholder;
  return <SiteSearch action={searchPath(context.locale, context.defaultLocale)} texts={texts} fieldId={fieldId} label={label} className="block block-search" />;
}
