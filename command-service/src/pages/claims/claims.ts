import { pageStream, type PageStreamEvent } from '@pagelog/contracts/events/page-events';
import { fold, loadStream } from '@pagelog/storage/event-store/load-stream';
import { slugStream, translationStream } from '@pagelog/contracts/events/slug-events';
import { claim, claimAvailable, claimOf, release, type ClaimKind, type HeldClaim } from '../../core/claims/claims';
import type { CommandContext } from '../../core/command-context';
import type { CommandDeps } from '../../core/command-deps';
import { isLive, pageEvolver, type PageState } from '../page-state';

/**
 * The page commands' claims (see core/claims): a slug per locale, and a locale per translation
 * group, are claimed on streams of their own before the page uses them.
 */

export type { HeldClaim } from '../../core/claims/claims';

export async function loadPageState(deps: CommandDeps, pageId: string): Promise<PageState> {
  return (await loadStream(deps.store, pageStream(pageId), pageEvolver)).state;
}

function pageOwned(holds: (page: PageState) => boolean): Pick<ClaimKind<PageStreamEvent>, 'ownerStream' | 'ownerState' | 'model'> {
  return {
    ownerStream: pageStream,
    ownerState: (events) => {
      const page = fold(pageEvolver, events);
      return { holds: isLive(page) && holds(page), deleted: page.deleted, fences: page.fences };
    },
    model: 'page',
  };
}

export function slugKind(locale: string, slug: string): ClaimKind<PageStreamEvent> {
  return {
    stream: slugStream(locale, slug),
    names: { claimed: 'SlugClaimed', released: 'SlugReleased', ownerField: 'pageId' },
    data: (pageId) => ({ locale, slug, pageId }),
    ...pageOwned((page) => page.locale === locale && page.slug === slug),
    property: 'slug',
  };
}

export function translationKind(translationGroupId: string, locale: string, property = 'locale'): ClaimKind<PageStreamEvent> {
  return {
    stream: translationStream(translationGroupId, locale),
    names: { claimed: 'TranslationClaimed', released: 'TranslationReleased', ownerField: 'pageId' },
    data: (pageId) => ({ translationGroupId, locale, pageId }),
    ...pageOwned((page) => page.translationGroupId === translationGroupId && page.locale === locale),
    property,
  };
}

export const claimSlug = (deps: CommandDeps, c: { locale: string; slug: string; pageId: string }, context: CommandContext): Promise<HeldClaim> =>
  claim(deps, slugKind(c.locale, c.slug), c.pageId, context);

/** Gives a slug back: the claim event `claimRevision` when given, else whichever the page has. */
export const releaseSlug = (deps: CommandDeps, c: { locale: string; slug: string; pageId: string; claimRevision?: number }, context: CommandContext) =>
  release(deps, slugKind(c.locale, c.slug), c.pageId, context, c.claimRevision);

/** The page's claim on a slug now, if it has one. */
export const slugClaimOf = (deps: CommandDeps, c: { locale: string; slug: string; pageId: string }): Promise<HeldClaim | null> =>
  claimOf(deps, slugKind(c.locale, c.slug), c.pageId);

export const claimTranslation = (deps: CommandDeps, c: { translationGroupId: string; locale: string; pageId: string; property: string }, context: CommandContext): Promise<HeldClaim> =>
  claim(deps, translationKind(c.translationGroupId, c.locale, c.property), c.pageId, context);

export const releaseTranslation = (deps: CommandDeps, c: { translationGroupId: string; locale: string; pageId: string; claimRevision?: number }, context: CommandContext) =>
  release(deps, translationKind(c.translationGroupId, c.locale), c.pageId, context, c.claimRevision);

/**
 * Spec section 5: whether a create (or a move, for `pageId`) could take the slug in the locale
 * now. The same decision the claim makes, without writing anything.
 */
export const slugAvailable = (deps: CommandDeps, c: { locale: string; slug: string; pageId?: string }, now: string): Promise<boolean> =>
  claimAvailable(deps, slugKind(c.locale, c.slug), c.pageId ?? '', now);
