import { expect } from 'chai';
import sharp from 'sharp';
import fc from 'fast-check';
import type { RecordedEvent } from '@pagelog/contracts/events/event';
import { temporalCollections } from '@pagelog/contracts/read-models';
import { MemoryUow } from '@pagelog/projector/core/memory-uow';
import { allProjections } from '@pagelog/projector/projections';
import { ApiClient, type ApiReply } from './test-kit/api-client';
import { createPublishedPage, publishTitle } from './test-kit/site-pages';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';
import { createSiteApp } from '@pagelog/site-web/server/create-site-app';
import type { AddressInfo } from 'node:net';

function ok(reply: ApiReply): ApiReply {
  expect(reply.status, JSON.stringify(reply.body.Errors)).to.equal(200);
  return reply;
}

/** The cookie a response sets, as a Cookie header value. */
function cookieOf(response: Response): string {
  const set = response.headers.getSetCookie().find((c) => c.startsWith('pagelog_asof='));
  expect(set, 'the as-of cookie').to.be.a('string');
  return set!.split(';')[0]!;
}

/**
 * Time travel (issue 17, decision 0005): an administrator names a moment by date or position,
 * makes a signed link, and anyone holding it browses the whole public site as it was then, with a
 * banner, read-only, never cached; the history the projector keeps gives, at every position, what
 * a replay of the log up to there gives.
 */
