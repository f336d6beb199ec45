import { BusyError, DomainError, ValidationError } from '@pagelog/contracts/domain-errors';
import { tagMergeLockStream, tagNameStream, tagStream, type TagStreamEvent } from '@pagelog/contracts/events/tag-events';
import { tagSlug } from '@pagelog/contracts/tags/tag';
import { fold, loadStream } from '@pagelog/storage/event-store/load-stream';
import { claim, giveBack, ownerOf, release, type ClaimKind, type HeldClaim } from '../core/claims/claims';
import type { CommandContext } from '../core/command-context';
import type { CommandDeps } from '../core/command-deps';
import { TAG_MODEL } from './decider';
import { tagEvolver, type TagState } from './tag-state';

/**
 * A tag's name is unique in its locale by its slug, public and private tags together (rule 6 of
 * contracts/src/tags/tag.ts): the slug is claimed (core/claims, decision 0008) on a stream of its
 * own before a tag takes the name, so two concurrent creations of "Duurzaamheid" and
 * "duurzaamheid" cannot both win. A merged tag gives its name up: its claim counts as its owner's
 * gone, so the name is free at once.
 */

export type { HeldClaim } from '../core/claims/claims';

export async function loadTagState(deps: CommandDeps, tagId: string): Promise<TagState> {
  return (await loadStream(deps.store, tagStream(tagId), tagEvolver)).state;
}

export function tagNameKind(locale: string, slug: string): ClaimKind<TagStreamEvent> {
  return {
    stream: tagNameStream(locale, slug),
    names: { claimed: 'TagNameClaimed', released: 'TagNameReleased', ownerField: 'tagId' },
    data: (tagId) => ({ locale, slug, tagId }),
    ownerStream: tagStream,
    ownerState: (events) => {
      const tag = fold(tagEvolver, events);
      return { holds: tag.exists && !tag.merged && tag.locale === locale && tagSlug(tag.name) === slug, deleted: tag.merged, fences: tag.fences };
    },
    // The claims module's own refusal (V_06); claimTagName turns it into TG_04 on the request's property.
    property: 'name',
    model: TAG_MODEL,
  };
}

/** A tag's name in its locale, with the tag that claims it. */
export interface TagName {
  locale: string;
  slug: string;
  tagId: string;
}

/** Claims the slug for the tag, or refuses TG_04 on `property` of `model` (the request's: a tag, or a page's tags) when another tag holds it. */
export async function claimTagName(deps: CommandDeps, name: TagName, property: string, context: CommandContext, model = TAG_MODEL): Promise<HeldClaim> {
  try {
    return await claim(deps, tagNameKind(name.locale, name.slug), name.tagId, context);
  } catch (error) {
    if (error instanceof DomainError && error.items.some((item) => item.code === 'V_06')) throw ValidationError.of('TG_04', property, model);
    throw error;
  }
}

/** Gives a name back without failing the command: the claim event `claimRevision` when given, else whichever the tag has. */
export function giveBackTagName(deps: CommandDeps, why: string, name: TagName, context: CommandContext, claimRevision?: number, cause?: unknown): Promise<void> {
  return giveBack(deps, `release the tag name of ${why}`, [() => release(deps, tagNameKind(name.locale, name.slug), name.tagId, context, claimRevision)], cause);
}

/** The live tag that has the slug in the locale now, if any. */
export const tagNamed = (deps: CommandDeps, locale: string, slug: string): Promise<string | null> => ownerOf(deps, tagNameKind(locale, slug));

/**
 * A locale's merge lock (like the media tree's move lock): a merge holds it while it reads the
 * tag it merges into and writes, so crossed merges (A into B, B into A) are decided one after the
 * other and the second finds its target gone (TG_07). Its owner never "uses" it: free again when
 * given back, or once its tag is merged; taken over after ABANDONED_CLAIM_MS when its merge died
 * (the fence then refuses that merge).
 */
export function mergeLockKind(locale: string): ClaimKind<TagStreamEvent> {
  return {
    stream: tagMergeLockStream(locale),
    names: { claimed: 'TagNameClaimed', released: 'TagNameReleased', ownerField: 'tagId' },
    data: (tagId) => ({ locale, slug: '', tagId }),
    ownerStream: tagStream,
    ownerState: (events) => {
      const tag = fold(tagEvolver, events);
      return { holds: false, deleted: tag.merged, fences: tag.fences };
    },
    property: 'tagId',
    model: TAG_MODEL,
  };
}

/** How long a merge waits for another merge in its locale to finish before it answers 503 (try again). */
const MERGE_LOCK_WAIT_MS = 5_000;

/** Runs `work` holding the locale's merge lock for the tag `tagId`, and gives the lock back after. */
export async function withMergeLock<T>(deps: CommandDeps, locale: string, tagId: string, context: CommandContext, work: (lock: HeldClaim) => Promise<T>): Promise<T> {
  const kind = mergeLockKind(locale);
  const deadline = Date.now() + MERGE_LOCK_WAIT_MS;
  let lock: HeldClaim | null = null;
  for (let attempt = 1; lock === null; attempt++) {
    try {
      lock = await claim(deps, kind, tagId, context);
    } catch (error) {
      const busy = error instanceof DomainError && error.items.some((item) => item.code === 'V_06');
      if (!busy) throw error;
      if (Date.now() > deadline) throw new BusyError(1, `the tag merge lock of ${locale} is held`);
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * Math.min(20 * attempt, 200)));
    }
  }
  const held = lock;
  try {
    return await work(held);
  } finally {
    await giveBack(deps, 'release the tag merge lock', [() => release(deps, kind, tagId, context, held.revision)]);
  }
}
