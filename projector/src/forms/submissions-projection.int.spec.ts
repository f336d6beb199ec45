import { expect } from 'chai';
import type { FormSubmissionEvent } from '@pagelog/contracts/events/form-events';
import type { SubmissionDoc } from '@pagelog/contracts/forms/submission-docs';
import { readModels } from '@pagelog/contracts/read-models';
import { Projector } from '../core/projector';
import { openTestLog, type TestLog } from '../core/test-log';
import { submissionsProjection } from './submissions-projection';

let seq = 0;
const event = (e: FormSubmissionEvent) => ({
  id: `00000000-0000-7000-8000-${String(++seq).padStart(12, '0')}`,
  type: e.type,
  data: e.data,
  metadata: { actorId: 'anonymous', correlationId: 'c', causationId: 'c', occurredAt: `2026-12-01T10:00:0${seq % 10}.000Z`, schemaVersion: 1 },
});
const submitted = (submissionId: string, suspected = false): FormSubmissionEvent => ({
  type: 'FormSubmitted',
  data: { submissionId, form: 'quoteRequest', locale: 'nl-nl', pageId: 'p1', submitterIndex: 'i1', values: 'v1.sealed', spam: { suspected, reasons: suspected ? ['honeypot'] : [] } },
});

describe('the form-submissions projection', () => {
  let log: TestLog;
  beforeEach(() => {
    log = openTestLog('forms');
  });
  afterEach(async () => {
    await log.close();
  });

  const project = async () => new Projector({ eventStore: log.events, readModels: log.readModels, projections: [submissionsProjection] }).catchUp();
  const doc = (id: string) => log.readModels.get<SubmissionDoc>(readModels.formSubmissions.collection, id);

  it('keeps each submission with its values sealed and its status: new, handled, or spam while suspected and not cleared', async () => {
    await log.events.append('form-submission-s1', [event(submitted('s1'))], 0);
    await log.events.append('form-submission-s2', [event(submitted('s2', true))], 0);
    await project();
    expect(await doc('s1')).to.include({ form: 'quoteRequest', locale: 'nl-nl', pageId: 'p1', values: 'v1.sealed', status: 'new', handled: false, suspected: false });
    expect(await doc('s2')).to.include({ status: 'spam', suspected: true, reviewedSpam: null });
    expect((await doc('s2'))!.reasons).to.deep.equal(['honeypot']);

    await log.events.append('form-submission-s1', [event({ type: 'FormSubmissionHandled', data: { submissionId: 's1', handled: true } })], 1);
    await log.events.append('form-submission-s2', [event({ type: 'FormSubmissionSpamReviewed', data: { submissionId: 's2', spam: false } })], 1);
    await project();
    expect(await doc('s1')).to.include({ status: 'handled', handled: true });
    expect(await doc('s2')).to.include({ status: 'new', reviewedSpam: false });
    const found = await log.readModels.find<SubmissionDoc>(readModels.formSubmissions.collection, { where: { status: 'new' } });
    expect(found.map((d) => d.id)).to.deep.equal(['s2']);
  });
});
