import { pageStream } from '@pagelog/contracts/events/page-events';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import { isValidSlug } from '@pagelog/contracts/slugs';
import { loadStream } from '@pagelog/storage/event-store/load-stream';
import type { CommandContext } from '../../core/command-context';
import { loadPageState, slugAvailable } from '../claims/claims';
import { isLive, pageConflictDetails, pageEvolver } from '../page-state';
import type { PagesDeps } from '../pages-deps';
import { savePage, type SavePageInput } from './commands';

/** A page's save with the pages below it moved along: savePage's answer and those pages. */
export type SavedWithSubpages = Awaited<ReturnType<typeof savePage>> & { subpagesMoved: { pageID: string; slug: string }[] };

/**
 * PUT /page/{id}/save with withSubpages: the page gets its new slug and the pages below it by path
 * (same locale: `expertise/energie` below `expertise`) move along, keeping their places under it
 * (decision 0013). Each page moves as savePage moves one (its new slug claimed, the old address
 * redirecting, links followed), so nothing else about a move differs.
 *
 * Refused before any page moves: by a stale revision of the page, when the actor may not move one
 * of them (a live page needs publish-page), when a new address is taken or too long (V_06, V_11),
 * or when the page would go below itself (V_12). The pages below move first, deepest first, and
 * the page itself last: cut off half way, the page is still where it was with the pages not yet
 * moved still below it, so the same request again moves those.
 */
export async function savePageWithSubpages(deps: PagesDeps, pageId: string, input: SavePageInput, context: CommandContext): Promise<SavedWithSubpages> {
  const { state: before, revision } = await loadStream(deps.store, pageStream(pageId), pageEvolver);
  if (!isLive(before)) throw new NotFoundError('PM_01', 'id', 'page');
  if (input.slug === before.slug) return { ...(await savePage(deps, pageId, input, context)), subpagesMoved: [] };
  if (input.revision !== undefined && input.revision !== revision) throw new ConflictError(pageStream(pageId), input.revision, revision, pageConflictDetails(before));
  const prefix = `${before.slug}/`;
  if (input.slug.startsWith(prefix)) throw ValidationError.of('V_12', 'slug', 'page');

  const below: { id: string; slug: string; live: boolean }[] = [];
  // Every page written before this request is found (a page made a moment ago included).
  for (const id of await deps.lookups.pagesBelow(before.locale, before.slug, await deps.store.headPosition())) {
    // The read model finds candidates; the page's own stream says where it is now.
    const page = await loadPageState(deps, id);
    if (!isLive(page) || page.locale !== before.locale || !page.slug.startsWith(prefix)) continue;
    below.push({ id, slug: `${input.slug}/${page.slug.slice(prefix.length)}`, live: page.publishedVersionId !== null });
  }
  if (!input.mayPublish && (before.publishedVersionId !== null || below.some((page) => page.live))) throw new ForbiddenError('UM_01');
  for (const page of [{ id: pageId, slug: input.slug }, ...below]) {
    if (!isValidSlug(page.slug)) throw ValidationError.of('V_11', 'slug', 'page');
    if (!(await slugAvailable(deps, { locale: before.locale, slug: page.slug, pageId: page.id }, context.now))) throw ValidationError.of('V_06', 'slug', 'page');
  }

  const subpagesMoved: { pageID: string; slug: string }[] = [];
  let position = 0;
  let linksUpdated = 0;
  for (const page of below) {
    const saved = await savePage(deps, page.id, { slug: page.slug, shouldUpdateLinks: input.shouldUpdateLinks, mayPublish: input.mayPublish }, context);
    subpagesMoved.push({ pageID: page.id, slug: saved.slug });
    position = Math.max(position, saved.position);
    linksUpdated += saved.linksUpdated;
  }
  const saved = await savePage(deps, pageId, { ...input, revision: undefined }, context);
  return { ...saved, position: Math.max(position, saved.position), linksUpdated: saved.linksUpdated + linksUpdated, subpagesMoved };
}
