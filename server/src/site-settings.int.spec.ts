import { expect } from 'chai';
import sharp from 'sharp';
import { MIN_POSITION_HEADER } from '@pagelog/contracts/envelope';
import { ApiClient, type ApiReply } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';

interface LibraryItem {
  id: string;
  hash: string;
  fileName: string;
}

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="10"><rect width="40" height="10" fill="#124"/></svg>');
const noContact = { streetAddress: '', postalCode: '', city: '', country: '', phone: '', email: '', chamberOfCommerceNumber: '' };
const contact = {
  streetAddress: 'Oudegracht 1',
  postalCode: '3511 AA',
  city: 'Utrecht',
  country: 'Nederland',
  phone: '+31 30 123 4567',
  email: 'info@voorbeeld.nl',
  chamberOfCommerceNumber: '12345678',
};
const social = [
  { network: 'linkedin', url: 'https://www.linkedin.com/company/voorbeeld' },
  { network: 'bluesky', url: 'https://bsky.app/profile/voorbeeld.nl' },
];
const errorsOf = (reply: ApiReply) => reply.body.Errors.map((e: { code: string; property: string }) => `${e.code} ${e.property}`);

/**
 * The site settings through HTTP (issue 13): the administrator's screen reads them
 * (settings/edit) and saves them (settings/update), the public site reads them (settings/get)
 * and shows their logo and default SEO image to anyone (settings/image).
 */
