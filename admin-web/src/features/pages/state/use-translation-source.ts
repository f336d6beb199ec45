import { useQuery } from '@tanstack/react-query';
import { languageName } from '@pagelog/contracts/language-name';
import type { PageDetails, VersionContent } from '@pagelog/contracts/pages/page';
import { useApi } from '../../../core/api/api-context';
import { useSiteSettings } from '../../../core/settings/site-settings';
import { pageQueries } from '../api/page-queries';
import { sourcePageOf } from './translation-source';

/** The text a translation is translated from, for the editor to show beside its fields. */
export interface TranslationSource {
  pageId: string;
  locale: string;
  /** The source's language in its own words ("Nederlands"). */
  language: string;
  /** The source page's draft: the text its editors have now. */
  content: VersionContent;
  typeData: Record<string, unknown>;
}

/**
 * The source of the page being edited when it is a translation (see sourcePageOf), read with
 * its draft; null while there is none or it is still being read (or could not be read: the
 * editor works without it).
 */
export function useTranslationSource(page: PageDetails): TranslationSource | null {
  const api = useApi();
  const settings = useSiteSettings();
  const source = sourcePageOf(page, settings?.defaultLocale);
  const sourcePage = useQuery({ ...pageQueries.get(api, source?.pageID ?? ''), enabled: source !== null });
  const draftId = source ? sourcePage.data?.draftVersionID : undefined;
  const draft = useQuery({ ...pageQueries.version(api, draftId ?? ''), enabled: draftId !== undefined });
  const version = draft.data?.pageVersion;
  if (!source || !sourcePage.data || !version || version.id !== draftId) return null;
  return {
    pageId: source.pageID,
    locale: source.locale,
    language: languageName(source.locale),
    content: { title: version.title, blocks: version.blocks ?? [], seoTitle: version.seoTitle ?? '', seoDescription: version.seoDescription ?? '', seoKeywords: version.seoKeywords ?? [], seoImage: version.seoImage ?? [] },
    typeData: version.settings?.typeData ?? sourcePage.data.typeData ?? {},
  };
}
