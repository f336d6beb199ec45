import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ApiClient, TEST_ADMIN } from './test-kit/api-client';
import { dropSchema, freshSchemaName } from './test-kit/start-test-pagelog';
import { freePort, startProcess, waitForHttp, type RunningProcess } from './test-kit/processes';

const url = process.env.TEST_POSTGRES_URL;

if (url) {
  describe('the distributed mode: command-service, projector, query-service, site and gateway as separate processes on PostgreSQL', function () {
    this.timeout(90_000);
    const schema = freshSchemaName();
    const processes: RunningProcess[] = [];
    const ports = { command: 0, command2: 0, query: 0, site: 0, gateway: 0 };
    const dataDir = mkdtempSync(join(tmpdir(), 'pagelog-dist-'));
    /** A client of `baseUrl` sharing the administrator's session (every service reads the same session store). */
    async function asAdmin(baseUrl: string): Promise<ApiClient> {
      const admin = await ApiClient.loggedIn(`http://127.0.0.1:${ports.gateway}`);
      const client = new ApiClient(baseUrl);
      client.cookie = admin.cookie;
      client.csrfToken = admin.csrfToken;
      return client;
    }

    before(async () => {
      for (const key of Object.keys(ports) as (keyof typeof ports)[]) ports[key] = await freePort();
      const common: Record<string, string> = {
        PAGELOG_STORE: 'postgres',
        DATABASE_URL: url!,
        PAGELOG_PG_SCHEMA: schema,
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PAGELOG_SEED: 'false',
        // The site's name is a setting: the command service seeds it from here, the site reads it.
        PAGELOG_SITE_NAME: 'Voorbeeld',
        // Shared by every process: the secret, the session store, the first administrator.
        PAGELOG_SECRET: randomBytes(32).toString('hex'),
        PAGELOG_DATA_DIR: dataDir,
        PAGELOG_ADMIN_EMAIL: TEST_ADMIN.email,
        PAGELOG_ADMIN_PASSWORD: TEST_ADMIN.password,
        ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
        // Both command services may run the scheduler; the lease lets one (issue 17).
        PAGELOG_SCHEDULER_INTERVAL_MS: '300',
      };
      // The command service seeds the settings; the projector must project them for the others.
      processes.push(startProcess('command-service', 'command-service/src/main.ts', { ...common, PORT: String(ports.command) }));
      await waitForHttp(`http://127.0.0.1:${ports.command}/api/cms/nothing`, processes);
      processes.push(startProcess('command-service-2', 'command-service/src/main.ts', { ...common, PORT: String(ports.command2) }));
      await waitForHttp(`http://127.0.0.1:${ports.command2}/api/cms/nothing`, processes);
      processes.push(startProcess('projector', 'projector/src/main.ts', common));
      processes.push(startProcess('query-service', 'query-service/src/main.ts', { ...common, PORT: String(ports.query) }));
      processes.push(
        startProcess('site', 'server/src/main-site.ts', {
          // The database, for the render cache's invalidations (PostgreSQL NOTIFY or Redis pub/sub).
          ...common,
          PORT: String(ports.site),
          HOST: '127.0.0.1',
          PAGELOG_API_URL: `http://127.0.0.1:${ports.query}`,
          PAGELOG_PUBLIC_URL: 'https://www.example.nl',
        }),
      );
      processes.push(
        startProcess('gateway', 'server/src/main-gateway.ts', {
          ...common,
          PORT: String(ports.gateway),
          COMMAND_SERVICE_URL: `http://127.0.0.1:${ports.command}`,
          QUERY_SERVICE_URL: `http://127.0.0.1:${ports.query}`,
          SITE_URL: `http://127.0.0.1:${ports.site}`,
        }),
      );
      await waitForHttp(`http://127.0.0.1:${ports.query}/api/cms/nothing`, processes);
      await waitForHttp(`http://127.0.0.1:${ports.site}/assets/site/none`, processes);
      await waitForHttp(`http://127.0.0.1:${ports.gateway}/api/cms/nothing`, processes);
    });

    after(async () => {
      await Promise.all(processes.map((p) => p.stop()));
      await dropSchema(url, schema);
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('drives create, store and publish through the command service and reads them back from the query service and the site', async () => {
      const commands = await asAdmin(`http://127.0.0.1:${ports.command}`);
      const queries = await asAdmin(`http://127.0.0.1:${ports.query}`);

      const created = await commands.post('/page/create', { title: 'Diensten', slug: 'diensten', type: 'article', locale: 'nl-nl' });
      expect(created.status, JSON.stringify(created.body)).to.equal(200);
      const { pageID, pageVersionID, revision } = created.body.data;

      // Another process, another connection: the query waits for the projector to reach the position.
      queries.lastPosition = commands.lastPosition;
      const read = await queries.get(`/page/${pageID}`);
      expect(read.status).to.equal(200);
      expect(read.body.data).to.include({ title: 'Diensten', status: 'concept' });

      const stored = await commands.post(`/page/version/${pageVersionID}/store`, {
        pageID,
        revision,
        title: 'Diensten',
        blocks: [
          { type: 'heading', key: 'h', props: { text: 'Onze diensten', level: 1 }, anchorPoint: '' },
          { type: 'text', key: 't', props: { html: '<p>Onderzoek &amp; advies</p>' }, anchorPoint: 'details' },
        ],
        seoTitle: 'Wat wij doen',
        seoDescription: 'Onderzoek en advies',
        seoKeywords: ['diensten'],
      });
      expect(stored.status, JSON.stringify(stored.body)).to.equal(200);
      // A save from the old revision that clashes with the stored one (the SEO title) is refused.
      const stale = await commands.post(`/page/version/${pageVersionID}/store`, { pageID, revision, title: 'Diensten', blocks: [], seoTitle: 'Oud' });
      expect(stale.status).to.equal(409);
      expect(stale.body.data.conflicts).to.deep.equal(['seoTitle']);
      const published = await commands.post(`/page/${pageID}/publish`, {});
      expect(published.status).to.equal(200);

      queries.lastPosition = commands.lastPosition;
      const live = await queries.post('/page/get-by-slug', { slug: '/diensten' });
      expect(live.status).to.equal(200);
      expect(live.body.data.page.pageVersion).to.include({ title: 'Diensten', seoTitle: 'Wat wij doen' });

      const settings = await queries.get('/settings/get');
      expect(settings.body.data.defaultLocale).to.equal('nl-nl');

      const html = await (await fetch(`http://127.0.0.1:${ports.site}/diensten`)).text();
      expect(html).to.contain('<title>Wat wij doen | Voorbeeld</title>');
      expect(html).to.contain('<link rel="canonical" href="https://www.example.nl/diensten">');
      // An article's title is its only H1: a level-1 heading block below it is shown as an H2.
      expect(html).to.match(/<h1[^>]*>Diensten<\/h1>/);
      expect(html).to.match(/<h2[^>]*>Onze diensten<\/h2>/);
      expect(html).to.match(/id="details"/);
    });

    it('carries out a scheduled publication once, with two command services that could', async () => {
      const commands = await asAdmin(`http://127.0.0.1:${ports.command2}`);
      const queries = await asAdmin(`http://127.0.0.1:${ports.query}`);
      const created = await commands.post('/page/create', { title: 'Straks', slug: 'straks', type: 'base', locale: 'nl-nl' });
      const { pageID, pageVersionID, revision } = created.body.data;
      await commands.post(`/page/version/${pageVersionID}/store`, { pageID, revision, title: 'Straks', blocks: [{ type: 'heading', key: 'h', props: { text: 'Zo meteen', level: 2 }, anchorPoint: '' }] });
      const scheduled = await commands.post(`/page/${pageID}/schedule`, { action: 'publish', at: new Date(Date.now() + 1_500).toISOString() });
      expect(scheduled.status, JSON.stringify(scheduled.body)).to.equal(200);
      let status = '';
      for (let i = 0; i < 100 && status !== 'published'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        status = (await queries.get(`/page/${pageID}`)).body.data.status;
      }
      expect(status).to.equal('published');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const history = (await queries.get(`/page/${pageID}/history`)).body.data as { type: string }[];
      expect(history.filter((h) => h.type === 'PagePublished')).to.have.length(1);
      expect(history.filter((h) => h.type === 'PageScheduleCarriedOut')).to.have.length(1);
      expect((await fetch(`http://127.0.0.1:${ports.site}/straks`)).status).to.equal(200);
    });

    it('routes commands and queries through the gateway by the endpoint table', async () => {
      const api = await ApiClient.loggedIn(`http://127.0.0.1:${ports.gateway}`);
      const created = await api.post('/page/create', { title: 'Contact', slug: 'contact', type: 'base', locale: 'nl-nl' });
      expect(created.status).to.equal(200);
      const read = await api.get(`/page/${created.body.data.pageID}`);
      expect(read.status).to.equal(200);
      expect(read.body.data.slug).to.equal('contact');
      const notFound = await fetch(`http://127.0.0.1:${ports.gateway}/bestaat-niet`);
      expect(notFound.status).to.equal(404);
    });

    it('shows every projection and reactor caught up in the status endpoint', async () => {
      const status = await (await asAdmin(`http://127.0.0.1:${ports.query}`)).get('/system/projections');
      for (const p of status.body.data) expect(p.error).to.equal(null);
      expect(status.body.data.map((p: { name: string }) => p.name)).to.have.members([
        'settings', 'pages', 'public-pages', 'users', 'media', 'media-usage', 'menus', 'tags', 'form-submissions', 'form-settings', 'newsletter-popup', 'translation-sync', 'releases', 'audit-log', 'search-index:public', 'search-index:admin', 'mails', 'form-mails', 'renditions', 'media-cleanup', 'site-cache', 'tag-merges', 'form-retention',
      ]);
    });

    it('takes an upload through the gateway, serves its renditions from the query service, and the renditions reactor of the projector process handles it without error', async () => {
      const api = await ApiClient.loggedIn(`http://127.0.0.1:${ports.gateway}`);
      const png = await sharp({ create: { width: 700, height: 400, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
      const form = new FormData();
      form.append('path', '/');
      form.append('f', new Blob([png], { type: 'image/png' }), 'verdeeld.png');
      const added = await api.post('/medialib/add-file', form);
      expect(added.status, JSON.stringify(added.body.Errors)).to.equal(200);
      const { item } = added.body.data;
      expect(item).to.include({ kind: 'image', width: 700, height: 400 });
      // The renditions reactor runs in the projector process, on the shared PostgreSQL blob store.
      const listed = await api.post('/medialib/get-dir', { path: '/' });
      expect(listed.body.data.images.map((i: { id: string }) => i.id)).to.include(item.id);
      const preview = await api.get(`/medialib/preview-image?imageID=${encodeURIComponent(item.id)}&w=320`);
      expect(preview.status).to.equal(200);
      expect(preview.headers.get('content-type')).to.match(/^image\//);
      const queries = await asAdmin(`http://127.0.0.1:${ports.query}`);
      const renditions = async () => ((await queries.get('/system/projections')).body.data as { name: string; position: number; error: unknown }[]).find((p) => p.name === 'renditions')!;
      const deadline = Date.now() + 20_000;
      while ((await renditions()).position < added.body.data.position && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await renditions()).to.deep.include({ error: null });
      expect((await renditions()).position).to.be.at.least(added.body.data.position);
    });
  });
}
