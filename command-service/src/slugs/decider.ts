import type { SlugClaimed } from '@pagelog/contracts/events/slug-events';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { Evolver } from '../core/decider';

/** Who holds a (locale, slug) pair, and since when. */
export interface SlugState {
  ownerPageId: string | null;
}

export const slugEvolver: Evolver<SlugState, SlugClaimed> = {
  initialState: { ownerPageId: null },
  evolve(_state, event) {
    return { ownerPageId: event.data.pageId };
  },
};

export interface ClaimSlug {
  type: 'ClaimSlug';
  data: {
    locale: string;
    slug: string;
    pageId: string;
    /** Whether the current owner's page stream has any events (looked up by the caller). */
    ownerExists: boolean;
    /** When the current owner claimed it (from the claim event's metadata). */
    ownerClaimedAt: string | null;
    now: string;
  };
}

/**
 * A claim whose page never appeared (the process died between claiming and creating) is given
 * up after this long; until then the claimer may still be about to create its page.
 */
export const ABANDONED_CLAIM_MS = 5 * 60 * 1000;

export function decideSlugClaim(command: ClaimSlug, state: SlugState): SlugClaimed[] {
  const d = command.data;
  if (state.ownerPageId === d.pageId) return [];
  if (state.ownerPageId !== null) {
    const abandoned =
      !d.ownerExists &&
      d.ownerClaimedAt !== null &&
      Date.parse(d.now) - Date.parse(d.ownerClaimedAt) > ABANDONED_CLAIM_MS;
    if (!abandoned) throw ValidationError.of('V_06', 'slug', 'page');
  }
  return [{ type: 'SlugClaimed', data: { locale: d.locale, slug: d.slug, pageId: d.pageId } }];
}
