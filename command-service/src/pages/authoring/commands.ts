import type { Block } from '@pagelog/contracts/blocks/block';
import { pageStream, type PageCopiedFrom } from '@pagelog/contracts/events/page-events';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { SeoFields, VersionContent } from '@pagelog/contracts/pages/page';
import { pageType } from '@pagelog/contracts/pages/page-types';
import { publicPath } from '@pagelog/contracts/slugs';
import type { CommandContext } from '../../core/command-context';
import type { CommandDeps } from '../../core/command-deps';
import { assertNotFenced, giveBack } from '../../core/claims/claims';
import { claimSlug, claimTranslation, loadPageState, releaseSlug, releaseTranslation, slugClaimOf, type HeldClaim } from '../claims/claims';
import { foldPage, isLive, pageConflictDetails, pageEvolver, type PageState } from '../page-state';
import type { PagesDeps } from '../pages-deps';
import { withBytesChecked, type MediaBytesDeps } from '../media-bytes';
import { assertOfferedLocale, readSettings } from '../settings';
import { authoringDecider, typeDataErrors, type StoreVersion } from './decider';

export interface CreatePageInput {
  title: string;
  slug: string;
  type: string;
  locale: string;
  content: string;
  typeData: Record<string, unknown>;
  /** Set when the page joins the translation group of an existing page. */
  translationGroupId?: string;
  copiedFrom?: PageCopiedFrom;
  copiedContent?: VersionContent;
  /** The request property that named the locale (`locale`, or `newLocale` for a translation). */
  localeProperty?: string;
}

export interface CommandOutcome {
  position: number;
  revision: number;
}

/**
 * Creates a page with its first draft version. Its slug (per locale) and its place in the
 * translation group (per locale) are claimed first, so concurrent creates cannot both take them.
 */
export async function createPage(deps: CommandDeps, input: CreatePageInput, context: CommandContext) {
  const localeProperty = input.localeProperty ?? 'locale';
  await assertOfferedLocale(deps.store, input.locale, localeProperty);
  // Checked before anything is claimed, so a bad request leaves no claim behind.
  if (!pageType(input.type)) throw ValidationError.of('V_12', 'type', 'page');
  const invalid = typeDataErrors(input.type, input.typeData);
  if (invalid.length > 0) throw new ValidationError(invalid);

  const pageId = context.newId();
  const versionId = context.newId();
  const translationGroupId = input.translationGroupId ?? pageId;
  const held: HeldClaim[] = [];
  try {
    held.push(await claimSlug(deps, { locale: input.locale, slug: input.slug, pageId }, context));
    held.push(await claimTranslation(deps, { translationGroupId, locale: input.locale, pageId, property: localeProperty }, context));
    const result = await deps
      .handle(
        pageStream(pageId),
        0,
        pageEvolver,
        (state) =>
          authoringDecider.decide(
            {
              type: 'CreatePage',
              data: {
                pageId,
                versionId,
                translationGroupId,
                pageType: input.type,
                locale: input.locale,
                title: input.title,
                slug: input.slug,
                content: input.content,
                typeData: input.typeData,
                copiedFrom: input.copiedFrom ?? null,
                copiedContent: input.copiedContent ?? null,
              },
            },
            state,
          ),
        context,
      )
      .catch(async (error: unknown) => {
        // The page's stream was written first: by a takeover of a claim this create was too
        // slow to use (ClaimFenced). That slug or place is taken now.
        if (error instanceof ConflictError) await refuseFenced(deps, pageId, held, [{ property: 'slug' }, { property: localeProperty }]);
        throw error;
      });
    return { pageID: pageId, pageVersionID: versionId, revision: result.revision, position: result.position };
  } catch (error) {
    // Give back what this create claimed (unless its page was written after all), so the slug is
    // free again at once; what the store refuses now is tried again after the answer.
    const [slugClaim, translationClaim] = held;
    await giveBack(
      deps,
      'release the claims of a failed create',
      [
        ...(slugClaim ? [() => releaseSlug(deps, { locale: input.locale, slug: input.slug, pageId, claimRevision: slugClaim.revision }, context)] : []),
        ...(translationClaim
          ? [() => releaseTranslation(deps, { translationGroupId, locale: input.locale, pageId, claimRevision: translationClaim.revision }, context)]
          : []),
      ],
      error,
    );
    throw error;
  }
}

