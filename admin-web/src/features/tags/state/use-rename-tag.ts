import { useMutation } from '@tanstack/react-query';
import type { TagSummary } from '@pagelog/contracts/tags/tag';
import { renameTagSchema } from '@pagelog/contracts/tags/schemas';
import { useApi } from '../../../core/api/api-context';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { validateWith } from '../../../core/errors/validation-errors';

export const TAGS_ERRORS = 'tags';

/**
 * Renames a tag (POST tags/rename, manage-tags): checked against the contract's schema first,
 * then by the server, whose name rules and uniqueness answer with their TG_ codes. A refusal's
 * errors go into `tags`, cleared first. Resolves the renamed tag, or null.
 */
export function useRenameTag() {
  const api = useApi();
  const errors = useErrorStore();
  return useMutation({
    mutationFn: async (values: { tagId: string; name: string }): Promise<TagSummary | null> => {
      errors.clear(TAGS_ERRORS);
      const checked = await validateWith(renameTagSchema, values, 'tag');
      if (!checked.ok) {
        errors.set(TAGS_ERRORS, checked.errors);
        return null;
      }
      const reply = await api.call('tagsRename', { body: { tagId: values.tagId, name: values.name } });
      if (!reply.Success || !reply.data) {
        errors.set(TAGS_ERRORS, reply.Errors);
        return null;
      }
      return reply.data.tag;
    },
  });
}
