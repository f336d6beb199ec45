import { object, string, type AnyObjectSchema } from 'yup';
import type { PropMeta } from '../blocks/block-definition';
import { blocksAllowedOn, type BlockTypeId } from '../blocks/block-types';
import type { PageTypeId } from './page-type-ids';

/**
 * Page types: which blocks a page may hold, the schema of its typeData (edited in the page
 * settings with a form built from it, like block props), and its header and footer variant on
 * the public site. The full set of page types plugs into this same table.
 */
export interface PageTypeDefinition {
  id: string;
  /** The type's pages, as the navigation names them ("Articles"). */
  label: string;
  /** One page of the type ("Article"), for a page's details and the new-page form. */
  singularLabel: string;
  /** One line for the new-page form. */
  description: string;
  /** Derived from the block types' own `pageTypes`. */
  allowedBlocks: BlockTypeId[];
  typeData: AnyObjectSchema;
  header: 'default' | 'minimal' | 'none';
  footer: 'default' | 'minimal' | 'none';
  /** The blank base type has no entry of its own in the admin navigation. */
  isBase?: boolean;
}

export const pageTypes = {
  base: {
    id: 'base',
    label: 'Pages',
    singularLabel: 'Page',
    description: 'A blank page of any blocks (also the site\'s 404 pages)',
    allowedBlocks: blocksAllowedOn('base'),
    typeData: object({}),
    header: 'default',
    footer: 'default',
    isBase: true,
  },
  article: {
    id: 'article',
    label: 'Articles',
    singularLabel: 'Article',
    description: 'News, insights and publications, with an author and a date',
    allowedBlocks: blocksAllowedOn('article'),
    typeData: object({
      author: string().label('Author').trim().default('').max(254, 'V_11'),
      publicationDate: string()
        .label('Publication date')
        .default('')
        .matches(/^$|^\d{4}-\d{2}-\d{2}$/, 'V_12')
        .test('date', 'V_12', (v) => !v || !Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
        .meta({ widget: 'date' } satisfies PropMeta),
      summary: string().label('Summary').trim().default('').max(1000, 'V_14').meta({ widget: 'textarea' } satisfies PropMeta),
    }),
    header: 'default',
    footer: 'default',
  },
  'landing-page': {
    id: 'landing-page',
    label: 'Landing pages',
    singularLabel: 'Landing page',
    description: 'A campaign or home page with a slim header',
    allowedBlocks: blocksAllowedOn('landing-page'),
    typeData: object({}),
    header: 'minimal',
    footer: 'default',
  },
} satisfies Record<PageTypeId, PageTypeDefinition>;

export function pageType(id: string): PageTypeDefinition | undefined {
  return Object.hasOwn(pageTypes, id) ? (pageTypes as Record<string, PageTypeDefinition>)[id] : undefined;
}

/** A page type by the id in an admin path (lower-cased there), ignoring case. */
export function pageTypeByPathId(id: string): PageTypeDefinition | undefined {
  const wanted = id.toLowerCase();
  return Object.values<PageTypeDefinition>(pageTypes).find((type) => type.id.toLowerCase() === wanted);
}

/** The admin route of a page type's overview: id lower-cased and URL-encoded. */
export function pageTypeOverviewPath(id: string): string {
  return `/cmsadmin/page-overview/${encodeURIComponent(id.toLowerCase())}`;
}

/** The admin route of a page's editor. */
export function pageEditorPath(pageId: string): string {
  return `/cmsadmin/pages/${encodeURIComponent(pageId)}`;
}