/** V_06 for the first of `held` (naming what each stands for) that the page was fenced off from. */
async function refuseFenced(deps: CommandDeps, pageId: string, held: readonly HeldClaim[], names: readonly { property: string }[]): Promise<void> {
  const { fences } = await loadPageState(deps, pageId);
  held.forEach((claim, i) => assertNotFenced(fences, claim, { property: names[i]!.property, model: 'page' }));
}

async function livePage(deps: CommandDeps, pageId: string, property = 'pageID'): Promise<PageState> {
  const state = await loadPageState(deps, pageId);
  if (!isLive(state)) throw new NotFoundError('PM_01', property, 'page');
  return state;
}

/** A page in another locale, in the source page's translation group, starting from a copy of its draft. */
export async function createTranslation(
  deps: PagesDeps,
  input: { pageID: string; newLocale: string; title: string; slug: string },
  context: CommandContext,
) {
  const source = await livePage(deps, input.pageID);
  if (source.locale === input.newLocale) throw ValidationError.of('V_06', 'newLocale', 'page');
  // Groups from before translation claims existed: their pages are found in the read model.
  const existing = await deps.lookups.translationOf(source.translationGroupId, input.newLocale);
  if (existing && isLive(await loadPageState(deps, existing))) throw ValidationError.of('V_06', 'newLocale', 'page');
  return createPage(
    deps,
    {
      title: input.title,
      slug: input.slug,
      type: source.type,
      locale: input.newLocale,
      content: '',
      typeData: source.typeData,
      translationGroupId: source.translationGroupId,
      copiedFrom: { pageId: source.pageId, versionId: source.draftVersionId, as: 'translation' },
      copiedContent: source.draft,
      localeProperty: 'newLocale',
    },
    context,
  );
}

/** A new page (a group of its own) starting from a copy of another page's draft, in any locale. */
export async function duplicatePage(deps: PagesDeps, input: { pageID: string; locale: string; title: string; slug: string }, context: CommandContext) {
  const source = await livePage(deps, input.pageID);
  return createPage(
    deps,
    {
      title: input.title,
      slug: input.slug,
      type: source.type,
      locale: input.locale,
      content: '',
      typeData: source.typeData,
      copiedFrom: { pageId: source.pageId, versionId: source.draftVersionId, as: 'duplicate' },
      copiedContent: source.draft,
    },
    context,
  );
}

export interface StoreVersionInput extends SeoFields {
  pageID: string;
  revision: number;
  title: string;
  blocks: Block[];
  /** An autosave (decision 0019); only the plain store takes it. */
  auto?: boolean;
}

/**
 * The store command's data for a decider, given the stream as handle() read it. A save based on
 * an older revision carries the page as it was then, so the decider can merge.
 */
export function storeCommandData(
  versionId: string,
  input: StoreVersionInput,
  context: CommandContext,
  state: PageState,
  revision: number,
  history: readonly Parameters<typeof pageEvolver.evolve>[1][],
): StoreVersion['data'] {
  // A revision from the future is a client's mistake; a page that is gone is the decider's to report (404).
  if (input.revision > revision && isLive(state)) throw new ConflictError(pageStream(input.pageID), input.revision, revision, pageConflictDetails(state));
  const { title, blocks, seoTitle, seoDescription, seoKeywords, seoImage } = input;
  return {
    versionId,
    newVersionId: context.newId(),
    content: { title, blocks, seoTitle, seoDescription, seoKeywords, seoImage },
    baseRevision: input.revision,
    base: input.revision === revision ? state : foldPage(history.slice(0, input.revision)),
    currentRevision: revision,
    ...(input.auto ? { auto: true } : {}),
  };
}

