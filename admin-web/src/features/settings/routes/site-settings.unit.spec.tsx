import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import type { EndpointName } from '@pagelog/contracts/endpoints';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { emptyContact, localeWithPagesError, type EditableSettings } from '@pagelog/contracts/settings/site-settings';
import type { Answer, FakeServer } from '../../../testing/fake-server';
import { aFolder, aListing, anItem, mediaServer } from '../../../testing/media';
import { renderAdmin } from '../../../testing/render';
import { failure, success } from '../../../testing/replies';
import { aUser } from '../../../testing/users';

const logoItem = anItem({ id: 'logo-1', path: '/brand', fileName: 'logo.png', width: 400, height: 120 });
const mark = anItem({ id: 'mark-1', path: '/brand', fileName: 'mark.svg', kind: 'svg', contentType: 'image/svg+xml', width: null, height: null });
const photo = anItem({ id: 'photo-1', path: '/brand', fileName: 'team.jpg' });

function saved(overrides: Partial<EditableSettings> = {}): EditableSettings {
  return {
    revision: 7,
    availableLocales: ['nl-nl', 'en-gb'],
    defaultLocale: 'nl-nl',
    customSlugLocales: [],
    site: {
      siteName: 'Voorbeeld Onderzoek',
      logo: { mediaId: 'logo-1' },
      contact: { ...emptyContact, city: 'Utrecht', email: 'info@voorbeeld.nl' },
      social: [
        { network: 'linkedin', url: 'https://www.linkedin.com/company/voorbeeld' },
        { network: 'x', url: 'https://x.com/voorbeeld' },
      ],
      defaultSeoImage: null,
    },
    images: { logo: { mediaId: 'logo-1', available: true, fileName: 'logo.png', kind: 'image', width: 400, height: 120 }, defaultSeoImage: null },
    pagesPerLocale: { 'en-gb': 3, 'nl-nl': 12, 'de-de': 0, 'fr-fr': 0, en: 0, nl: 0, de: 0, fr: 0 },
    ...overrides,
  };
}

/** The screen over a server that answers `settings` to settings/edit and has a small media library. */
async function openSettings(settings = saved(), answers: Partial<Record<EndpointName, Answer>> = {}, signedIn = aUser()) {
  const server = mediaServer({ '/': aListing('/', [aFolder('/brand')]), '/brand': aListing('/brand', [logoItem, mark, photo]) }, { settingsEdit: success(settings), ...answers });
  const view = renderAdmin('/site-settings', { server, signedIn });
  if (signedIn.role?.permissions.some((p) => p.name === 'manage-settings')) await screen.findByRole('group', { name: 'Identity' });
  return { ...view, server };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name });
const shownErrors = () => within(screen.getByRole('alert')).getAllByRole('listitem').map((item) => item.textContent);
const available = (name: string) => within(screen.getByRole('group', { name: 'Available locales' })).getByRole('checkbox', { name }) as HTMLInputElement;
const customSlug = (name: string) => within(screen.getByRole('group', { name: 'Custom slug locales' })).getByRole('checkbox', { name }) as HTMLInputElement;
const sent = (server: FakeServer) => server.callsOf('settingsUpdate').map((call) => call.body as Record<string, any>);
const savedReply = (revision = 8) => success({ revision, changed: ['identity'], position: 200 });

