/**
 * The ids of the page types, on their own so that block types can name the page types they
 * belong on without a cycle: page-types.ts must define each of these, and nothing else.
 */
export const pageTypeIds = ['base', 'home', 'article', 'publication', 'expertise', 'team-member', 'vacancy', 'contact', 'landing-page', 'overview'] as const;

export type PageTypeId = (typeof pageTypeIds)[number];