/** The blocks the draft holds after a store: as the events stored them (merged, perhaps), or as sent when nothing was stored. */
export function storedBlocks(events: readonly { type: string; data: unknown }[], sent: readonly Block[]): readonly Block[] {
  const stored = events.findLast((e) => e.type === 'PageVersionStored');
  return stored ? (stored.data as { blocks: Block[] }).blocks : sent;
}

/** The draft version a reply names: the one the events stored into, or the current draft. */
export function storedVersionId(events: readonly { type: string; data: unknown }[], fallback: string): string {
  const stored = events.find((e) => e.type === 'PageVersionStored' || e.type === 'PageDraftStarted');
  return stored ? (stored.data as { versionId: string }).versionId : fallback;
}

/**
 * Stores the draft. Storing into a published version starts a new draft, so published versions
 * never change. A save based on an older revision is merged with what was stored since when the
 * two touch different fields and blocks; otherwise it answers 409 with the newer version.
 */
export async function storeVersion(deps: CommandDeps & MediaBytesDeps, versionId: string, input: StoreVersionInput, context: CommandContext) {
  let draft = versionId;
  const result = await withBytesChecked(deps, [input], (check) =>
    deps.handle(
      pageStream(input.pageID),
      'any',
      pageEvolver,
      (state, revision, history) => {
        draft = state.draftVersionId || versionId;
        const events = authoringDecider.decide({ type: 'StoreVersion', data: storeCommandData(versionId, input, context, state, revision, history) }, state);
        check(state, events);
        return events;
      },
      context,
    ),
  );
  return {
    pageID: input.pageID,
    pageVersionID: storedVersionId(result.events, draft),
    merged: result.events.some((e) => e.type === 'PageVersionStored' && e.data.mergedFromRevision !== undefined),
    blocks: storedBlocks(result.events, input.blocks),
    revision: result.revision,
    position: result.position,
  };
}

export interface SavePageInput {
  slug: string;
  shouldUpdateLinks: boolean;
  anchor?: string;
  typeData?: Record<string, unknown>;
  revision?: number;
  /** Whether the actor holds publish-page (moving a live page needs it). */
  mayPublish: boolean;
}

/**
 * PUT /page/{id}/save: the page's settings. A new slug is claimed first and the old one released
 * after; the old public path redirects to the new one (the public projection keeps it). With
 * shouldUpdateLinks, internal links to the page in other pages' drafts follow. The anchor and
 * the type data are stored into the draft, which publication carries to the site.
 */
