import { formSettingsFor, type FormSettingsDoc } from '@pagelog/contracts/forms/form-settings';
import { randomUUID } from 'node:crypto';
import { ConflictError } from '@pagelog/contracts/domain-errors';
import { submissionOwner, submissionStream, type FormSubmissionErased, type FormSubmissionEvent } from '@pagelog/contracts/events/form-events';
import { currentSchemaVersion } from '@pagelog/contracts/events/registry';
import { FORM_IDS, type FormId } from '@pagelog/contracts/forms/forms';
import type { SubmissionDoc } from '@pagelog/contracts/forms/submission-docs';
import { reactorNames, readModels } from '@pagelog/contracts/read-models';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import { fold, readStreamOf } from '@pagelog/storage/event-store/load-stream';
import type { PersonalDataVault } from '@pagelog/storage/key-store/personal-data-vault';
import { CheckpointMovedError, type ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import type { Reactor } from '../core/reactor';

/** How long a form's submissions are kept when its settings say nothing (issue 16). */
export const DEFAULT_RETENTION_MONTHS = 12;

/** How many submissions of one form a sweep erases at most; the next sweep goes on with the rest. */
const SWEEP_BATCH = 100;

export interface FormRetentionDeps {
  eventStore: EventStore;
  readModels: ReadModelStore;
  vault: PersonalDataVault;
  /** How often it looks for submissions past their form's retention period (default an hour). */
  retentionSweepEveryMs?: number;
  /** How long a sweep waits for the submissions read model to reach the reactor (default 2 s). */
  waitMs?: number;
  clock?: () => number;
}

/** A form's retention period in months (null: kept until erased), 12 without settings. */
async function retentionMonthsOf(store: ReadModelStore, form: FormId): Promise<number | null> {
  return formSettingsFor(await store.get<FormSettingsDoc>(readModels.formSettings.collection, form), form, 'nl-nl').retentionMonths;
}

/** The moment `months` calendar months before `now` (ISO): what came in before it is past the period. */
export function retentionCutoff(now: number, months: number): string {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff.toISOString();
}

const erasedEvolver = {
  initialState: { exists: false, erased: false },
  evolve(state: { exists: boolean; erased: boolean }, event: FormSubmissionEvent) {
    if (event.type === 'FormSubmitted') return { ...state, exists: true };
    if (event.type === 'FormSubmissionErased') return { ...state, erased: true };
    return state;
  },
};

/**
 * Erases the submissions older than their form's retention period (issue 16), by itself: at the
 * head of the log, now and then, each form's oldest submissions still readable are looked at,
 * and every one received before the form's period (in calendar months; none when the period is
 * null) gets its key destroyed, then FormSubmissionErased {reason: 'retention'} on its stream,
 * unless the stream already has one (an erasure by request meanwhile, or an earlier sweep that
 * stopped between the two steps: the key was already gone, the event is recorded now).
 * Appended at the revision read, by the system.
 */
export function formRetentionReactor(deps: FormRetentionDeps): Reactor {
  const name = reactorNames.formRetention;
  const store = deps.readModels;
  const clock = deps.clock ?? Date.now;
  const sweepEveryMs = deps.retentionSweepEveryMs ?? 60 * 60_000;
  let lastSweep = Number.NEGATIVE_INFINITY;

  async function erase(submissionId: string, at: number): Promise<void> {
    const stream = submissionStream(submissionId);
    // The key first: from here on nothing of the values can be read, whatever happens next.
    await deps.vault.forget(submissionOwner(submissionId));
    for (let attempt = 1; attempt <= 5; attempt++) {
      const events = await readStreamOf(deps.eventStore, stream);
      const state = fold(erasedEvolver, events);
      if (!state.exists || state.erased) return;
      const data: FormSubmissionErased['data'] = { submissionId, reason: 'retention' };
      const metadata = { actorId: 'system', correlationId: `retention-${submissionId}`, causationId: `retention-${submissionId}`, occurredAt: new Date(at).toISOString(), schemaVersion: currentSchemaVersion('FormSubmissionErased') };
      try {
        await deps.eventStore.append(stream, [{ id: randomUUID(), type: 'FormSubmissionErased', data, metadata }], events[events.length - 1]!.revision);
        return;
      } catch (error) {
        // Marked handled meanwhile: read again and record it after that.
        if (!(error instanceof ConflictError)) throw error;
      }
    }
    throw new Error(`submission ${submissionId} kept changing while its retention erasure was recorded`);
  }

  async function sweep(): Promise<void> {
    const now = clock();
    if (now - lastSweep < sweepEveryMs) return;
    // Erased submissions already recorded must be seen as such, or a sweep would erase them twice.
    const { position } = await store.getCheckpoint(name);
    if (!(await store.waitForCheckpoints([readModels.formSubmissions.projection], position, deps.waitMs ?? 2_000))) return;
    lastSweep = now;
    let more = false;
    for (const form of FORM_IDS) {
      const months = await retentionMonthsOf(store, form);
      if (months === null) continue;
      const cutoff = retentionCutoff(now, months);
      const oldest = await store.find<SubmissionDoc>(readModels.formSubmissions.collection, {
        where: { form, erasedAt: null },
        orderBy: { field: 'receivedAt', direction: 'asc' },
        limit: SWEEP_BATCH,
      });
      const due = oldest.filter((doc) => doc.receivedAt < cutoff);
      for (const doc of due) await erase(doc.id, now);
      if (due.length === SWEEP_BATCH) more = true;
    }
    // A full batch: there may be more due, so the next look comes at once.
    if (more) lastSweep = Number.NEGATIVE_INFINITY;
  }

  return {
    name,
    // Nothing happens on an event: only with time. It follows the log to know where it is.
    handles: [],
    reads: [readModels.formSubmissions.projection, readModels.formSettings.projection],
    async react() {},
    async atHead() {
      try {
        await sweep();
      } catch (error) {
        if (!(error instanceof CheckpointMovedError)) throw error;
      }
    },
  };
}
