import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TagView } from '@pagelog/contracts/tags/tag';
import { useApi } from '../../../core/api/api-context';
import { tagQueries } from '../../../core/tags/tag-queries';

/**
 * Every tag of a locale, public and private, by name, with its page counts: the public and the
 * private list read side by side. Read again after every command (a rename, a merge) at the
 * position it answered, so a merged tag is gone from the list at once.
 */
export function useLocaleTags(locale: string) {
  const api = useApi();
  const enabled = locale !== '';
  const publicTags = useQuery({ ...tagQueries.list(api, locale, 'public'), enabled });
  const privateTags = useQuery({ ...tagQueries.list(api, locale, 'private'), enabled });
  const tags = useMemo((): TagView[] | null => {
    if (!publicTags.data || !privateTags.data) return null;
    return [...publicTags.data, ...privateTags.data].sort((a, b) => a.name.localeCompare(b.name, locale) || a.visibility.localeCompare(b.visibility));
  }, [publicTags.data, privateTags.data, locale]);
  return { tags, failed: publicTags.isError || privateTags.isError, fetching: publicTags.isFetching || privateTags.isFetching };
}
