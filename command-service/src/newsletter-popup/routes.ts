import { newsletterPopupStream } from '@pagelog/contracts/events/newsletter-popup-events';
import type { NewsletterPopupUpdateBody, UpdatedNewsletterPopup } from '@pagelog/contracts/newsletter-popup/popup-settings';
import { command, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import type { CommandContext } from '../core/command-context';
import type { CommandDeps } from '../core/command-deps';
import { contextOf } from '../core/route-context';
import { newsletterPopupDecider } from './decider';

/**
 * newsletter-popup/update: decided on the popup's stream at the revision the screen read (409
 * with the settings as they are now when another save came first); only what changed is recorded.
 */
export async function updateNewsletterPopup(deps: CommandDeps, input: NewsletterPopupUpdateBody, context: CommandContext): Promise<UpdatedNewsletterPopup & { position: number }> {
  const result = await deps.handle(
    newsletterPopupStream,
    input.revision,
    newsletterPopupDecider,
    (state) => newsletterPopupDecider.decide({ type: 'UpdateNewsletterPopup', data: { locales: input.locales } }, state),
    context,
    { describeConflict: (current, revision) => ({ conflicts: ['revision'], current: { revision, locales: current.locales } }) },
  );
  return { changed: result.events.map((event) => event.data.locale), revision: result.revision, position: result.position };
}

/** The newsletter popup module's command (issue 16), from the endpoint table. */
export function newsletterPopupRoutes(deps: CommandDeps & { clock: () => number }): EndpointRoute[] {
  // The schema only lets the product's locales and well-formed settings through.
  return [command('newsletterPopupUpdate', async (ctx, input) => updateNewsletterPopup(deps, input as NewsletterPopupUpdateBody, contextOf(ctx, deps.clock)))];
}
