import { expect } from 'chai';
import { ValidationError } from '../domain-errors';
import { parseInput } from '../input';
import { updateSettingsSchema } from './schemas';

const valid = {
  revision: 3,
  site: {
    siteName: '  Voorbeeld Onderzoek ',
    logo: { mediaId: '0193a0b2-logo' },
    contact: {
      streetAddress: 'Keizersgracht 1',
      postalCode: '1015 CJ',
      city: 'Amsterdam',
      country: 'Nederland',
      phone: '+31 (0)20 123 4567',
      email: 'Info@Voorbeeld.NL',
      chamberOfCommerceNumber: '12345678',
    },
    social: [
      { network: 'linkedin', url: 'https://www.linkedin.com/company/voorbeeld' },
      { network: 'mastodon', url: 'https://mastodon.social/@voorbeeld' },
    ],
    defaultSeoImage: null,
  },
  availableLocales: ['nl-nl', 'en-gb'],
  defaultLocale: 'nl-nl',
  customSlugLocales: ['en-gb'],
};

/** The catalogue items (code and property) a body is refused with; [] when it is taken. */
function refusals(body: unknown): string[] {
  try {
    parseInput(updateSettingsSchema, body, 'settings');
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.items.map((item) => `${item.code} ${item.property}`);
  }
}

const withSite = (site: Record<string, unknown>) => ({ ...valid, site: { ...valid.site, ...site } });
const withContact = (contact: Record<string, unknown>) => withSite({ contact: { ...valid.site.contact, ...contact } });

describe('the settings/update body', () => {
  it('takes the whole settings: the name trimmed, the e-mail address lower-cased, no confirmation by default', () => {
    const parsed = parseInput(updateSettingsSchema, valid, 'settings');
    expect(parsed.site.siteName).to.equal('Voorbeeld Onderzoek');
    expect(parsed.site.contact.email).to.equal('info@voorbeeld.nl');
    expect(parsed.confirmRemoveLocalesWithPages).to.equal(false);
    expect(parsed.site.social).to.have.length(2);
  });

  it('fills what a caller leaves out with empty details, no links and no images', () => {
    const parsed = parseInput(updateSettingsSchema, { revision: 0, site: { siteName: 'X' }, availableLocales: ['nl-nl'], defaultLocale: 'nl-nl' }, 'settings');
    expect(parsed.site).to.deep.equal({
      siteName: 'X',
      logo: null,
      defaultSeoImage: null,
      social: [],
      contact: { streetAddress: '', postalCode: '', city: '', country: '', phone: '', email: '', chamberOfCommerceNumber: '' },
    });
    expect(parsed.customSlugLocales).to.deep.equal([]);
  });

  it('reads a locale named twice as once', () => {
    expect(parseInput(updateSettingsSchema, { ...valid, availableLocales: ['nl-nl', 'en-gb', 'nl-nl'] }, 'settings').availableLocales).to.deep.equal(['nl-nl', 'en-gb']);
  });

  it('needs a revision, a site name and at least one locale', () => {
    expect(refusals({ ...valid, revision: undefined })).to.deep.equal(['V_01 revision']);
    expect(refusals(withSite({ siteName: '   ' }))).to.deep.equal(['V_01 site.siteName']);
    expect(refusals({ ...valid, availableLocales: [] })).to.deep.equal(['V_01 availableLocales']);
    expect(refusals({ ...valid, defaultLocale: undefined })).to.deep.equal(['V_01 defaultLocale']);
  });

  it('refuses a locale the product does not know', () => {
    expect(refusals({ ...valid, availableLocales: ['nl-nl', 'xx-xx'] })).to.deep.equal(['V_12 availableLocales[1]']);
    expect(refusals({ ...valid, defaultLocale: 'klingon' })).to.deep.equal(['V_12 defaultLocale']);
  });

  it('checks the e-mail address, the phone number and the registration number', () => {
    expect(refusals(withContact({ email: 'info@' }))).to.deep.equal(['V_02 site.contact.email']);
    expect(refusals(withContact({ phone: 'call us' }))).to.deep.equal(['V_12 site.contact.phone']);
    expect(refusals(withContact({ chamberOfCommerceNumber: '<script>' }))).to.deep.equal(['V_12 site.contact.chamberOfCommerceNumber']);
    expect(refusals(withContact({ city: 'x'.repeat(255) }))).to.deep.equal(['V_11 site.contact.city']);
    expect(refusals(withContact({ email: '', phone: '', chamberOfCommerceNumber: '' }))).to.deep.equal([]);
  });

  it('takes only https addresses for social links, of a known network', () => {
    const link = (network: string, url: string) => withSite({ social: [{ network, url }] });
    for (const url of ['http://www.linkedin.com/company/x', 'javascript:alert(1)', 'https://', '//evil.example', 'https://user@evil.example/x', 'https://localhost/x', 'www.linkedin.com']) {
      expect(refusals(link('linkedin', url)), url).to.deep.equal(['V_13 site.social[0].url']);
    }
    expect(refusals(link('myspace', 'https://myspace.com/x'))).to.deep.equal(['V_12 site.social[0].network']);
    expect(refusals(link('bluesky', 'https://bsky.app/profile/voorbeeld.nl'))).to.deep.equal([]);
    expect(refusals(withSite({ social: Array.from({ length: 21 }, () => ({ network: 'x', url: 'https://x.com/v' })) }))).to.deep.equal(['V_12 site.social']);
  });

  it('refuses an image named by anything but a library id, and unknown properties', () => {
    expect(refusals(withSite({ logo: { mediaId: '../etc' } }))).to.deep.equal(['V_12 site.logo.mediaId']);
    expect(refusals(withSite({ logo: 'logo.png' }))).to.deep.equal(['V_12 site.logo']);
    expect(refusals({ ...valid, siteName: 'top level' })).to.deep.equal(['V_12 siteName']);
  });
});