for (const kind of storeKinds()) {
  describe(`time travel: the site as of a past moment (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let aboutID: string;
    /** After the first publication of "Over ons", and after the page "Vacatures" was published, before it was unpublished. */
    let first: number;
    let withVacancies: number;

    const site = (path: string, cookie?: string) => fetch(`${app.url}${path}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });
    async function open(position: number): Promise<string> {
      const link = ok(await admin.post('/time-travel/link', { position, hours: 2 })).body.data as { url: string; position: number; expiresAt: string };
      expect(link.url).to.match(/^\/_asof\/[0-9a-z]+\.[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
      const opened = await site(link.url);
      expect(opened.status).to.equal(302);
      expect(opened.headers.get('location')).to.equal('/');
      expect(opened.headers.get('cache-control')).to.equal('private, no-store');
      const set = opened.headers.getSetCookie().find((c) => c.startsWith('pagelog_asof='))!;
      expect(set.toLowerCase()).to.include('httponly');
      return cookieOf(opened);
    }

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
      // A logo in the settings: the site as of a moment shows the library item as it was then.
      const form = new FormData();
      form.append('path', '/');
      form.append('defaultAltText', 'Voorbeeld');
      form.append('f', new Blob([new Uint8Array(await sharp({ create: { width: 64, height: 32, channels: 3, background: { r: 10, g: 40, b: 90 } } }).png().toBuffer())]), 'logo.png');
      const logo = ok(await admin.post('/medialib/add-file', form)).body.data.item as { id: string };
      const editable = ok(await admin.get('/settings/edit')).body.data;
      ok(await admin.post('/settings/update', { revision: editable.revision, site: { ...editable.site, logo: { mediaId: logo.id } }, availableLocales: editable.availableLocales, defaultLocale: editable.defaultLocale, customSlugLocales: editable.customSlugLocales }));
      aboutID = await createPublishedPage(admin, { slug: 'over-ons', title: 'Over ons' });
      first = (await admin.get('/time-travel/moment')).body.data.headPosition as number;
      await new Promise((resolve) => setTimeout(resolve, 20));
      const vacancies = await createPublishedPage(admin, { slug: 'vacatures', title: 'Vacatures' });
      withVacancies = (await admin.get('/time-travel/moment')).body.data.headPosition as number;
      await publishTitle(admin, aboutID, 'Over ons, vernieuwd');
      const page = ok(await admin.get(`/page/${vacancies}`)).body.data as { revision: number };
      ok(await admin.post(`/page/${vacancies}/unpublish`, { revision: page.revision }));
    });
    after(async () => {
      await app?.stop();
    });

    it('names the moment of a position, of a date (the last event at or before it), and refuses one past the head', async () => {
      const byPosition = ok(await admin.get(`/time-travel/moment?position=${first}`)).body.data as { position: number; at: string; headPosition: number };
      expect(byPosition.position).to.equal(first);
      expect(byPosition.at).to.match(/^\d{4}-\d{2}-\d{2}T/);
      expect(byPosition.headPosition).to.be.greaterThan(withVacancies);
      const byDate = ok(await admin.get(`/time-travel/moment?at=${encodeURIComponent(byPosition.at)}`)).body.data as { position: number };
      expect(byDate.position).to.be.at.least(first).and.below(withVacancies);
      expect(ok(await admin.get('/time-travel/moment?at=2000-01-01T00:00:00Z')).body.data.position).to.equal(0);
      const past = await admin.get(`/time-travel/moment?position=${byPosition.headPosition + 5}`);
      expect(past.status).to.equal(400);
      expect(past.body.Errors[0].code).to.equal('V_12');
      expect((await admin.get('/time-travel/moment?at=gisteren')).status).to.equal(400);
      expect((await admin.post('/time-travel/link', { position: byPosition.headPosition + 5 })).status).to.equal(400);
      // Before the site had its settings there is nothing to show: no link to it.
      expect((await admin.post('/time-travel/link', { position: 0 })).body.Errors[0]).to.include({ code: 'V_12', property: 'position' });
    });

    it('shows the pages as they were then, with a banner, never kept, and the present without the cookie', async () => {
      const cookie = await open(first);
      const then = await site('/over-ons', cookie);
      expect(then.status).to.equal(200);
      expect(then.headers.get('cache-control')).to.equal('private, no-store');
      expect(then.headers.get('x-robots-tag')).to.equal('noindex, nofollow');
      const body = await then.text();
      expect(body).to.include('class="as-of-banner"');
      expect(body).to.include(`logpositie ${first}`);
      expect(body).to.include('href="/_asof/leave"');
      expect(body).to.include('Over ons');
      expect(body).not.to.include('vernieuwd');
      expect(body).to.match(/\/api\/cms\/settings\/image\/logo\/[0-9a-f]{64}\/logo\.png/);
      // Read-only: no client script, so no form or popup acts on the present.
      expect(body).not.to.include('<script type="module"');
      // Not there yet then.
      expect((await site('/vacatures', cookie)).status).to.equal(404);
      expect(await (await site('/over-ons')).text()).to.include('vernieuwd');
    });

    it('shows a page that is gone now as it was while it was live, and what was unpublished later as gone after', async () => {
      const cookie = await open(withVacancies);
      const then = await site('/vacatures', cookie);
      expect(then.status).to.equal(200);
      expect(await then.text()).to.include('Vacatures');
      expect((await site('/vacatures')).status).to.equal(404);
      const head = ok(await admin.get('/time-travel/moment')).body.data.headPosition as number;
      const later = await open(head);
      expect((await site('/vacatures', later)).status).to.equal(404);
    });

    it('searches the site as it was then', async () => {
      const cookie = await open(withVacancies);
      const results = await (await site('/zoeken?q=vacatures', cookie)).text();
      expect(results).to.include('as-of-banner');
      expect(results).to.include('href="/vacatures"');
      const before = await open(first);
      expect(await (await site('/zoeken?q=vacatures', before)).text()).not.to.include('href="/vacatures"');
    });

    it('refuses forms sent from the past, goes back to the present on leaving, and turns a forged or altered link away', async () => {
      const cookie = await open(first);
      const post = await fetch(`${app.url}/over-ons`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=b' });
      expect(post.status).to.equal(409);
      const leave = await site('/_asof/leave', cookie);
      expect(leave.status).to.equal(302);
      expect(leave.headers.getSetCookie().join(';')).to.match(/pagelog_asof=;/);
      const link = ok(await admin.post('/time-travel/link', { position: first })).body.data as { url: string };
      const [p, e, mac] = link.url.slice('/_asof/'.length).split('.') as [string, string, string];
      for (const forged of [`${(Number.parseInt(p, 36) + 1).toString(36)}.${e}.${mac}`, `${p}.${(Number.parseInt(e, 36) + 1).toString(36)}.${mac}`, 'nonsense']) {
        const answer = await site(`/_asof/${forged}`);
        expect(answer.status, forged).to.equal(400);
        expect(answer.headers.getSetCookie()).to.deep.equal([]);
      }
      // A forged cookie is dropped: the visitor sees the present.
      const present = await site('/vacatures', `pagelog_asof=${p}.${e}.${'A'.repeat(43)}`);
      expect(present.status).to.equal(404);
      expect((await new ApiClient(app.url).post('/time-travel/site-read', { token: 'nonsense', read: 'settings', args: [] })).body.Errors[0].code).to.equal('V_05');
    });

    it('answers the site\'s reads as of a link over HTTP, checking their arguments', async () => {
      const link = ok(await admin.post('/time-travel/link', { position: first })).body.data as { url: string };
      const token = link.url.slice('/_asof/'.length);
      const anonymous = new ApiClient(app.url);
      const found = ok(await anonymous.post('/time-travel/site-read', { token, read: 'pageBySlug', args: ['/over-ons'] })).body.data.value as { kind: string; page: { pageVersion: { title: string } } };
      expect(found.kind).to.equal('page');
      expect(found.page.pageVersion.title).to.equal('Over ons');
      expect((await anonymous.post('/time-travel/site-read', { token, read: 'pageBySlug', args: [{ not: 'a path' }] })).status).to.equal(400);
      expect((await anonymous.post('/time-travel/site-read', { token, read: 'commit', args: [] })).status).to.equal(400);
    });

    it('shows the same past on a site that reads the API over HTTP (the distributed mode)', async () => {
      const remote = createSiteApp({ apiUrl: app.url, publicUrl: 'https://www.voorbeeld.nl', logger: { info() {}, warn() {}, error() {} } as never });
      const server = remote.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      const remoteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        const link = ok(await admin.post('/time-travel/link', { position: withVacancies })).body.data as { url: string };
        const opened = await fetch(`${remoteUrl}${link.url}`, { redirect: 'manual' });
        expect(opened.status).to.equal(302);
        const cookie = cookieOf(opened);
        const then = await fetch(`${remoteUrl}/over-ons`, { headers: { Cookie: cookie } });
        const body = await then.text();
        expect(then.status).to.equal(200);
        expect(body).to.include('as-of-banner').and.include('Over ons').and.not.include('vernieuwd');
        expect((await fetch(`${remoteUrl}/vacatures`, { headers: { Cookie: cookie } })).status).to.equal(200);
        expect(await (await fetch(`${remoteUrl}/zoeken?q=vacatures`, { headers: { Cookie: cookie } })).text()).to.include('href="/vacatures"');
        expect((await fetch(`${remoteUrl}/vacatures`)).status).to.equal(404);
        expect((await fetch(`${remoteUrl}/_asof/nonsense`)).status).to.equal(400);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('lets only holders of time-travel name moments and make links', async () => {
      const editor = await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: `tt-editor-${kind}@pagelog.test`, role: 'editor', name: 'Eddie' });
      expect((await editor.client.get('/time-travel/moment')).status).to.equal(403);
      expect((await editor.client.post('/time-travel/link', { position: 1 })).status).to.equal(403);
      expect((await new ApiClient(app.url).get('/time-travel/moment')).status).to.equal(401);
      const auditor = await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: `tt-auditor-${kind}@pagelog.test`, role: 'auditor', name: 'Anna' });
      expect((await auditor.client.get('/time-travel/moment')).status).to.equal(200);
    });

    it('keeps, at every position, what a replay of the log up to there gives (every temporal collection)', async () => {
      const store = app.stores.readModels;
      const events: RecordedEvent[] = await app.stores.eventStore.readAll({ after: 0, limit: 100_000 });
      const head = events[events.length - 1]!.position;
      const temporal = allProjections.flatMap((p) => p.collections.filter((c) => c.temporal).map((c) => ({ projection: p, collection: c.name })));
      expect(temporal.map((t) => t.collection).sort()).to.deep.equal([...temporalCollections].sort());
      /** The temporal collections' documents after replaying the log up to `position` into memory. */
      async function replayTo(position: number): Promise<Map<string, Record<string, unknown>>> {
        const state = new Map<string, Record<string, unknown>>();
        for (const projection of new Set(temporal.map((t) => t.projection))) {
          const uow = new MemoryUow();
          const handled = new Set(projection.handles);
          for (const event of events) {
            if (event.position > position) break;
            if (handled.has(event.type)) await projection.apply(event, uow);
          }
          for (const { collection } of temporal.filter((t) => t.projection === projection)) {
            for (const [id, doc] of Object.entries(uow.of(collection))) state.set(`${collection}/${id}`, doc);
          }
        }
        return state;
      }
      async function historyAt(position: number): Promise<Map<string, Record<string, unknown>>> {
        const state = new Map<string, Record<string, unknown>>();
        for (const { collection } of temporal) {
          // Documents name their id in different fields (or not at all): compared whole, as sets.
          for (const doc of await store.findAt(collection, position)) state.set(`${collection}/${keyOf(doc)}`, doc);
        }
        return state;
      }
      // Keys sorted: PostgreSQL's jsonb gives a document's fields in an order of its own.
      const canonical = (value: unknown): unknown =>
        Array.isArray(value) ? value.map(canonical) : value && typeof value === 'object' ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])])) : value;
      const keyOf = (doc: Record<string, unknown>) => JSON.stringify(canonical(doc));
      const normalise = (state: Map<string, Record<string, unknown>>) => [...state].map(([k, doc]) => `${k.slice(0, k.indexOf('/'))}/${keyOf(doc)}`).sort();
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: head }), async (position) => {
          expect(normalise(await historyAt(position)), `as of ${position}`).to.deep.equal(normalise(await replayTo(position)));
        }),
        { numRuns: 25, examples: [[0], [first], [first - 1], [withVacancies], [withVacancies - 1], [head]] },
      );
    });
  });
}
