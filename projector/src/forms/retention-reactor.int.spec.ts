import { expect } from 'chai';
import { submissionOwner, submissionStream } from '@pagelog/contracts/events/form-events';
import type { EventData } from '@pagelog/contracts/events/registry';
import type { SubmissionDoc } from '@pagelog/contracts/forms/submission-docs';
import { readModels } from '@pagelog/contracts/read-models';
import { SqliteKeyStore } from '@pagelog/storage/key-store/sqlite-key-store';
import { deriveKey, PersonalDataVault } from '@pagelog/storage/key-store/personal-data-vault';
import { Projector } from '../core/projector';
import type { Reactor } from '../core/reactor';
import { openTestLog, type TestLog } from '../core/test-log';
import { formRetentionReactor, retentionCutoff } from './retention-reactor';
import { formSettingsProjection } from './form-settings-projection';
import { submissionsProjection } from './submissions-projection';

const DAY = 24 * 60 * 60 * 1000;
const start = Date.UTC(2027, 5, 15);

async function until(check: () => Promise<boolean>, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${what}: not reached in time`);
}

/**
 * The form-retention reactor run by the real projector beside the submissions projection, on a
 * clock the spec moves: a submission goes once its form's period (form_settings, 12 months by
 * default, none with null) has passed, its key first, then FormSubmissionErased {retention}.
 */
describe('the form-retention reactor', () => {
  let log: TestLog;
  let vault: PersonalDataVault;
  let projector: Projector;
  let now = start;
  let seq = 0;
  let sweeps = 0;

  beforeEach(async () => {
    now = start;
    sweeps = 0;
    log = openTestLog('form-retention');
    vault = new PersonalDataVault({ keys: new SqliteKeyStore(log.db), masterKey: deriveKey('a-secret-of-at-least-thirty-two-characters', 'personal-data-keys') });
    const retention = formRetentionReactor({ eventStore: log.events, readModels: log.readModels, vault, retentionSweepEveryMs: 0, clock: () => now });
    const counted: Reactor = {
      ...retention,
      async atHead() {
        await retention.atHead!();
        sweeps += 1;
      },
    };
    projector = new Projector({ eventStore: log.events, readModels: log.readModels, projections: [submissionsProjection, formSettingsProjection], reactors: [counted], pollMs: 10, backoffMs: 10, maxBackoffMs: 20 });
    await projector.start();
  });
  afterEach(async () => {
    await projector.stop();
    await log.close();
  });

  async function submitted(form: 'informationRequest' | 'download', receivedAt: number): Promise<string> {
    seq += 1;
    const submissionId = `0190a000-0000-7000-8000-${String(seq).padStart(12, '0')}`;
    await vault.createKey(submissionOwner(submissionId));
    const data: EventData<'FormSubmitted'> = {
      submissionId,
      form,
      locale: 'nl-nl',
      pageId: null,
      submitterIndex: 'index',
      values: await vault.seal(submissionOwner(submissionId), { name: `Bezoeker ${seq}`, email: `b${seq}@example.nl` }),
      spam: { suspected: false, reasons: [] },
    };
    const metadata = { actorId: 'anonymous', correlationId: 'c', causationId: 'c', occurredAt: new Date(receivedAt).toISOString(), schemaVersion: 1 };
    await log.events.append(submissionStream(submissionId), [{ id: `0190b000-0000-7000-8000-${String(seq).padStart(12, '0')}`, type: 'FormSubmitted', data, metadata }], 0);
    return submissionId;
  }

  /** Moves the clock, and waits until the reactor has taken everything in and looked twice since. */
  async function at(ms: number): Promise<void> {
    now = ms;
    await projector.settle();
    const seen = sweeps;
    await until(async () => sweeps >= seen + 2, 'two looks at the head of the log');
  }

  const doc = (id: string) => log.readModels.get<SubmissionDoc>(readModels.formSubmissions.collection, id);
  const types = async (id: string) => (await log.events.readStream(submissionStream(id))).map((e) => e.type);

  it('counts the period in calendar months', () => {
    expect(retentionCutoff(Date.UTC(2027, 2, 31, 12), 1)).to.equal('2027-03-03T12:00:00.000Z');
    expect(retentionCutoff(Date.UTC(2027, 5, 15), 12)).to.equal('2026-06-15T00:00:00.000Z');
  });

  it('erases a submission older than 12 months when its form has no settings, and keeps a younger one', async () => {
    const old = await submitted('informationRequest', start - 400 * DAY);
    const young = await submitted('informationRequest', start - 300 * DAY);
    await at(start);
    expect(await types(old)).to.deep.equal(['FormSubmitted', 'FormSubmissionErased']);
    const erased = (await log.events.readStream(submissionStream(old)))[1]!;
    expect(erased.data).to.deep.equal({ submissionId: old, reason: 'retention' });
    expect(erased.metadata.actorId).to.equal('system');
    expect(await doc(old)).to.deep.include({ values: '', erasedBy: 'retention' });
    expect(await types(young)).to.deep.equal(['FormSubmitted']);
    expect(await vault.open(submissionOwner(young), (await doc(young))!.values)).to.deep.include({ name: 'Bezoeker 2' });

    // Time passes: the younger one's period runs out too, and the erased one gets no second event.
    await at(start + 70 * DAY);
    expect(await types(young)).to.deep.equal(['FormSubmitted', 'FormSubmissionErased']);
    expect(await types(old)).to.deep.equal(['FormSubmitted', 'FormSubmissionErased']);
  });

  it("follows the form's own period, and keeps everything of a form whose period is none (null)", async () => {
    await log.readModels.commit('form-settings-fixture', 1, async (uow) => {
      uow.put('form_settings', 'informationRequest', { id: 'informationRequest', retentionMonths: 1 });
      uow.put('form_settings', 'download', { id: 'download', retentionMonths: null });
    });
    const month = await submitted('informationRequest', start - 40 * DAY);
    const kept = await submitted('download', start - 4000 * DAY);
    await at(start);
    expect(await types(month)).to.deep.equal(['FormSubmitted', 'FormSubmissionErased']);
    expect(await types(kept)).to.deep.equal(['FormSubmitted']);
  });

  it('records the erasure of a submission whose key an earlier sweep destroyed before it stopped', async () => {
    const old = await submitted('informationRequest', start - 800 * DAY);
    await vault.forget(submissionOwner(old));
    await at(start);
    expect(await types(old)).to.deep.equal(['FormSubmitted', 'FormSubmissionErased']);
  });
});
