import { number, object, string, type AnyObjectSchema } from 'yup';
import { imageProp, type PropMeta } from '../blocks/block-definition';
import { blocksAllowedOn, type BlockTypeId } from '../blocks/block-types';
import { linkedInUrlField, specialtiesField } from '../blocks/types/team-block';
import type { PageTypeId } from './page-type-ids';
import { pageTypeLabels } from './page-type-labels';
import { dateField, libraryFileField, libraryImageField, summaryField } from './type-data-fields';

// Kept importable from here, where they always were.
export { pageEditorPath, pageTypeOverviewPath } from './admin-paths';

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
  /**
   * Whether its pages carry tags (issue 15): the page editor offers the tag field for them. Pages
   * that are read one by one and filed by subject do; pages that list others or stand alone
   * (home, contact, overview) do not.
   */
  tags: boolean;
  typeData: AnyObjectSchema;
  header: 'default' | 'minimal' | 'none';
  footer: 'default' | 'minimal' | 'none';
  /** The blank base type has no entry of its own in the admin navigation. */
  isBase?: boolean;
}

/** The page types an overview can list: those whose pages come in numbers and are read one by one. */
export const listablePageTypeIds = ['article', 'publication', 'expertise', 'team-member', 'vacancy'] as const satisfies readonly PageTypeId[];

export type ListablePageTypeId = (typeof listablePageTypeIds)[number];

/** How many pages an overview shows at a time, unless its type data says otherwise; and at most. */
export const DEFAULT_OVERVIEW_PAGE_SIZE = 12;
export const MAX_OVERVIEW_PAGE_SIZE = 48;

function listableLabels(): Record<string, string> {
  return Object.fromEntries(listablePageTypeIds.map((id) => [id, pageTypeLabels[id].label]));
}

export const pageTypes = {
  base: {
    ...pageTypeLabels.base,
    allowedBlocks: blocksAllowedOn('base'),
    tags: false,
    typeData: object({}),
    header: 'default',
    footer: 'default',
  },
  home: {
    ...pageTypeLabels.home,
    allowedBlocks: blocksAllowedOn('home'),
    tags: false,
    typeData: object({}),
    header: 'default',
    footer: 'default',
  },
  article: {
    ...pageTypeLabels.article,
    allowedBlocks: blocksAllowedOn('article'),
    tags: true,
    typeData: object({
      author: string().label('Author').trim().default('').max(254, 'V_11'),
      publicationDate: dateField('Publication date'),
      summary: string().label('Summary').trim().default('').max(1000, 'V_14').meta({ widget: 'textarea' } satisfies PropMeta),
    }),
    header: 'default',
    footer: 'default',
  },
  publication: {
    ...pageTypeLabels.publication,
    allowedBlocks: blocksAllowedOn('publication'),
    tags: true,
    typeData: object({
      authors: string().label('Authors').trim().default('').max(1000, 'V_14').meta({ hint: 'As they appear on the report, separated by commas' } satisfies PropMeta),
      // The date overviews list the page under (listDateOf), as an article's.
      publicationDate: dateField('Publication date'),
      summary: summaryField(),
      mainDownload: libraryFileField('Main download', 'The report itself, from the media library: the page offers it with its type and size'),
    }),
    header: 'default',
    footer: 'default',
  },
  expertise: {
    ...pageTypeLabels.expertise,
    allowedBlocks: blocksAllowedOn('expertise'),
    tags: true,
    typeData: object({
      summary: summaryField(),
    }),
    header: 'default',
    footer: 'default',
  },
  'team-member': {
    ...pageTypeLabels['team-member'],
    allowedBlocks: blocksAllowedOn('team-member'),
    tags: false,
    typeData: object({
      photo: libraryImageField('Photo', 'A portrait from the media library'),
      photoUrl: imageProp('Photo URL')
        .default('')
        .meta({ widget: 'image', hint: 'Only for a photo outside the media library: a path on this site or a full https URL' } satisfies PropMeta),
      function: string().label('Function').trim().default('').max(254, 'V_11'),
      specialties: specialtiesField(),
      linkedinUrl: linkedInUrlField(),
      email: string().label('Email').trim().lowercase().default('').max(254, 'V_11').email('V_02'),
      // What a tel: link can dial, as the site settings' phone number.
      phone: string()
        .label('Phone')
        .trim()
        .default('')
        .max(32, 'V_14')
        .matches(/^\+?[0-9][0-9 ()./-]{2,31}$/, { message: 'V_12', excludeEmptyString: true }),
    }),
    header: 'default',
    footer: 'default',
  },
  vacancy: {
    ...pageTypeLabels.vacancy,
    allowedBlocks: blocksAllowedOn('vacancy'),
    tags: true,
    typeData: object({
      location: string().label('Location').trim().default('').max(254, 'V_11'),
      hours: string().label('Hours per week').trim().default('').max(40, 'V_14').meta({ hint: 'A number or a range, such as 32–36' } satisfies PropMeta),
      closingDate: dateField('Closing date').meta({ widget: 'date', hint: 'The last day to apply; after it the page says the vacancy is closed' } satisfies PropMeta),
      summary: summaryField(),
    }),
    header: 'default',
    footer: 'default',
  },
  contact: {
    ...pageTypeLabels.contact,
    allowedBlocks: blocksAllowedOn('contact'),
    tags: false,
    // The details themselves are the site settings' (Settings, Contact): one place to keep them.
    typeData: object({}),
    header: 'default',
    footer: 'default',
  },
  'landing-page': {
    ...pageTypeLabels['landing-page'],
    allowedBlocks: blocksAllowedOn('landing-page'),
    tags: true,
    typeData: object({}),
    header: 'minimal',
    footer: 'default',
  },
  overview: {
    ...pageTypeLabels.overview,
    allowedBlocks: blocksAllowedOn('overview'),
    tags: false,
    typeData: object({
      listedType: string()
        .label('Pages listed')
        .default('article')
        .oneOf([...listablePageTypeIds], 'V_12')
        .meta({ widget: 'select', optionLabels: listableLabels(), hint: 'The published pages of this type in the page\'s language, newest first' } satisfies PropMeta),
      pageSize: number()
        .label('Pages per page')
        .typeError('V_12')
        .integer('V_12')
        .min(1, 'V_12')
        .max(MAX_OVERVIEW_PAGE_SIZE, 'V_12')
        .default(DEFAULT_OVERVIEW_PAGE_SIZE)
        .meta({ hint: `From 1 to ${MAX_OVERVIEW_PAGE_SIZE}` } satisfies PropMeta),
      // A tag id, as the cards block's: picked from the locale's public tags.
      tag: string()
        .label('Tag')
        .trim()
        .default('')
        .max(64, 'V_12')
        .meta({ widget: 'public-tag', hint: 'Only the pages with this public tag; empty for all', searchable: false } satisfies PropMeta),
    }),
    header: 'default',
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
