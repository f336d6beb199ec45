import { pageStream } from '@pagelog/contracts/events/page-events';
import type { ExpectedRevision } from '@pagelog/storage/event-store/event-store';
import type { CommandContext } from '../../core/command-context';
import type { CommandDeps } from '../../core/command-deps';
import { pageEvolver } from '../page-state';
import { decidePublication } from './decider';

/** Makes the draft the published version. */
export async function publishPage(deps: CommandDeps, pageId: string, revision: ExpectedRevision, context: CommandContext) {
  const result = await deps.handle(
    pageStream(pageId),
    revision,
    pageEvolver,
    (state) => decidePublication({ type: 'PublishPage', data: { pageId } }, state),
    context,
  );
  return { pageID: pageId, revision: result.revision, position: result.position };
}
