import { expect } from 'chai';
import { ApiClient } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';

const dutch = {
  enabled: true,
  delay: { amount: 5, unit: 'seconds' },
  hiddenAfterAccept: { amount: 180, unit: 'days' },
  hiddenAfterDecline: { amount: 3600, unit: 'seconds' },
  title: 'Mis niets van ons onderzoek',
  intro: 'Eén keer per maand het belangrijkste in uw mailbox.',
  buttonText: 'Ja, graag',
  thankYou: 'Top! Kijk in uw mailbox voor de bevestigingslink.',
  showOn: 'except',
  paths: ['/contact'],
};

async function pageText(url: string, until: (html: string) => boolean): Promise<string> {
  let html = '';
  for (let i = 0; i < 60; i++) {
    html = await (await fetch(url)).text();
    if (until(html)) return html;
    await new Promise((r) => setTimeout(r, 100));
  }
  return html;
}

/**
 * The newsletter popup module through HTTP (issue 16; spec sections 2 and 9): its settings per
 * locale for manage-forms only, bad values refused on their property with nothing stored, a
 * stale revision answered 409, and the site's pages carrying the closed popup (with its times in
 * seconds and its texts) where the settings show it, and not elsewhere.
 */
for (const kind of storeKinds()) {
  describe(`the newsletter popup module through HTTP (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let editor: ApiClient;

    before(async () => {
      app = await startTestPagelog(kind, { seed: true });
      admin = await ApiClient.loggedIn(app.url);
      editor = (await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: 'eddie@pagelog.test', role: 'editor' })).client;
    });
    after(async () => {
      await app?.stop();
    });

    it('is for manage-forms only: 401 without a session, 403 for an editor and without the CSRF token', async () => {
      const body = { revision: 0, locales: { 'nl-nl': dutch } };
      for (const [who, expected] of [[new ApiClient(app.url), 401], [editor, 403]] as const) {
        expect((await who.get('/newsletter-popup/settings')).status).to.equal(expected);
        expect((await who.post('/newsletter-popup/update', body)).status).to.equal(expected);
      }
      expect((await admin.post('/newsletter-popup/update', body, { withoutCsrf: true })).status).to.equal(403);
    });

    it('starts switched off, with the popup form\'s own texts as the defaults, and no popup on the site', async () => {
      const read = await admin.get('/newsletter-popup/settings');
      expect(read.status).to.equal(200);
      expect(read.body.data.revision).to.equal(0);
      expect(read.body.data.locales['nl-nl']).to.deep.include({ enabled: false, showOn: 'all' });
      expect(read.body.data.defaults['nl-nl']).to.deep.equal({ title: 'Blijf op de hoogte', intro: 'Ontvang eens per maand onze nieuwsbrief.', buttonText: 'Aanmelden', thankYou: 'Bedankt! Bevestig uw aanmelding met de link in de e-mail die we u stuurden.' });
      const home = await (await fetch(`${app.url}/`)).text();
      expect(home).to.not.include('data-island="newsletter-popup"');
    });

    it('refuses bad times, texts and paths with catalogue codes on the property, storing nothing', async () => {
      const before = await app.stores.eventStore.headPosition();
      const bad = await admin.post('/newsletter-popup/update', {
        revision: 0,
        locales: {
          'nl-nl': {
            ...dutch,
            delay: { amount: -1, unit: 'seconds' },
            hiddenAfterAccept: { amount: 900, unit: 'days' },
            hiddenAfterDecline: { amount: 3, unit: 'weeks' },
            buttonText: 'x'.repeat(61),
            paths: ['contact', '/a', '/a/'],
          },
        },
      });
      expect(bad.status).to.equal(400);
      const codes = (bad.body.Errors as { code: string; property: string }[]).map((e) => `${e.code} ${e.property}`);
      expect(codes).to.include.members([
        'V_12 locales.nl-nl.delay.amount',
        'V_12 locales.nl-nl.hiddenAfterAccept',
        'V_12 locales.nl-nl.hiddenAfterDecline.unit',
        'V_14 locales.nl-nl.buttonText',
        'V_12 locales.nl-nl.paths[0]',
        'V_06 locales.nl-nl.paths',
      ]);
      const onlyWithout = await admin.post('/newsletter-popup/update', { revision: 0, locales: { 'nl-nl': { ...dutch, showOn: 'only', paths: [] } } });
      expect(onlyWithout.status).to.equal(400);
      expect(onlyWithout.body.Errors[0]).to.include({ code: 'V_01', property: 'locales.nl-nl.paths' });
      expect(await app.stores.eventStore.headPosition()).to.equal(before);
    });

    it('stores a locale\'s settings at the revision read, and answers 409 to a save based on an older one', async () => {
      const saved = await admin.post('/newsletter-popup/update', { revision: 0, locales: { 'nl-nl': dutch } });
      expect(saved.status).to.equal(200);
      expect(saved.body.data).to.deep.include({ changed: ['nl-nl'], revision: 1 });
      const read = await admin.get('/newsletter-popup/settings');
      expect(read.body.data.revision).to.equal(1);
      expect(read.body.data.locales['nl-nl']).to.deep.equal(dutch);
      const stale = await admin.post('/newsletter-popup/update', { revision: 0, locales: { 'nl-nl': { ...dutch, enabled: false } } });
      expect(stale.status).to.equal(409);
      expect((await admin.get('/newsletter-popup/settings')).body.data.locales['nl-nl'].enabled).to.equal(true);
      const same = await admin.post('/newsletter-popup/update', { revision: 1, locales: { 'nl-nl': dutch } });
      expect(same.status).to.equal(200);
      expect(same.body.data).to.deep.include({ changed: [], revision: 1 });
    });

    it('gives the site the popup with its times in seconds and its texts, and never more', async () => {
      const response = await fetch(`${app.url}/api/cms/newsletter-popup/public/nl-nl`);
      expect(response.status).to.equal(200);
      const { data } = (await response.json()) as { data: Record<string, unknown> };
      expect(data).to.deep.equal({
        locale: 'nl-nl',
        enabled: true,
        delaySeconds: 5,
        hiddenAfterAcceptSeconds: 180 * 86_400,
        hiddenAfterDeclineSeconds: 3600,
        title: dutch.title,
        intro: dutch.intro,
        buttonText: dutch.buttonText,
        thankYou: dutch.thankYou,
        showOn: 'except',
        paths: ['/contact'],
      });
      expect((await fetch(`${app.url}/api/cms/newsletter-popup/public/xx-yy`)).status).to.equal(404);
    });

    it('puts the closed popup on the pages of its locale at once, except on the paths it leaves out, and takes it off again', async () => {
      const home = await pageText(`${app.url}/`, (html) => html.includes('data-island="newsletter-popup"'));
      expect(home).to.include('data-island="newsletter-popup"');
      expect(home).to.match(/<dialog class="newsletter-popup__dialog" aria-labelledby="form-newsletter-popup-title" aria-describedby="form-newsletter-popup-intro">/);
      expect(home).to.include('Mis niets van ons onderzoek').and.to.include('Ja, graag');
      expect(home).to.include('&quot;delaySeconds&quot;:5').and.to.include(`&quot;hiddenAfterAcceptSeconds&quot;:${180 * 86_400}`);
      // Not on the paths it leaves out, nor on the English pages (no settings there).
      expect(await (await fetch(`${app.url}/contact`)).text()).to.not.include('data-island="newsletter-popup"');
      expect(await (await fetch(`${app.url}/en-gb`)).text()).to.not.include('data-island="newsletter-popup"');
      // Every visitor gets the same page: no cookie.
      expect((await fetch(`${app.url}/`)).headers.get('set-cookie')).to.equal(null);

      const off = await admin.post('/newsletter-popup/update', { revision: 1, locales: { 'nl-nl': { ...dutch, enabled: false } } });
      expect(off.status).to.equal(200);
      const after = await pageText(`${app.url}/`, (html) => !html.includes('data-island="newsletter-popup"'));
      expect(after).to.not.include('data-island="newsletter-popup"');
    });
  });
}
