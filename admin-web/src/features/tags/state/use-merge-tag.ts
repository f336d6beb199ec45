import { useMutation } from '@tanstack/react-query';
import type { TagSummary } from '@pagelog/contracts/tags/tag';
import { useApi } from '../../../core/api/api-context';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { TAGS_ERRORS } from './use-rename-tag';

/**
 * Merges a tag into another (POST tags/merge, manage-tags). The answer comes once the merged tag
 * is gone; its pages follow from the log through the tag-merges reactor (decision 0023), so the
 * counts of the tag that remains catch up a moment later. A refusal's errors go into `tags`.
 * Resolves the tag that remains, or null.
 */
export function useMergeTag() {
  const api = useApi();
  const errors = useErrorStore();
  return useMutation({
    mutationFn: async (values: { tagId: string; intoTagId: string }): Promise<TagSummary | null> => {
      errors.clear(TAGS_ERRORS);
      const reply = await api.call('tagsMerge', { body: values });
      if (!reply.Success || !reply.data) {
        errors.set(TAGS_ERRORS, reply.Errors);
        return null;
      }
      return reply.data.into;
    },
  });
}
