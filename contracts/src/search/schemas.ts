import { array, number, object, string } from 'yup';
import { locales } from '../locales';
import { pageTypeIds } from '../pages/page-type-ids';
import { DEFAULT_SEARCH_COUNT, MAX_SEARCH_COUNT, MAX_SEARCH_TERM_LENGTH, MAX_SEARCH_WINDOW } from './search';

/** Request schemas of the search calls. Codes are catalogue codes. */

const list = (values: readonly string[]) => array(string().trim().required('V_01').oneOf(values as string[], 'V_12')).max(values.length, 'V_12').default([]);

export const searchSchema = object({
  // An empty term lists the matches of the filters (a tag's pages, say), newest first. Not trimmed:
  // a trailing space says the last word is complete (no prefix match, see storage's parseQuery).
  term: string().default('').max(MAX_SEARCH_TERM_LENGTH, 'V_14'),
  locales: list(locales),
  pageTypes: list(pageTypeIds),
  tags: array(string().trim().required('V_01').max(64, 'V_12')).max(10, 'V_12').default([]),
  count: number().typeError('V_12').integer('V_12').min(1, 'V_12').max(MAX_SEARCH_COUNT, 'V_12').default(DEFAULT_SEARCH_COUNT),
  offset: number()
    .typeError('V_12')
    .integer('V_12')
    .min(0, 'V_12')
    .default(0)
    .test('window', 'V_12', function (offset) {
      return (offset ?? 0) + ((this.parent as { count?: number }).count ?? DEFAULT_SEARCH_COUNT) <= MAX_SEARCH_WINDOW;
    }),
});
