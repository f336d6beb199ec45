import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { PageDetails } from '@pagelog/contracts/pages/page';
import type { TagSummary } from '@pagelog/contracts/tags/tag';
import { useApi } from '../../../core/api/api-context';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { tagQueries } from '../../../core/tags/tag-queries';
import { pageQueries } from '../api/page-queries';
import type { EditorAction } from './editor-state';
import { chosenKey, chosenName, chosenOfPage, describePageTagErrors, pageTagsBody, rebaseChosen, tagsConflict, tagsDiffer, type ChosenTag } from './page-tags';

export const PAGE_TAGS_ERRORS = 'page-tags';

/** What the last save of the tags did. */
export interface TagsSaved {
  count: number;
  /** The names of the tags it made. */
  created: string[];
}

const none: readonly string[] = [];

/**
 * A page's tags in the editor (decision 0023: page-level, like the slug, so a save applies at once
 * to the draft and the live page). The chips start from the page's tag ids, named by the
 * locale's public and private lists; edits stay in the field until Save tags posts the whole
 * list. A refusal goes into `page-tags`, naming the tag each error is about, and touches nothing
 * else in the editor; a success moves the editor's revision on (see the tagsSaved action), and
 * the command's position makes the page, its history and the lists read again.
 */
export function usePageTags(page: PageDetails, dispatch: (action: EditorAction) => void) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const errors = useErrorStore();
  const publicTags = useQuery(tagQueries.list(api, page.locale, 'public'));
  const privateTags = useQuery(tagQueries.list(api, page.locale, 'private'));
  // Tags met in answers (a save's, a pick's) before the lists are read again.
  const [learned, setLearned] = useState<ReadonlyMap<string, TagSummary>>(new Map());
  const [edited, setEdited] = useState<ChosenTag[] | null>(null);
  const [saved, setSaved] = useState<TagsSaved | null>(null);

  useEffect(() => () => errors.clear(PAGE_TAGS_ERRORS), [errors]);

  const known = useMemo(() => {
    const map = new Map<string, TagSummary>(learned);
    for (const tag of [...(publicTags.data ?? []), ...(privateTags.data ?? [])]) map.set(tag.id, tag);
    return map;
  }, [learned, publicTags.data, privateTags.data]);
  const savedIds = page.tags ?? none;
  const fromPage = useMemo(() => chosenOfPage(savedIds, known), [savedIds, known]);
  const chosen = edited ?? fromPage.chosen;
  const kept = fromPage.kept;
  const loading = (publicTags.isPending || privateTags.isPending) && savedIds.length > 0;
  const changed = tagsDiffer(chosen, kept, savedIds);

  function change(next: ChosenTag[]) {
    setEdited(next);
    setSaved(null);
  }

  const save = useMutation({
    mutationFn: async (): Promise<boolean> => {
      errors.clear(PAGE_TAGS_ERRORS);
      setSaved(null);
      const sent = chosen;
      const body = pageTagsBody(sent, kept);
      // The tags the field started from: a save by another editor meanwhile is a 409, not lost.
      const reply = await api.call('pageTags', { params: { id: page.id }, body: { tags: body, basedOnTags: [...savedIds] } });
      const conflict = tagsConflict(reply.status, reply.data);
      if (conflict) {
        // The page as read takes the tags as they are now, and this editor's changes go on top
        // of the other editor's in the field, to be checked and saved again: nothing is lost.
        const base = [...savedIds];
        setEdited((now) => rebaseChosen(now ?? sent, base, conflict, known));
        queryClient.setQueryData(pageQueries.get(api, page.id).queryKey, (before) => before && { ...before, tags: conflict });
        const names = conflict.map((id) => known.get(id)?.name ?? t('tags.field.unknownTag')).join(', ');
        errors.set(PAGE_TAGS_ERRORS, [{ ...errorItem('V_07', 'tags', 'page'), message: t('tags.field.conflict', { count: conflict.length, names }) }]);
        void queryClient.invalidateQueries({ queryKey: pageQueries.get(api, page.id).queryKey });
        return false;
      }
      if (!reply.Success || !reply.data) {
        const names = new Map(sent.map((tag) => [chosenKey(tag), chosenName(tag)]));
        const found = reply.Errors.length > 0 ? reply.Errors : [errorItem('G_01')];
        errors.set(PAGE_TAGS_ERRORS, describePageTagErrors(found, body, names, (name, message) => t('tags.field.errorAbout', { name, message })));
        return false;
      }
      const { tags, created, revision } = reply.data;
      setLearned((before) => new Map([...before, ...tags.map((tag): [string, TagSummary] => [tag.id, tag])]));
      // The page as read shows the new tags at once; its own read follows on the position.
      queryClient.setQueryData(pageQueries.get(api, page.id).queryKey, (before) => before && { ...before, tags: tags.map((tag) => tag.id) });
      dispatch({ type: 'tagsSaved', revision });
      // Edits made while the save was on its way stay in the field.
      setEdited((now) => (now === sent ? null : now));
      setSaved({ count: tags.length, created: tags.filter((tag) => created.includes(tag.id)).map((tag) => tag.name) });
      return true;
    },
  });

  return {
    chosen,
    loading,
    changed,
    saved,
    saving: save.isPending,
    add: (tag: ChosenTag) => change([...chosen, tag]),
    remove: (key: string) => change(chosen.filter((tag) => chosenKey(tag) !== key)),
    save: () => save.mutateAsync(),
  };
}