for (const kind of storeKinds()) {
  describe(`the site settings through HTTP (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let visitor: ApiClient;
    const library: Record<string, LibraryItem> = {};

    async function ok(reply: Promise<ApiReply>): Promise<ApiReply> {
      const answer = await reply;
      expect(answer.status, JSON.stringify(answer.body.Errors)).to.equal(200);
      return answer;
    }
    async function upload(name: string, bytes: Buffer, defaultAltText = '') {
      const form = new FormData();
      form.append('path', '/');
      form.append('defaultAltText', defaultAltText);
      form.append('f', new Blob([new Uint8Array(bytes)]), name);
      library[name] = (await ok(admin.post('/medialib/add-file', form))).body.data.item;
    }
    const editable = async () => (await ok(admin.get('/settings/edit'))).body.data;
    /** The settings as the screen would save them: what settings/edit answered, with `change` over it. */
    async function save(change: (body: Record<string, any>) => void = () => {}, who = admin) {
      const current = await editable();
      const body: Record<string, any> = {
        revision: current.revision,
        site: structuredClone(current.site),
        availableLocales: current.availableLocales,
        defaultLocale: current.defaultLocale,
        customSlugLocales: current.customSlugLocales,
      };
      change(body);
      return who.post('/settings/update', body);
    }
    /** A public read by someone with no session, after the admin's last write. */
    const publicGet = (path: string) => fetch(`${app.url}${path}`, { headers: { [MIN_POSITION_HEADER]: String(admin.lastPosition) } });

    before(async () => {
      app = await startTestPagelog(kind, { extraEnv: { PAGELOG_SITE_NAME: 'Voorbeeld Onderzoek' } });
      admin = await ApiClient.loggedIn(app.url);
      visitor = new ApiClient(app.url);
      await upload('logo.jpg', await sharp({ create: { width: 64, height: 32, channels: 3, background: { r: 10, g: 40, b: 90 } } }).jpeg().toBuffer(), 'Voorbeeld Onderzoek');
      await upload('delen.png', await sharp({ create: { width: 40, height: 21, channels: 3, background: { r: 200, g: 90, b: 20 } } }).png().toBuffer());
      await upload('jaarverslag.pdf', pdf);
      await upload('beeldmerk.svg', svg);
    });
    after(async () => {
      await app?.stop();
    });

    describe('on a new store', () => {
      it('answers the seeded locales and the configured site name to anyone, with no details, links or images yet', async () => {
        const reply = await ok(visitor.get('/settings/get'));
        expect(reply.body.data).to.deep.equal({
          availableLocales: ['nl-nl', 'en-gb'],
          defaultLocale: 'nl-nl',
          customSlugLocales: [],
          site: { name: 'Voorbeeld Onderzoek', logo: null, contact: noContact, social: [], defaultSeoImage: null },
        });
      });

      it('answers the administrator the settings to edit, with their revision and the pages of each locale', async () => {
        const data = await editable();
        expect(data.revision).to.be.a('number').greaterThan(0);
        expect(data.site).to.deep.equal({ siteName: 'Voorbeeld Onderzoek', logo: null, contact: noContact, social: [], defaultSeoImage: null });
        expect(data.images).to.deep.equal({ logo: null, defaultSeoImage: null });
        expect(data.pagesPerLocale).to.include({ 'nl-nl': 0, 'en-gb': 0, 'de-de': 0 });
      });
    });

    describe('POST /settings/update', () => {
      it('stores every section and answers the sections it changed; the public site reads them back', async () => {
        const saved = await ok(
          save((body) => {
            body.site = { siteName: 'Voorbeeld Onderzoek & Advies', logo: { mediaId: library['logo.jpg']!.id }, contact, social, defaultSeoImage: { mediaId: library['delen.png']!.id } };
            body.customSlugLocales = ['en-gb'];
          }),
        );
        expect(saved.body.data.changed).to.deep.equal(['identity', 'contact', 'social', 'defaultSeoImage', 'locales']);
        expect(saved.headers.get('x-pagelog-position')).to.equal(String(saved.body.data.position));

        const data = await editable();
        expect(data.revision).to.equal(saved.body.data.revision);
        expect(data.site.contact).to.deep.equal(contact);
        expect(data.customSlugLocales).to.deep.equal(['en-gb']);
        expect(data.images.logo).to.deep.equal({ mediaId: library['logo.jpg']!.id, available: true, fileName: 'logo.jpg', kind: 'image', width: 64, height: 32 });

        const site = (await publicGet('/api/cms/settings/get').then((r) => r.json())).data.site;
        const { hash } = library['logo.jpg']!;
        expect(site).to.deep.equal({
          name: 'Voorbeeld Onderzoek & Advies',
          logo: { url: `/api/cms/settings/image/logo/${hash}/logo.jpg`, width: 64, height: 32, alt: 'Voorbeeld Onderzoek' },
          contact,
          social,
          defaultSeoImage: { url: `/api/cms/settings/image/seo_image/${library['delen.png']!.hash}/delen.png`, width: 40, height: 21 },
        });

        // Where-used names the settings' use of each image beside the pages (none use them).
        const whereUsed = async (fileID: string, at = '') => (await admin.post('/medialib/list-pages-by-file', { fileID, at })).body.data;
        expect(await whereUsed(library['logo.jpg']!.id)).to.deep.equal({ items: [], totalItems: 0, settingsUses: ['logo'] });
        expect((await whereUsed(library['delen.png']!.id)).settingsUses).to.deep.equal(['seo_image']);
        // As of a past moment it answers pages only.
        expect((await whereUsed(library['logo.jpg']!.id, new Date().toISOString())).settingsUses).to.deep.equal([]);
      });

      it('records nothing when nothing changed', async () => {
        const before = await editable();
        const again = await ok(save());
        expect(again.body.data).to.include({ revision: before.revision });
        expect(again.body.data.changed).to.deep.equal([]);
      });

      it('answers 409 with the current revision for a save based on an older one, and keeps the newer settings', async () => {
        const { revision } = await editable();
        await ok(save((body) => (body.site.contact.phone = '+31 30 999 0000')));
        const stale = await save((body) => {
          body.revision = revision;
          body.site.siteName = 'Verloren wijziging';
        });
        expect(stale.status).to.equal(409);
        expect(errorsOf(stale)).to.deep.equal(['V_07 revision']);
        expect(stale.body.data.currentRevision).to.equal(revision + 1);
        expect(stale.body.data.current.site.contact.phone).to.equal('+31 30 999 0000');
        expect((await editable()).site.siteName).to.equal('Voorbeeld Onderzoek & Advies');
      });

      it('refuses bad input with the catalogue\'s errors, each naming its property', async () => {
        const refused = await save((body) => {
          body.site.siteName = '';
          body.site.contact.email = 'info@';
          body.site.social = [{ network: 'linkedin', url: 'http://www.linkedin.com/company/voorbeeld' }];
          body.availableLocales = ['nl-nl', 'xx-xx'];
        });
        expect(refused.status).to.equal(400);
        expect(errorsOf(refused)).to.have.members(['V_01 site.siteName', 'V_02 site.contact.email', 'V_13 site.social[0].url', 'V_12 availableLocales[1]']);
        expect(refused.body.Errors.find((e: { code: string }) => e.code === 'V_02')?.message).to.equal('The Email field must contain a valid email address.');

        const rules = await save((body) => {
          body.defaultLocale = 'de-de';
          body.customSlugLocales = ['fr-fr'];
        });
        expect(rules.status).to.equal(400);
        expect(errorsOf(rules)).to.have.members(['V_12 defaultLocale', 'V_12 customSlugLocales']);
        expect(rules.body.Errors.map((e: { message: string }) => e.message)).to.include('The Default locale is not valid.');
      });

      it('refuses a logo that is not an image of the library, and an SVG as the default SEO image', async () => {
        for (const mediaId of [library['jaarverslag.pdf']!.id, '0193aaaa-not-an-item']) {
          const refused = await save((body) => (body.site.logo = { mediaId }));
          expect(refused.status, mediaId).to.equal(400);
          expect(errorsOf(refused)).to.deep.equal(['V_12 site.logo']);
          expect(refused.body.Errors[0].message).to.equal('The Logo is not valid.');
        }
        const seo = await save((body) => (body.site.defaultSeoImage = { mediaId: library['beeldmerk.svg']!.id }));
        expect(errorsOf(seo)).to.deep.equal(['V_12 site.defaultSeoImage']);
        // An SVG is a fine logo.
        await ok(save((body) => (body.site.logo = { mediaId: library['beeldmerk.svg']!.id })));
        const site = (await publicGet('/api/cms/settings/get').then((r) => r.json())).data.site;
        expect(site.logo).to.include({ url: `/api/cms/settings/image/logo/${library['beeldmerk.svg']!.hash}/beeldmerk.svg`, alt: 'Voorbeeld Onderzoek & Advies' });
        await ok(save((body) => (body.site.logo = { mediaId: library['logo.jpg']!.id })));
      });
    });

    describe('taking a locale away', () => {
      before(async () => {
        await ok(admin.post('/page/create', { title: 'About us', slug: 'about-us', type: 'base', locale: 'en-gb', content: '', typeData: {} }));
      });

      it('refuses while pages are written in it, naming how many, until the removal is confirmed', async () => {
        expect((await editable()).pagesPerLocale['en-gb']).to.equal(1);
        const refused = await save((body) => {
          body.availableLocales = ['nl-nl'];
          body.customSlugLocales = [];
        });
        expect(refused.status).to.equal(400);
        expect(refused.body.Errors).to.deep.equal([
          { code: 'SE_01', property: 'availableLocales', model: 'settings', message: '1 page is still written in en-gb: confirm the removal to take the locale off the site anyway.' },
        ]);
        expect((await editable()).availableLocales).to.deep.equal(['nl-nl', 'en-gb']);

        await ok(
          save((body) => {
            body.availableLocales = ['nl-nl'];
            body.customSlugLocales = [];
            body.confirmRemoveLocalesWithPages = true;
          }),
        );
        expect((await publicGet('/api/cms/settings/get').then((r) => r.json())).data).to.include({ defaultLocale: 'nl-nl' }).and.have.property('availableLocales').that.deep.equals(['nl-nl']);
        // A page can no longer be made in a locale the site does not offer.
        const page = await admin.post('/page/create', { title: 'Contact', slug: 'contact', type: 'base', locale: 'en-gb', content: '', typeData: {} });
        expect(errorsOf(page)).to.deep.equal(['V_12 locale']);
      });

      it('adds a locale back, or a new one, without asking', async () => {
        await ok(save((body) => (body.availableLocales = ['nl-nl', 'en-gb', 'de-de'])));
        expect((await editable()).availableLocales).to.deep.equal(['nl-nl', 'en-gb', 'de-de']);
        // de-de has no pages: it goes again without a confirmation.
        await ok(save((body) => (body.availableLocales = ['nl-nl', 'en-gb'])));
      });
    });

    describe('GET /settings/image/{group}/{hash}/{fileName}', () => {
      it('serves the logo and the default SEO image to anyone, for good, with renditions', async () => {
        const logo = library['logo.jpg']!;
        const response = await publicGet(`/api/cms/settings/image/logo/${logo.hash}/logo.jpg`);
        expect(response.status).to.equal(200);
        expect(response.headers.get('content-type')).to.equal('image/jpeg');
        expect(response.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
        expect(response.headers.get('set-cookie')).to.equal(null);
        expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).to.equal(64);

        const webp = await publicGet(`/api/cms/settings/image/logo/${logo.hash}/logo.jpg?fm=webp`);
        expect(webp.status).to.equal(200);
        expect(webp.headers.get('content-type')).to.equal('image/webp');

        const seo = library['delen.png']!;
        const cropped = await publicGet(`/api/cms/settings/image/seo_image/${seo.hash}/delen.png?ar=1`);
        expect(cropped.status).to.equal(200);
        expect(cropped.headers.get('cache-control')).to.equal('public, max-age=300');
        const shape = await sharp(Buffer.from(await cropped.arrayBuffer())).metadata();
        expect(shape.width).to.equal(shape.height);
      });

      it('answers 404 for bytes the settings do not name in that group, and for a group that is not one', async () => {
        const logo = library['logo.jpg']!;
        const seo = library['delen.png']!;
        for (const path of [
          `/api/cms/settings/image/seo_image/${logo.hash}/logo.jpg`,
          `/api/cms/settings/image/logo/${seo.hash}/delen.png`,
          `/api/cms/settings/image/logo/${library['jaarverslag.pdf']!.hash}/x.pdf`,
          `/api/cms/settings/image/favicon/${logo.hash}/logo.jpg`,
          `/api/cms/settings/image/logo/not-a-hash/logo.jpg`,
        ]) {
          expect((await publicGet(path)).status, path).to.equal(404);
        }
      });

      it('stops serving the old logo once another is chosen', async () => {
        const old = library['logo.jpg']!;
        await ok(save((body) => (body.site.logo = { mediaId: library['delen.png']!.id })));
        expect((await publicGet(`/api/cms/settings/image/logo/${old.hash}/logo.jpg`)).status).to.equal(404);
        expect((await publicGet(`/api/cms/settings/image/logo/${library['delen.png']!.hash}/delen.png`)).status).to.equal(200);
        await ok(save((body) => (body.site.logo = { mediaId: old.id })));
      });
    });

    describe('when the logo\'s file leaves the library', () => {
      it('shows no logo on the site, and tells the administrator its file is gone', async () => {
        await ok(admin.post('/medialib/delete-file', { id: library['logo.jpg']!.id }));
        expect((await publicGet('/api/cms/settings/get').then((r) => r.json())).data.site.logo).to.equal(null);
        expect((await editable()).images.logo).to.include({ mediaId: library['logo.jpg']!.id, available: false });
        expect((await publicGet(`/api/cms/settings/image/logo/${library['logo.jpg']!.hash}/logo.jpg`)).status).to.equal(404);
        // The rest can still be saved while the settings name the gone file.
        await ok(save((body) => (body.site.contact.city = 'Amersfoort')));
      });
    });

    describe('who may', () => {
      it('lets neither an editor nor a publisher read or save the settings to edit (403 UM_01), and nobody without a session (401)', async () => {
        const body = { revision: 1, site: { siteName: 'Overgenomen' }, availableLocales: ['nl-nl'], defaultLocale: 'nl-nl' };
        for (const role of ['editor', 'publisher']) {
          const { client } = await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: `${role}-settings@pagelog.test`, role });
          for (const reply of [await client.get('/settings/edit'), await client.post('/settings/update', body)]) {
            expect(reply.status, role).to.equal(403);
            expect(reply.body.Errors).to.deep.equal([{ code: 'UM_01', property: '', model: '', message: 'You are not authorized to do this action.' }]);
          }
          // ...while the public settings are theirs to read like anyone's.
          expect((await client.get('/settings/get')).status).to.equal(200);
        }
        expect((await visitor.get('/settings/edit')).status).to.equal(401);
        expect((await visitor.post('/settings/update', body)).status).to.be.oneOf([401, 403]);
        expect((await editable()).site.siteName).to.equal('Voorbeeld Onderzoek & Advies');
      });

      it('refuses a save without the session\'s CSRF token', async () => {
        const current = await editable();
        const reply = await admin.post('/settings/update', { revision: current.revision, site: current.site, availableLocales: current.availableLocales, defaultLocale: current.defaultLocale }, { withoutCsrf: true });
        expect(reply.status).to.equal(403);
        expect(errorsOf(reply)).to.deep.equal(['AUTH_06 ']);
      });
    });

    describe('after a restart', () => {
      it('keeps the saved settings and does not seed the configured name over them', async () => {
        const before = await editable();
        await app.stop(true);
        app = await startTestPagelog(kind, { env: { ...app.env, PAGELOG_SITE_NAME: 'Andere Naam' } });
        admin = await ApiClient.loggedIn(app.url);
        visitor = new ApiClient(app.url);
        const after = await editable();
        expect(after.revision).to.equal(before.revision);
        expect(after.site).to.deep.equal(before.site);
      });
    });
  });
}
