/**
 * Slug uniqueness per locale is decided on a stream of its own per (locale, slug): claiming it is
 * an optimistic append, so two concurrent creates of the same slug cannot both win.
 */
export const slugStream = (locale: string, slug: string) => `slug-${locale}:${slug}`;

export interface SlugClaimed {
  type: 'SlugClaimed';
  data: { locale: string; slug: string; pageId: string };
}

export type SlugEvent = SlugClaimed;