describe('the site settings screen', () => {
  const consoleError = console.error;
  beforeEach(() => {
    console.error = () => {};
  });
  afterEach(() => {
    console.error = consoleError;
  });

  it('shows the saved settings in their sections, each locale with its pages', async () => {
    await openSettings();
    expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Site settings');
    expect(field('Site name').value).to.equal('Voorbeeld Onderzoek');
    expect(within(screen.getByRole('group', { name: 'Logo' })).getByText('logo.png')).to.exist;
    expect(within(screen.getByRole('group', { name: 'Logo' })).getByText('400 × 120')).to.exist;
    expect(field('City').value).to.equal('Utrecht');
    expect(field('Email').value).to.equal('info@voorbeeld.nl');
    expect(field('Address of link 1').value).to.equal('https://www.linkedin.com/company/voorbeeld');
    expect((screen.getByLabelText('Network of link 2') as HTMLSelectElement).value).to.equal('x');
    expect(within(screen.getByRole('group', { name: 'Default SEO image' })).getByText('No image chosen.')).to.exist;
    const english = available('English (United Kingdom) (en-gb)');
    expect(english.checked).to.equal(true);
    expect(available('German (Germany) (de-de)')).to.have.property('checked', false);
    expect(document.getElementById(english.getAttribute('aria-describedby')!)!.textContent).to.equal('3 pages');
    expect((screen.getByLabelText('Default locale') as HTMLSelectElement).value).to.equal('nl-nl');
  });

  it('keeps the default locale offered: its box cannot be unchecked until another is the default', async () => {
    const { user } = await openSettings();
    expect(available('Dutch (Netherlands) (nl-nl)')).to.have.property('disabled', true);
    await user.selectOptions(screen.getByLabelText('Default locale'), 'en-gb');
    expect(available('Dutch (Netherlands) (nl-nl)')).to.have.property('disabled', false);
    expect(available('English (United Kingdom) (en-gb)')).to.have.property('disabled', true);
  });

  it('saves every section with the revision it started from, and says so', async () => {
    const { user, server } = await openSettings(saved(), { settingsUpdate: savedReply() });
    await user.clear(field('Site name'));
    await user.type(field('Site name'), 'Voorbeeld Onderzoek & Advies');
    await user.type(field('Phone'), '+31 30 123 4567');
    await user.click(button('Add a social link'));
    await user.type(field('Address of link 3'), 'https://bsky.app/profile/voorbeeld.nl');
    await user.selectOptions(screen.getByLabelText('Network of link 3'), 'bluesky');
    await user.click(button('Move link 3 up'));
    await user.click(button('Remove link 1'));
    await user.click(available('German (Germany) (de-de)'));
    await user.click(customSlug('English (United Kingdom) (en-gb)'));
    await user.click(button('Save'));

    expect(await screen.findByText('The site settings are saved; the site shows them now.')).to.exist;
    expect(sent(server)).to.deep.equal([
      {
        revision: 7,
        site: {
          siteName: 'Voorbeeld Onderzoek & Advies',
          logo: { mediaId: 'logo-1' },
          contact: { ...emptyContact, city: 'Utrecht', email: 'info@voorbeeld.nl', phone: '+31 30 123 4567' },
          social: [
            { network: 'bluesky', url: 'https://bsky.app/profile/voorbeeld.nl' },
            { network: 'x', url: 'https://x.com/voorbeeld' },
          ],
          defaultSeoImage: null,
        },
        availableLocales: ['nl-nl', 'en-gb', 'de-de'],
        defaultLocale: 'nl-nl',
        customSlugLocales: ['en-gb'],
        confirmRemoveLocalesWithPages: false,
      },
    ]);
    // The next save names the revision the first one answered.
    await user.type(field('Country'), 'Nederland');
    await user.click(button('Save'));
    await waitFor(() => expect(sent(server)).to.have.length(2));
    expect(sent(server)[1]!.revision).to.equal(8);
  });

  it('says what the contract refuses before sending anything, marking the fields', async () => {
    const { user, server } = await openSettings();
    await user.clear(field('Email'));
    await user.type(field('Email'), 'info@');
    await user.clear(field('Site name'));
    await user.click(button('Save'));
    expect(shownErrors()).to.have.members(['The Site name field is required.', 'The Email field must contain a valid email address.']);
    expect(field('Email').getAttribute('aria-invalid')).to.equal('true');
    expect(field('Site name').getAttribute('aria-invalid')).to.equal('true');
    expect(sent(server)).to.deep.equal([]);
  });

  it('shows the server\'s errors and keeps what was typed when a save fails', async () => {
    const { user, server } = await openSettings(saved(), { settingsUpdate: failure(400, errorItem('V_13', 'site.social[1].url', 'settings')) });
    await user.clear(field('Address of link 2'));
    await user.type(field('Address of link 2'), 'https://x.com/ander');
    await user.click(button('Save'));
    expect(await screen.findByText('Not a valid URL.')).to.exist;
    expect(field('Address of link 2').value).to.equal('https://x.com/ander');
    expect(field('Address of link 2').getAttribute('aria-invalid')).to.equal('true');
    expect(field('Address of link 1').getAttribute('aria-invalid')).to.equal(null);
    expect(sent(server)).to.have.length(1);
  });

  it('on a save someone else got in before, keeps the input and offers the latest settings', async () => {
    const theirs = saved({ revision: 9, site: { ...saved().site, siteName: 'Hun naam' } });
    const { user, server } = await openSettings(saved(), { settingsUpdate: failure(409, errorItem('V_07', 'revision', 'settings')) });
    server.answer('settingsEdit', success(theirs));
    await user.clear(field('Site name'));
    await user.type(field('Site name'), 'Mijn naam');
    await user.click(button('Save'));
    expect(await screen.findByText(/Someone else saved the site settings since you opened them/)).to.exist;
    expect(field('Site name').value).to.equal('Mijn naam');
    await user.click(button('Load the latest settings'));
    await waitFor(() => expect(field('Site name').value).to.equal('Hun naam'));
    expect(screen.queryByText(/Someone else saved/)).to.equal(null);
  });

  describe('taking a locale with pages away', () => {
    it('asks first, naming the pages; nothing is sent until it is confirmed', async () => {
      const { user, server } = await openSettings(saved(), { settingsUpdate: savedReply() });
      await user.click(available('English (United Kingdom) (en-gb)'));
      await user.click(button('Save'));
      const dialog = within(await screen.findByRole('dialog', { name: 'Remove a locale that has pages?' }));
      expect(dialog.getByText('English (United Kingdom) (en-gb): 3 pages')).to.exist;
      await user.click(dialog.getByRole('button', { name: 'Keep them' }));
      expect(screen.queryByRole('dialog')).to.equal(null);
      expect(sent(server)).to.deep.equal([]);

      await user.click(button('Save'));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove the locale and save' }));
      await screen.findByText('The site settings are saved; the site shows them now.');
      expect(sent(server).map((body) => [body.availableLocales, body.confirmRemoveLocalesWithPages])).to.deep.equal([[['nl-nl'], true]]);
    });

    it('asks when the server found pages the screen had not counted yet', async () => {
      const { user, server } = await openSettings(saved({ pagesPerLocale: { ...saved().pagesPerLocale, 'en-gb': 0 } }), {
        settingsUpdate: failure(400, localeWithPagesError({ locale: 'en-gb', pages: 2 })),
      });
      // What settings/edit answers from now on: the page someone wrote in en-gb since the screen opened.
      server.answer('settingsEdit', success(saved({ pagesPerLocale: { ...saved().pagesPerLocale, 'en-gb': 2 } })));
      await user.click(available('English (United Kingdom) (en-gb)'));
      await user.click(button('Save'));
      const dialog = within(await screen.findByRole('dialog', { name: 'Remove a locale that has pages?' }));
      expect(dialog.getByText('English (United Kingdom) (en-gb): 2 pages')).to.exist;
      expect(sent(server)).to.have.length(1);
    });
  });

  describe('the images', () => {
    it('takes a logo from the media library', async () => {
      const { user, server } = await openSettings(saved(), { settingsUpdate: savedReply() });
      await user.click(button('Choose another image as the logo'));
      const picker = within(await screen.findByRole('dialog', { name: 'Choose the logo' }));
      await user.click(await picker.findByRole('button', { name: 'Open folder brand' }));
      await user.click(await picker.findByRole('button', { name: 'mark.svg' }));
      await user.click(picker.getByRole('button', { name: 'Choose' }));
      expect(within(screen.getByRole('group', { name: 'Logo' })).getByText('mark.svg')).to.exist;
      await user.click(button('Save'));
      await waitFor(() => expect(sent(server)).to.have.length(1));
      expect(sent(server)[0]!.site.logo).to.deep.equal({ mediaId: 'mark-1' });
    });

    it('refuses an SVG as the default SEO image, saying why, and keeps the image it had', async () => {
      const { user } = await openSettings();
      await user.click(button('Choose the default SEO image'));
      const picker = within(await screen.findByRole('dialog', { name: 'Choose the default SEO image' }));
      await user.click(await picker.findByRole('button', { name: 'Open folder brand' }));
      await user.click(await picker.findByRole('button', { name: 'mark.svg' }));
      await user.click(picker.getByRole('button', { name: 'Choose' }));
      expect(shownErrors()).to.deep.equal(['The Default SEO image is not valid.']);
      expect(within(screen.getByRole('group', { name: 'Default SEO image' })).getByText('No image chosen.')).to.exist;
    });

    it('says when the logo\'s file left the library, and lets it be removed', async () => {
      const gone = saved({ images: { logo: { mediaId: 'logo-1', available: false, fileName: null, kind: null, width: null, height: null }, defaultSeoImage: null } });
      const { user, server } = await openSettings(gone, { settingsUpdate: savedReply() });
      expect(screen.getByText(/The file logo-1 is no longer in the media library/)).to.exist;
      await user.click(button('Remove the logo'));
      expect(within(screen.getByRole('group', { name: 'Logo' })).getByText('No image chosen.')).to.exist;
      await user.click(button('Save'));
      await waitFor(() => expect(sent(server)).to.have.length(1));
      expect(sent(server)[0]!.site.logo).to.equal(null);
    });
  });

  it('tells a user without manage-settings they are not authorised, and reads nothing', async () => {
    const { server } = await openSettings(saved(), {}, aUser({ ID: 'user-2' }, ['edit-page', 'manage-users']));
    expect(screen.getByText('You are not authorized to do this action.')).to.exist;
    expect(screen.queryByRole('group', { name: 'Identity' })).to.equal(null);
    expect(server.callsOf('settingsEdit')).to.deep.equal([]);
  });
});
