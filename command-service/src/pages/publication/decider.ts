import type { PagePublished } from '@pagelog/contracts/events/page-events';
import { NotFoundError } from '@pagelog/contracts/domain-errors';
import { assertNever } from '../../core/decider';
import { draftIsPublished, type PageState } from '../page-state';

export interface PublishPage {
  type: 'PublishPage';
  data: { pageId: string };
}

export type PublicationCommand = PublishPage;
export type PublicationEvent = PagePublished;

export function decidePublication(command: PublicationCommand, state: PageState): PublicationEvent[] {
  switch (command.type) {
    case 'PublishPage': {
      if (!state.exists) throw new NotFoundError('PM_01', 'id', 'page');
      // Publishing what is already live changes nothing: no event, the call still succeeds.
      if (draftIsPublished(state)) return [];
      return [{ type: 'PagePublished', data: { pageId: state.pageId, versionId: state.draftVersionId, slug: state.slug, locale: state.locale } }];
    }
    default:
      return assertNever(command.type as never);
  }
}
