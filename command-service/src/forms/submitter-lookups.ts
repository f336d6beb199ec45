import type { EventData } from '@pagelog/contracts/events/registry';
import { readModels } from '@pagelog/contracts/read-models';
import type { SubmissionDoc } from '@pagelog/contracts/forms/submission-docs';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';

/** The look-ups erasing a submitter needs, behind one port so the command can be given any. */
export interface SubmitterLookups {
  /**
   * The ids of every submission sent with this submitter index, erased or not: those the
   * form-submissions read model holds, and those in the log after its checkpoint (a form sent a
   * moment ago, not projected yet, is erased too: a lagging read model must not leave one behind).
   */
  submissionsOf(submitterIndex: string): Promise<string[]>;
}

const READ_BATCH = 1_000;

export function submitterReadModelLookups(events: EventStore, store: ReadModelStore): SubmitterLookups {
  return {
    async submissionsOf(submitterIndex) {
      // The checkpoint first: every document written up to it is found below, and the log after it read.
      const { position } = await store.getCheckpoint(readModels.formSubmissions.projection);
      const docs = await store.find<SubmissionDoc>(readModels.formSubmissions.collection, { where: { submitterIndex } });
      const ids = new Set(docs.map((doc) => doc.id));
      for (let after = position; ; ) {
        const batch = await events.readAll({ after, limit: READ_BATCH });
        for (const event of batch) {
          if (event.type !== 'FormSubmitted') continue;
          const data = event.data as EventData<'FormSubmitted'>;
          if (data.submitterIndex === submitterIndex) ids.add(data.submissionId);
        }
        if (batch.length < READ_BATCH) break;
        after = batch[batch.length - 1]!.position;
      }
      return [...ids];
    },
  };
}