export async function savePage(deps: PagesDeps, pageId: string, input: SavePageInput, context: CommandContext) {
  const before = await livePage(deps, pageId, 'id');
  const moving = input.slug !== before.slug;
  // Refused before anything is claimed, so a refusal writes nothing (the decider checks again).
  if (moving && before.publishedVersionId !== null && !input.mayPublish) throw new ForbiddenError('UM_01');
  let result;
  let slugClaim: HeldClaim | undefined;
  // The claim on the slug it leaves, read before it leaves it: given back after the move, that
  // claim event and no later one (the page may come back to the slug meanwhile).
  const leftClaim = moving ? await slugClaimOf(deps, { locale: before.locale, slug: before.slug, pageId }) : null;
  try {
    if (moving) slugClaim = await claimSlug(deps, { locale: before.locale, slug: input.slug, pageId }, context);
    // Type data may name library media (a publication's main download): their bytes must be there.
    result = await withBytesChecked(deps, [{ blocks: [], seoImage: [], ...(input.typeData ? { typeData: input.typeData } : {}) }], (check) =>
      deps.handle(
        pageStream(pageId),
        input.revision ?? 'any',
        pageEvolver,
        (state, revision) => {
          // A slow move whose new slug another page has taken over meanwhile (ClaimFenced).
          assertNotFenced(state.fences, slugClaim, { property: 'slug', model: 'page' });
          // The page moved meanwhile (another save): a move decided on it would not be claimed.
          if (state.slug !== before.slug) throw new ConflictError(pageStream(pageId), revision, revision, pageConflictDetails(state));
          const events = authoringDecider.decide(
            {
              type: 'SavePage',
              data: {
                slug: input.slug,
                updateLinks: input.shouldUpdateLinks,
                anchor: input.anchor,
                typeData: input.typeData,
                mayPublish: input.mayPublish,
                newVersionId: context.newId(),
              },
            },
            state,
          );
          check(state, events);
          return events;
        },
        context,
        // A stale save of the settings: the newer ones come with the 409, for the editor to compare.
        { describeConflict: pageConflictDetails },
      ),
    );
  } catch (error) {
    if (moving) {
      const claimed = slugClaim;
      if (claimed) {
        await giveBack(deps, 'release the new slug of a failed move', [() => releaseSlug(deps, { locale: before.locale, slug: input.slug, pageId, claimRevision: claimed.revision }, context)], error);
      }
      // A stale revision, because a takeover of the new slug wrote its fence: the slug is taken.
      if (error instanceof ConflictError && slugClaim) await refuseFenced(deps, pageId, [slugClaim], [{ property: 'slug' }]);
    }
    throw error;
  }
  let position = result.position;
  let linksUpdated = 0;
  const moved = result.events.find((e) => e.type === 'PageSlugChanged');
  if (moved && moved.type === 'PageSlugChanged') {
    // The move is done: freeing the old slug must not turn it into a failure.
    if (leftClaim) {
      await giveBack(deps, 'release the old slug of a moved page', [
        () => releaseSlug(deps, { locale: moved.data.locale, slug: moved.data.previousSlug, pageId, claimRevision: leftClaim.revision }, context),
      ]);
    }
    if (input.shouldUpdateLinks) {
      const updated = await updateLinksTo(deps, moved.data, result.position, context);
      linksUpdated = updated.pages;
      position = Math.max(position, updated.position);
    }
  }
  const stored = result.events.find((e) => e.type === 'PageSettingsStored');
  const pageVersionID = stored && stored.type === 'PageSettingsStored' ? stored.data.versionId : before.draftVersionId;
  return { pageID: pageId, pageVersionID, slug: input.slug, revision: result.revision, position, linksUpdated };
}

/** Points internal links to a moved page, in every draft that has them, at its new path. */
async function updateLinksTo(deps: PagesDeps, moved: { pageId: string; locale: string; slug: string; previousSlug: string }, movedAt: number, context: CommandContext) {
  const settings = await readSettings(deps.store);
  const defaultLocale = settings?.defaultLocale ?? moved.locale;
  const fromPath = publicPath(moved.locale, moved.previousSlug, defaultLocale);
  const toPath = publicPath(moved.locale, moved.slug, defaultLocale);
  let pages = 0;
  let position = 0;
  // Links stored before the move (a page published a moment ago included) are found.
  for (const candidate of await deps.lookups.pagesLinkingTo(fromPath, movedAt)) {
    const result = await deps.handle(
      pageStream(candidate),
      'any',
      pageEvolver,
      (state) =>
        authoringDecider.decide(
          { type: 'UpdateLinks', data: { fromPath, toPath, movedPageId: moved.pageId, newVersionId: context.newId(), origins: [deps.publicUrl] } },
          state,
        ),
      context,
    );
    if (result.events.length > 0) {
      pages += 1;
      position = Math.max(position, result.position);
    }
  }
  return { pages, position };
}

/** Deletes a page (an open request is revoked first); its slug and its place in the group are freed. */
export async function deletePage(deps: CommandDeps, pageId: string, revision: number | 'any', context: CommandContext) {
  const result = await deps.handle(pageStream(pageId), revision, pageEvolver, (state) => authoringDecider.decide({ type: 'DeletePage', data: {} }, state), context, {
    describeConflict: pageConflictDetails,
  });
  const deleted = result.events.find((e) => e.type === 'PageDeleted');
  if (deleted && deleted.type === 'PageDeleted') {
    const { locale, slug, translationGroupId } = deleted.data;
    // The page is deleted: freeing its claims must not turn that into a failure.
    await giveBack(deps, 'release the claims of a deleted page', [
      () => releaseSlug(deps, { locale, slug, pageId }, context),
      () => releaseTranslation(deps, { translationGroupId, locale, pageId }, context),
    ]);
  }
  return { pageID: pageId, revision: result.revision, position: result.position };
}
