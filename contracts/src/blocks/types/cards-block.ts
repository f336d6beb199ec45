import { number, object, string } from 'yup';
import { pageTypeIds } from '../../pages/page-type-ids';
import { pageTypeLabels } from '../../pages/page-type-labels';
import { pagesProp, type BlockTypeDefinition, type PropMeta } from '../block-definition';

/** The most cards a block shows, chosen or latest. */
export const MAX_CARDS = 12;

/** How a cards block finds its pages: picked one by one, or the latest published ones of a type. */
export const cardsModes = ['chosen', 'latest'] as const;
export type CardsMode = (typeof cardsModes)[number];

/**
 * Teasers of other pages (title, summary, image, date), each linking to its page. In `chosen` mode
 * the pages picked in the admin, in that order; in `latest` mode the newest published pages of the
 * block's locale, of one page type or of any (''), carrying a public tag when the block names one
 * (`tag`, a tag id; '' for any), the page itself left out. Either way the public site shows only
 * pages that are live as it renders, so a chosen page that is unpublished later simply drops out.
 */
export const cardsBlock = {
  id: 'cards',
  label: 'Cards',
  description: 'Teasers of chosen pages, or of the latest pages of a type',
  icon: 'cards',
  pageTypes: 'all',
  props: object({
    title: string().label('Title').trim().default('').max(254, 'V_11'),
    mode: string()
      .label('Pages to show')
      .oneOf([...cardsModes], 'V_12')
      .default('chosen')
      .meta({ widget: 'select', optionLabels: { chosen: 'Pages I choose', latest: 'The latest pages' } } satisfies PropMeta),
    pageIDs: pagesProp('Chosen pages', { max: MAX_CARDS })
      // Chosen mode shows these pages: without one the block would show nothing.
      .test('chosen', 'V_01', function (v) {
        return (this.parent as { mode?: unknown } | undefined)?.mode !== 'chosen' || (v?.length ?? 0) > 0;
      }),
    pageType: string()
      .label('Page type')
      .oneOf(['', ...pageTypeIds], 'V_12')
      .default('')
      .meta({
        widget: 'select',
        hint: 'For the latest pages: only pages of this type',
        optionLabels: { '': 'Any type', ...Object.fromEntries(pageTypeIds.map((id) => [id, pageTypeLabels[id].label])) },
      } satisfies PropMeta),
    // A tag id, picked from the locale's public tags. Not words a visitor searches for.
    tag: string()
      .label('Tag')
      .trim()
      .default('')
      .max(64, 'V_12')
      .meta({ widget: 'public-tag', hint: 'For the latest pages: only pages with this public tag', searchable: false } satisfies PropMeta),
    count: number()
      .label('Number of pages')
      .typeError('V_12')
      .integer('V_12')
      .min(1, 'V_12')
      .max(MAX_CARDS, 'V_14')
      .default(3)
      .meta({ hint: `For the latest pages: how many, 1 to ${MAX_CARDS}` } satisfies PropMeta),
  }),
} as const satisfies BlockTypeDefinition<'cards'>;
