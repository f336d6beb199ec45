import { expect } from 'chai';
import type { FormSettingsDoc } from '@pagelog/contracts/forms/form-settings';
import { readModels } from '@pagelog/contracts/read-models';
import { minute, ProjectionBench } from '../media/library-projection-test-kit';
import { formSettingsProjection } from './form-settings-projection';

const { collection } = readModels.formSettings;
const dutch = { intro: 'Stel uw vraag.', thankYou: 'Dank u wel.', recipients: ['info@voorbeeld.nl'], confirmationMail: true };

describe('the form-settings projection', () => {
  let bench: ProjectionBench;
  const append = (form: string, type: string, data: Record<string, unknown>, at: number) => bench.append(`form-settings-${form}`, type, { form, ...data }, at);
  const doc = (form: string) => bench.get<FormSettingsDoc>(collection, form);

  beforeEach(() => {
    bench = new ProjectionBench([formSettingsProjection]);
  });
  afterEach(async () => {
    await bench.close();
  });

  it('keeps a document per form with each locale as its latest event left it, and the default retention until one is set', async () => {
    await append('informationRequest', 'FormSettingsChanged', { locale: 'nl-nl', ...dutch }, 1);
    await append('download', 'FormRetentionChanged', { retentionMonths: null }, 2);
    expect(await doc('informationRequest')).to.deep.equal({ id: 'informationRequest', retentionMonths: 12, locales: { 'nl-nl': dutch }, revision: 1, updatedAt: minute(1) });
    expect(await doc('download')).to.deep.include({ id: 'download', retentionMonths: null, locales: {} });
    expect(await doc('quoteRequest')).to.equal(null);
  });

  it('takes in a later change of one locale and leaves the others as they were', async () => {
    await append('informationRequest', 'FormSettingsChanged', { locale: 'nl-nl', ...dutch }, 1);
    await append('informationRequest', 'FormSettingsChanged', { locale: 'en-gb', intro: '', thankYou: 'Thanks.', recipients: [], confirmationMail: false }, 2);
    await append('informationRequest', 'FormSettingsChanged', { locale: 'nl-nl', ...dutch, recipients: [] }, 3);
    await append('informationRequest', 'FormRetentionChanged', { retentionMonths: 6 }, 4);
    expect(await doc('informationRequest')).to.deep.equal({
      id: 'informationRequest',
      retentionMonths: 6,
      locales: { 'nl-nl': { ...dutch, recipients: [] }, 'en-gb': { intro: '', thankYou: 'Thanks.', recipients: [], confirmationMail: false } },
      revision: 4,
      updatedAt: minute(4),
    });
  });

  it('changes nothing when events are delivered again, and is rebuilt to the same documents', async () => {
    await append('informationRequest', 'FormSettingsChanged', { locale: 'nl-nl', ...dutch }, 1);
    await append('informationRequest', 'FormRetentionChanged', { retentionMonths: 24 }, 2);
    const before = await bench.snapshot();
    await bench.redeliver(bench.recorded);
    expect(await bench.snapshot()).to.deep.equal(before);
    await bench.projector.rebuild(formSettingsProjection.name);
    expect(await bench.snapshot()).to.deep.equal(before);
  });
});
