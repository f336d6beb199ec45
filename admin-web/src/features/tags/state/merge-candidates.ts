import { tagKey, type TagView } from '@pagelog/contracts/tags/tag';

/**
 * The tags a tag may be merged into (TG_05, TG_06): the others of its locale and visibility,
 * narrowed by a search on the start of the name or of a word in it, without capitals or accents
 * (as tags/search finds them), by name.
 */
export function mergeCandidates(tags: readonly TagView[], source: TagView, term: string): TagView[] {
  const wanted = tagKey(term);
  const matches = (tag: TagView) => {
    if (wanted === '') return true;
    const key = tagKey(tag.name);
    return key.startsWith(wanted) || key.split(/[^\p{L}\p{Nd}']+/u).some((word) => word.startsWith(wanted));
  };
  return tags
    .filter((tag) => tag.id !== source.id && tag.locale === source.locale && tag.visibility === source.visibility && matches(tag))
    .sort((a, b) => a.name.localeCompare(b.name, source.locale));
}
