import { ConflictError, DomainError, StoreUnavailableError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { DomainEvent } from '@pagelog/contracts/events/event';
import { pageStream, type PageEvent } from '@pagelog/contracts/events/page-events';
import { slugStream, translationStream } from '@pagelog/contracts/events/slug-events';
import type { CommandContext } from '../../core/command-context';
import type { CommandDeps } from '../../core/command-deps';
import { foldPage, isLive, type PageState } from '../page-state';
import { ABANDONED_CLAIM_MS, CLAIM_USE_DEADLINE_MS, claimEvolver, decideClaim, decideRelease, type ClaimState } from './decider';

/**
 * The explicit uniqueness port of the page commands: a slug per locale, and a locale per
 * translation group, are claimed on streams of their own before the page uses them, so two
 * concurrent claims cannot both win (the loser gets V_06).
 */

interface ClaimKind<D extends { pageId: string }> {
  stream: string;
  names: { claimed: string; released: string };
  data: (pageId: string) => D;
  /** Whether the owner page, as it stands, uses the claim. */
  holds: (owner: PageState) => boolean;
  property: string;
}

function slugKind(locale: string, slug: string, property = 'slug'): ClaimKind<{ locale: string; slug: string; pageId: string }> {
  return {
    stream: slugStream(locale, slug),
    names: { claimed: 'SlugClaimed', released: 'SlugReleased' },
    data: (pageId) => ({ locale, slug, pageId }),
    holds: (owner) => isLive(owner) && owner.locale === locale && owner.slug === slug,
    property,
  };
}

function translationKind(translationGroupId: string, locale: string, property: string): ClaimKind<{ translationGroupId: string; locale: string; pageId: string }> {
  return {
    stream: translationStream(translationGroupId, locale),
    names: { claimed: 'TranslationClaimed', released: 'TranslationReleased' },
    data: (pageId) => ({ translationGroupId, locale, pageId }),
    holds: (owner) => isLive(owner) && owner.translationGroupId === translationGroupId && owner.locale === locale,
    property,
  };
}

export async function loadPageState(deps: CommandDeps, pageId: string): Promise<PageState> {
  return foldPage((await deps.store.readStream(pageStream(pageId))) as unknown as PageEvent[]);
}

async function claimFacts<D extends { pageId: string }>(deps: CommandDeps, kind: ClaimKind<D>) {
  const events = await deps.store.readStream(kind.stream);
  const evolver = claimEvolver(kind.names);
  const state: ClaimState = (events as unknown as DomainEvent<string, { pageId: string }>[]).reduce(evolver.evolve, evolver.initialState);
  const last = [...events].reverse().find((e) => e.type === kind.names.claimed);
  const owner = state.ownerPageId && !state.released ? await loadPageState(deps, state.ownerPageId) : null;
  return {
    state,
    revision: events.length === 0 ? 0 : events[events.length - 1]!.revision,
    ownerHolds: owner !== null && kind.holds(owner),
    ownerClaimedAt: last?.metadata.occurredAt ?? null,
  };
}

async function claim<D extends { pageId: string }>(deps: CommandDeps, kind: ClaimKind<D>, pageId: string, context: CommandContext): Promise<void> {
  const facts = await claimFacts(deps, kind);
  const evolver = claimEvolver(kind.names);
  await deps
    .handle(
      kind.stream,
      facts.revision,
      evolver,
      (state) =>
        decideClaim(
          state,
          { pageId, ownerHolds: facts.ownerHolds, ownerClaimedAt: facts.ownerClaimedAt, now: context.now, property: kind.property },
          { type: kind.names.claimed, data: kind.data(pageId) },
        ),
      context,
      // A keyed retry claims again (its decider answers [] while the page still holds the claim):
      // the earlier attempt may have given it back, or another page taken it over since.
      { decideAgain: true },
    )
    .catch((error: unknown) => {
      // Lost a race for the same claim to another page: it is taken.
      if (error instanceof ConflictError) throw ValidationError.of('V_06', kind.property, 'page');
      throw error;
    });
}

/**
 * Gives a claim up, unless the page uses it after all: a command that failed with a timeout may
 * have written its page, and a claim released under a page that holds it would let a second page
 * take the same slug.
 */
async function release<D extends { pageId: string }>(deps: CommandDeps, kind: ClaimKind<D>, pageId: string, context: CommandContext): Promise<void> {
  if (kind.holds(await loadPageState(deps, pageId))) return;
  const evolver = claimEvolver(kind.names);
  await deps.handle(kind.stream, 'any', evolver, (state) => decideRelease(state, pageId, { type: kind.names.released, data: kind.data(pageId) }), context, {
    decideAgain: true,
  });
}

export const claimSlug = (deps: CommandDeps, c: { locale: string; slug: string; pageId: string }, context: CommandContext) =>
  claim(deps, slugKind(c.locale, c.slug), c.pageId, context);

export const releaseSlug = (deps: CommandDeps, c: { locale: string; slug: string; pageId: string }, context: CommandContext) =>
  release(deps, slugKind(c.locale, c.slug), c.pageId, context);

export const claimTranslation = (deps: CommandDeps, c: { translationGroupId: string; locale: string; pageId: string; property: string }, context: CommandContext) =>
  claim(deps, translationKind(c.translationGroupId, c.locale, c.property), c.pageId, context);

export const releaseTranslation = (deps: CommandDeps, c: { translationGroupId: string; locale: string; pageId: string }, context: CommandContext) =>
  release(deps, translationKind(c.translationGroupId, c.locale, 'locale'), c.pageId, context);

/**
 * Spec section 5: whether a create (or a move, for `pageId`) could take the slug in the locale
 * now. The same decision the claim makes, without writing anything.
 */
export async function slugAvailable(deps: CommandDeps, c: { locale: string; slug: string; pageId?: string }, now: string): Promise<boolean> {
  const kind = slugKind(c.locale, c.slug);
  const facts = await claimFacts(deps, kind);
  try {
    decideClaim(
      facts.state,
      { pageId: c.pageId ?? '', ownerHolds: facts.ownerHolds, ownerClaimedAt: facts.ownerClaimedAt, now, property: kind.property },
      { type: kind.names.claimed, data: kind.data(c.pageId ?? '') },
    );
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/**
 * Before a command writes the page that uses its claims: past CLAIM_USE_DEADLINE_MS since it
 * began (the store was slow or away meanwhile), others may soon take those claims over as
 * abandoned, so it gives up (503) instead of writing.
 */
export function assertClaimsUsable(context: CommandContext, now: number = Date.now()): void {
  if (now - Date.parse(context.now) > CLAIM_USE_DEADLINE_MS) {
    throw new StoreUnavailableError(new Error('the command took too long to use its claims'));
  }
}

/**
 * Gives claims back (after a failed command, or the old slug after a move). What cannot be
 * released now (the store went away) is tried again after the answer, with back-off, until it
 * works or the claim counts as abandoned anyway; the command's own answer does not wait for it.
 */
export async function giveBack(deps: CommandDeps, label: string, releases: readonly (() => Promise<void>)[]): Promise<void> {
  for (const release of releases) {
    try {
      await release();
    } catch {
      deps.later?.(label, async () => {
        const started = Date.now();
        for (let attempt = 1; Date.now() - started < ABANDONED_CLAIM_MS; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** (attempt - 1), 2_000)));
          try {
            await release();
            return;
          } catch {
            // Still away: the next try, until the claim has expired on its own.
          }
        }
      });
    }
  }
}
