import { command, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import type { TagVisibility } from '@pagelog/contracts/tags/tag';
import type { CommandDeps } from '../core/command-deps';
import { contextOf } from '../core/route-context';
import { mergeTag, renameTag, setPageTags } from './commands';

/** The tag commands: a page's tags (edit-page), rename and merge (manage-tags), from the endpoint table. */
export function tagRoutes(deps: CommandDeps & { clock: () => number }): EndpointRoute[] {
  return [
    command('pageTags', async (ctx, input) => {
      // The schema has checked each entry's shape and visibility.
      const tags = (input.tags ?? []).map((tag) => ({ id: tag.id, name: tag.name, visibility: tag.visibility as TagVisibility }));
      return setPageTags(deps, ctx.params.id!, { tags, basedOnTags: input.basedOnTags, revision: input.revision }, contextOf(ctx, deps.clock));
    }),
    command('tagsRename', async (ctx, input) => renameTag(deps, input, contextOf(ctx, deps.clock))),
    command('tagsMerge', async (ctx, input) => mergeTag(deps, input, contextOf(ctx, deps.clock))),
  ];
}
