import { readModels } from '@pagelog/contracts/read-models';
import type { PublicTag } from '@pagelog/contracts/tags/tag';
import type { TagDoc } from '@pagelog/contracts/tags/tag-docs';
import type { QueryDeps } from '../core/query-deps';

/**
 * A page's tags as the public site shows them: the public ones that are not merged away, in the
 * page's order. The one place a page's tag ids become names for the site: private tags are left
 * out here, so neither their names nor their ids reach a public answer.
 */
export async function pagePublicTags(deps: QueryDeps, tagIds: readonly string[]): Promise<PublicTag[]> {
  const ids = [...new Set(tagIds)];
  if (ids.length === 0) return [];
  const docs = await deps.readModels.getMany<TagDoc>(readModels.tags.collection, ids);
  return ids.flatMap((id) => {
    const tag = docs.get(id);
    return tag && tag.visibility === 'public' && !tag.merged ? [{ id: tag.id, name: tag.name, slug: tag.slug }] : [];
  });
}
