import type { EventData } from '@pagelog/contracts/events/registry';
import { readModels } from '@pagelog/contracts/read-models';
import type { SubmissionDoc } from '@pagelog/contracts/forms/submission-docs';
import { gatedDownloadOf, type GatedDownload } from '@pagelog/contracts/forms/gated-download';
import type { PageDoc, VersionDoc } from '@pagelog/contracts/pages/page-docs';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';

/** The look-ups the forms' commands need (erasing a submitter, a download form's file), behind one port so the command can be given any. */
export interface SubmitterLookups {
  /** The file the page's published version offers behind its download form (gated-download.ts), or null. */
  gatedDownload(pageId: string): Promise<GatedDownload | null>;
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
    async gatedDownload(pageId) {
      const page = await store.get<PageDoc>(readModels.pages.collection, pageId);
      if (!page?.publishedVersionID) return null;
      const version = await store.get<VersionDoc>(readModels.pageVersions.collection, page.publishedVersionID);
      return version ? gatedDownloadOf(version.blocks, version.settings?.typeData) : null;
    },
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
