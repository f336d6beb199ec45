import { expect } from 'chai';
import { ApiClient } from './test-kit/api-client';
import { startDistributedSites, type DistributedSites } from './test-kit/distributed-sites';

const postgresUrl = process.env.TEST_POSTGRES_URL;
const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };

/**
 * A form posted without JavaScript in the distributed mode (issue 16): the site process hands it
 * to the API over HTTP, signed with the secret the processes share, so the API takes it as the
 * embedded site takes its own: kept as a submission, not as suspected spam, though it cannot say
 * when the form was shown. The same post sent straight to the API, unsigned, is flagged.
 */
for (const _ of postgresUrl ? ['postgres'] : []) {
  describe('a form posted without JavaScript to a site process of the distributed mode', function () {
    this.timeout(120_000);
    let sites: DistributedSites;
    let admin: ApiClient;
    let pageID: string;

    before(async () => {
      sites = await startDistributedSites({ postgresUrl: postgresUrl!, sites: 1, siteApi: 'gateway' });
      admin = await ApiClient.loggedIn(sites.gatewayUrl);
      const created = await admin.post('/page/create', { title: 'Contact', slug: 'contact', type: 'base', locale: 'nl-nl', content: '', typeData: {} });
      expect(created.status, JSON.stringify(created.body.Errors)).to.equal(200);
      pageID = created.body.data.pageID;
      const blocks = [{ type: 'formEmbed', key: 'vraag', props: { form: 'informationRequest', title: 'Stel uw vraag' }, anchorPoint: '' }];
      const published = await admin.post(`/page/version/${created.body.data.pageVersionID}/store-and-publish`, { pageID, revision: created.body.data.revision, title: 'Contact', blocks, ...seo });
      expect(published.status, JSON.stringify(published.body.Errors)).to.equal(200);
    });
    after(async () => {
      await sites?.stop();
    });

    const fields = (name: string) => ({ _form: 'informationRequest', _block: 'vraag', _page: pageID, _locale: 'nl-nl', startedAt: '', website: '', name, organisation: '', email: `${name.toLowerCase()}@example.nl`, phone: '', question: 'Kunnen jullie helpen?' });

    async function submissionOf(name: string): Promise<{ suspected: boolean; reasons?: string[] } | undefined> {
      for (let i = 0; i < 50; i++) {
        const list = await admin.post('/forms/submissions', { form: 'informationRequest' });
        const found = (list.body.data.items as { suspected: boolean; reasons?: string[]; submitter: { name: string } | null }[]).find((item) => item.submitter?.name === name);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      return undefined;
    }

    it('thanks the visitor and keeps the submission as a real one, not as suspected spam', async () => {
      const [site] = sites.siteUrls as [string];
      const origin = sites.gatewayUrl;
      let res: Response | null = null;
      // The page must be on the site first (the projector and the site's cache catch up).
      for (let i = 0; i < 50; i++) {
        const page = await fetch(`${site}/contact`);
        await page.arrayBuffer();
        if (page.status === 200) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      res = await fetch(`${site}/contact`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin }, body: new URLSearchParams(fields('Femke')).toString() });
      expect(res.status).to.equal(200);
      expect(await res.text()).to.include('block-form__thanks');
      const stored = await submissionOf('Femke');
      expect(stored, 'the submission is stored').to.not.equal(undefined);
      expect(stored!.suspected).to.equal(false);
    });

    it('flags the same form sent straight to the API without a start time: nobody vouches for it', async () => {
      const token = await fetch(`${sites.gatewayUrl}/api/cms/forms/csrf-token`);
      const csrf = ((await token.json()) as { data: { csrfToken: string } }).data.csrfToken;
      const cookie = (token.headers.getSetCookie()[0] ?? '').split(';')[0]!;
      const body = { form: 'informationRequest', locale: 'nl-nl', pageId: pageID, values: { name: 'Gijs', organisation: '', email: 'gijs@example.nl', phone: '', question: 'Hallo?' }, website: '' };
      const forged = await fetch(`${sites.gatewayUrl}/api/cms/forms/submit`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf, Cookie: cookie, 'X-Pagelog-Site-Form': `${Date.now()}.${'A'.repeat(43)}` },
        body: JSON.stringify(body),
      });
      expect(forged.status, await forged.clone().text()).to.equal(200);
      const stored = await submissionOf('Gijs');
      expect(stored!.suspected).to.equal(true);
    });
  });
}
