import { slugStream } from '@pagelog/contracts/events/slug-events';
import { pageStream } from '@pagelog/contracts/events/page-events';
import { ConflictError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { CommandContext } from '../core/command-context';
import type { CommandDeps } from '../core/command-deps';
import { decideSlugClaim, slugEvolver } from './decider';

/**
 * Reserves (locale, slug) for a page before the page is created: the explicit uniqueness port
 * of this service. Two concurrent claims append to the same stream with the same expected
 * revision, so exactly one wins and the other gets V_06.
 */
export async function claimSlug(
  deps: CommandDeps,
  claim: { locale: string; slug: string; pageId: string },
  context: CommandContext,
): Promise<void> {
  const stream = slugStream(claim.locale, claim.slug);
  const [last] = await deps.store.readStream(stream, { direction: 'backwards', limit: 1 });
  const owner = (last?.data as { pageId?: string } | undefined)?.pageId ?? null;
  const ownerExists = owner !== null && (await deps.store.streamRevision(pageStream(owner))) > 0;
  const revision = last?.revision ?? 0;
  await deps.handle(
    stream,
    revision,
    slugEvolver,
    (state) =>
      decideSlugClaim(
        {
          type: 'ClaimSlug',
          data: { ...claim, ownerExists, ownerClaimedAt: last?.metadata.occurredAt ?? null, now: context.now },
        },
        state,
      ),
    context,
  ).catch((error: unknown) => {
    // Lost a race for the same slug to another page: it is taken.
    if (error instanceof ConflictError) throw ValidationError.of('V_06', 'slug', 'page');
    throw error;
  });
}
