import { object, string } from 'yup';
import type { BlockTypeDefinition, PropMeta } from '../block-definition';

/**
 * A search field on the page, sending its words to the site's search results page as the
 * header's search field does. Its text names the field and stands in it; left empty, the site
 * uses its own words in the page's language ("Zoek op trefwoord", "Search by keyword"), so one
 * block reads right in every translation.
 */
export const searchBoxBlock = {
  id: 'searchBox',
  label: 'Search box',
  description: 'A field to search the site by keyword',
  icon: 'search',
  pageTypes: ['base', 'home', 'contact'],
  props: object({
    label: string()
      .label('Label and placeholder')
      .trim()
      .default('')
      .max(80, 'V_14')
      .meta({ hint: 'Leave empty for the site’s own words in the page’s language: Zoek op trefwoord, Search by keyword' } satisfies PropMeta),
  }),
} as const satisfies BlockTypeDefinition<'searchBox'>;
