import { streamOf } from './event';

/**
 * Uniqueness is decided on streams of their own: one per (locale, slug), and one per (translation
 * group, locale). Claiming is an optimistic append, so two concurrent claims cannot both win.
 */
export const slugStream = (locale: string, slug: string) => streamOf<SlugEvent>(`slug-${locale}:${slug}`);
/** A translation group holds at most one page per locale. */
export const translationStream = (translationGroupId: string, locale: string) => streamOf<TranslationEvent>(`translation-${translationGroupId}:${locale}`);

export interface SlugClaimed {
  type: 'SlugClaimed';
  data: { locale: string; slug: string; pageId: string };
}

/** The page moved away from the slug, or was deleted: another page may claim it. */
export interface SlugReleased {
  type: 'SlugReleased';
  data: { locale: string; slug: string; pageId: string };
}

export interface TranslationClaimed {
  type: 'TranslationClaimed';
  data: { translationGroupId: string; locale: string; pageId: string };
}

/** The group's page in this locale was deleted: a new translation may take its place. */
export interface TranslationReleased {
  type: 'TranslationReleased';
  data: { translationGroupId: string; locale: string; pageId: string };
}

export type SlugEvent = SlugClaimed | SlugReleased;
export type TranslationEvent = TranslationClaimed | TranslationReleased;
