import { object, type AnyObjectSchema } from 'yup';
import type { BlockTypeId } from '../blocks/block-types';

/** Page types: which blocks a page may hold, its typeData, and its header and footer variant. */
export interface PageTypeDefinition {
  id: string;
  label: string;
  allowedBlocks: BlockTypeId[];
  typeData: AnyObjectSchema;
  header: 'default' | 'minimal' | 'none';
  footer: 'default' | 'minimal' | 'none';
  /** The blank base type has no entry of its own in the admin navigation. */
  isBase?: boolean;
}

const allBlocks: BlockTypeId[] = ['heading', 'text', 'image'];

export const pageTypes = {
  base: { id: 'base', label: 'Page', allowedBlocks: allBlocks, typeData: object({}), header: 'default', footer: 'default', isBase: true },
  article: { id: 'article', label: 'Articles', allowedBlocks: allBlocks, typeData: object({}), header: 'default', footer: 'default' },
  'landing-page': { id: 'landing-page', label: 'Landing pages', allowedBlocks: allBlocks, typeData: object({}), header: 'minimal', footer: 'default' },
} satisfies Record<string, PageTypeDefinition>;

export type PageTypeId = keyof typeof pageTypes;
export const pageTypeIds = Object.keys(pageTypes) as PageTypeId[];

export function pageType(id: string): PageTypeDefinition | undefined {
  return (pageTypes as Record<string, PageTypeDefinition>)[id];
}

/** The admin route of a page type's overview: id lower-cased and URL-encoded. */
export function pageTypeOverviewPath(id: string): string {
  return `/cmsadmin/page-overview/${encodeURIComponent(id.toLowerCase())}`;
}
