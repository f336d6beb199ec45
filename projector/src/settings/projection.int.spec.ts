import { expect } from 'chai';
import { readModels, SETTINGS_DOC_ID } from '@pagelog/contracts/read-models';
import type { SettingsDoc } from '@pagelog/contracts/settings/site-settings';
import { minute, ProjectionBench } from '../media/library-projection-test-kit';
import { settingsProjection } from './projection';

const { collection } = readModels.settings;
const contact = { streetAddress: 'Oudegracht 1', postalCode: '3511 AA', city: 'Utrecht', country: 'Nederland', phone: '+31 30 123 4567', email: 'info@voorbeeld.nl', chamberOfCommerceNumber: '12345678' };

describe('the settings projection', () => {
  let bench: ProjectionBench;
  const settings = (type: string, data: Record<string, unknown>, at: number) => bench.append('settings', type, data, at);
  const doc = () => bench.get<SettingsDoc>(collection, SETTINGS_DOC_ID);

  beforeEach(async () => {
    bench = new ProjectionBench([settingsProjection]);
    await settings('SettingsInitialized', { availableLocales: ['nl-nl', 'en-gb'], defaultLocale: 'nl-nl', customSlugLocales: [] }, 0);
    await settings('SiteIdentityChanged', { siteName: 'Voorbeeld', logo: null }, 0);
  });
  afterEach(async () => {
    await bench.close();
  });

  it('starts from the seeded locales and site name, with no details, links or images', async () => {
    expect(await doc()).to.deep.equal({
      availableLocales: ['nl-nl', 'en-gb'],
      defaultLocale: 'nl-nl',
      customSlugLocales: [],
      site: { siteName: 'Voorbeeld', logo: null, contact: { streetAddress: '', postalCode: '', city: '', country: '', phone: '', email: '', chamberOfCommerceNumber: '' }, social: [], defaultSeoImage: null },
      revision: 2,
      updatedAt: minute(0),
    });
  });

  it('takes in each section from its own event and leaves the others as they were', async () => {
    await settings('SiteContactChanged', { contact }, 1);
    await settings('SiteSocialLinksChanged', { social: [{ network: 'linkedin', url: 'https://www.linkedin.com/company/voorbeeld' }] }, 2);
    await settings('SiteIdentityChanged', { siteName: 'Voorbeeld Onderzoek', logo: { mediaId: 'logo-1' } }, 3);
    await settings('SiteDefaultSeoImageChanged', { defaultSeoImage: { mediaId: 'seo-1' } }, 4);
    await settings('SiteLocalesChanged', { availableLocales: ['nl-nl'], defaultLocale: 'nl-nl', customSlugLocales: [], removedLocalesWithPages: [{ locale: 'en-gb', pages: 2 }] }, 5);
    expect(await doc()).to.deep.include({
      availableLocales: ['nl-nl'],
      defaultLocale: 'nl-nl',
      customSlugLocales: [],
      site: {
        siteName: 'Voorbeeld Onderzoek',
        logo: { mediaId: 'logo-1' },
        contact,
        social: [{ network: 'linkedin', url: 'https://www.linkedin.com/company/voorbeeld' }],
        defaultSeoImage: { mediaId: 'seo-1' },
      },
      revision: 7,
      updatedAt: minute(5),
    });
  });

  it('changes nothing when events are delivered again', async () => {
    await settings('SiteContactChanged', { contact }, 1);
    const before = await bench.snapshot();
    await bench.redeliver(bench.recorded);
    expect(await bench.snapshot()).to.deep.equal(before);
  });

  it('is rebuilt from the log to the same document', async () => {
    await settings('SiteContactChanged', { contact }, 1);
    await settings('SiteDefaultSeoImageChanged', { defaultSeoImage: { mediaId: 'seo-1' } }, 2);
    const before = await bench.snapshot();
    await bench.projector.rebuild(settingsProjection.name);
    expect(await bench.snapshot()).to.deep.equal(before);
  });
});
