import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { ApiClient } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };
const heading = (key: string, text: string) => ({ type: 'heading', key, props: { text, level: 2 }, anchorPoint: '' });

interface Entry {
  position: number;
  at: string;
  actor: string;
  actorName: string;
  type: string;
  area: string;
  subject: string | null;
  subjectLabel: string;
  summary: string;
  comment: string | null;
}

/**
 * The site-wide audit log through HTTP (issue 17): every event of the log, newest first, in
 * words with its actor's name, filtered by actor, subject, type, area and period, paged by
 * position; exported by period as JSON (each link of the hash chain checkable outside Pagelog)
 * or CSV. Only for those with view-audit.
 */
for (const kind of storeKinds()) {
  describe(`the audit log through HTTP (${kind})`, function () {
    this.timeout(90_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let auditor: ApiClient;
    let editor: { id: string; client: ApiClient };
    let pageID: string;
    let middle: string;

    const audit = async (query: string, client = auditor) => {
      const reply = await client.get(`/audit${query}`);
      expect(reply.status, JSON.stringify(reply.body.Errors)).to.equal(200);
      return reply.body.data as { entries: Entry[]; next: number | null; positions: { first: number; last: number } | null };
    };

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
      auditor = (await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: `auditor-${kind}@pagelog.test`, role: 'auditor', name: 'Anna Auditor' })).client;
      editor = await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: `editor-${kind}@pagelog.test`, role: 'editor', name: 'Eddie Editor' });
      // The auditor reads what the others wrote (X-Pagelog-Min-Position), as one office would.
      ApiClient.sharePositions(admin, auditor, editor.client);
      const created = await editor.client.post('/page/create', { title: 'Jaarverslag', slug: 'jaarverslag', type: 'base', locale: 'nl-nl', content: '', typeData: {} });
      expect(created.status, JSON.stringify(created.body.Errors)).to.equal(200);
      pageID = created.body.data.pageID;
      await new Promise((resolve) => setTimeout(resolve, 20));
      middle = new Date().toISOString();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const stored = await editor.client.post(`/page/version/${created.body.data.pageVersionID}/store`, {
        pageID,
        revision: created.body.data.revision,
        title: 'Jaarverslag 2026',
        blocks: [heading('kop', 'Onze resultaten')],
        ...seo,
      });
      expect(stored.status, JSON.stringify(stored.body.Errors)).to.equal(200);
      const requested = await editor.client.post(`/page/${pageID}/request-publication`, { comment: 'Graag voor vrijdag' });
      expect(requested.status, JSON.stringify(requested.body.Errors)).to.equal(200);
    });
    after(async () => {
      await app?.stop();
    });

    it('lists every event newest first, in words, with the actor by name and the comment', async () => {
      const { entries } = await audit('?limit=200');
      const positions = entries.map((e) => e.position);
      expect(positions).to.deep.equal([...positions].sort((a, b) => b - a));
      expect(positions[0]).to.be.greaterThan(10);
      const request = entries.find((e) => e.type === 'PublicationRequested')!;
      expect(request).to.deep.include({ actor: editor.id, actorName: 'Eddie Editor', area: 'pages', subject: pageID, comment: 'Graag voor vrijdag' });
      expect(request.subjectLabel).to.equal('Jaarverslag 2026 (jaarverslag, nl-nl)');
      const version = entries.find((e) => e.type === 'PageVersionStored' && e.subject === pageID)!;
      expect(version.summary).to.match(/^saved the draft: changed the title; added Heading “Onze resultaten”/);
      const createdPage = entries.find((e) => e.type === 'PageCreated' && e.subject === pageID)!;
      expect(createdPage.summary).to.equal('created “Jaarverslag” at jaarverslag (nl-nl)');
      // Seeding and setup are there too, by Pagelog itself; users are named, never their e-mail addresses.
      expect(entries.some((e) => e.actorName === 'Pagelog')).to.equal(true);
      expect(entries.find((e) => e.type === 'UserRegistered' && e.subject === editor.id)!.subjectLabel).to.equal('Eddie Editor');
      expect(JSON.stringify(entries)).not.to.contain(`editor-${kind}@pagelog.test`);
    });

    it('filters by actor, by subject, by event type and by area', async () => {
      const byEditor = await audit(`?actor=${editor.id}`);
      expect(byEditor.entries.length).to.be.at.least(3);
      expect(byEditor.entries.every((e) => e.actor === editor.id)).to.equal(true);
      const byPage = await audit(`?subject=${pageID}`);
      expect(byPage.entries.every((e) => e.subject === pageID)).to.equal(true);
      expect(byPage.entries.map((e) => e.type)).to.include.members(['PageCreated', 'PageVersionStored', 'PublicationRequested']);
      const requests = await audit('?type=PublicationRequested');
      expect(requests.entries.map((e) => e.subject)).to.deep.equal([pageID]);
      const users = await audit('?area=users');
      expect(users.entries.length).to.be.greaterThan(0);
      expect(users.entries.every((e) => e.area === 'users')).to.equal(true);
      expect((await audit(`?actor=${editor.id}&type=RoleDefined`)).entries).to.deep.equal([]);
    });

    it('pages by position with next, without gaps or repeats', async () => {
      const whole = (await audit('?limit=200')).entries.map((e) => e.position);
      const seen: number[] = [];
      let next: number | null = null;
      do {
        const page = await audit(`?limit=7${next ? `&before=${next}` : ''}`);
        expect(page.entries.length).to.be.at.most(7);
        seen.push(...page.entries.map((e) => e.position));
        next = page.next;
      } while (next !== null);
      expect(seen).to.deep.equal(whole);
    });

    it('keeps to a period: from inclusive, to exclusive', async () => {
      const after = await audit(`?from=${encodeURIComponent(middle)}`);
      expect(after.entries.every((e) => e.at >= middle)).to.equal(true);
      expect(after.entries.map((e) => e.type)).to.include('PublicationRequested');
      expect(after.entries.some((e) => e.type === 'PageCreated' && e.subject === pageID)).to.equal(false);
      const before = await audit(`?to=${encodeURIComponent(middle)}&subject=${pageID}`);
      expect(before.entries.map((e) => e.type)).to.include('PageCreated');
      expect(before.entries.every((e) => e.at < middle)).to.equal(true);
      expect(before.positions!.last).to.be.lessThan(after.positions!.first);
      const empty = await audit('?from=2001-01-01&to=2001-01-02');
      expect(empty.entries).to.deep.equal([]);
    });

    it('exports a period as JSON whose hash chain an auditor checks with SHA-256 alone, and as CSV', async () => {
      const res = await fetch(`${app.url}/api/cms/audit/export?from=${encodeURIComponent(middle)}`, { headers: { Cookie: auditor.cookie! } });
      expect(res.status).to.equal(200);
      expect(res.headers.get('cache-control')).to.equal('no-store');
      expect(res.headers.get('content-disposition')).to.match(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}-to-now\.json"$/);
      const exported = (await res.json()) as { count: number; events: (Entry & { id: string; stream: string; revision: number; data: string; metadata: string; previousHash: string; hash: string })[] };
      expect(exported.count).to.equal(exported.events.length);
      expect(exported.events.map((e) => e.type)).to.include('PublicationRequested');
      let previous: string | null = null;
      for (const e of exported.events) {
        const link = createHash('sha256').update([e.previousHash, e.id, e.stream, e.revision, e.type, e.data, e.metadata].join('\n'), 'utf8').digest('hex');
        expect(link, `event ${e.position}`).to.equal(e.hash);
        if (previous !== null) expect(e.previousHash, `event ${e.position} follows the one before`).to.equal(previous);
        previous = e.hash;
      }
      expect(exported.events.every((e) => e.at >= middle)).to.equal(true);

      const csv = await fetch(`${app.url}/api/cms/audit/export?format=csv&actor=${editor.id}`, { headers: { Cookie: auditor.cookie! } });
      expect(csv.status).to.equal(200);
      expect(csv.headers.get('content-type')).to.match(/^text\/csv/);
      const lines = (await csv.text()).trim().split('\r\n');
      expect(lines[0]).to.equal('position,at,actor,actorName,area,type,subject,subjectLabel,summary,comment,stream,revision,previousHash,hash');
      expect(lines.length).to.be.at.least(4);
      expect(lines.slice(1).every((line) => line.includes(',Eddie Editor,'))).to.equal(true);
      expect(lines.some((line) => line.includes('Graag voor vrijdag'))).to.equal(true);
    });

    it('is for auditors and administrators only, and refuses bad filters with V_12', async () => {
      expect((await editor.client.get('/audit')).status).to.equal(403);
      expect((await fetch(`${app.url}/api/cms/audit/export`, { headers: { Cookie: editor.client.cookie! } })).status).to.equal(403);
      expect((await new ApiClient(app.url).get('/audit')).status).to.equal(401);
      expect((await fetch(`${app.url}/api/cms/audit/export`)).status).to.equal(401);
      expect((await admin.get('/audit?limit=1')).status).to.equal(200);
      for (const bad of ['from=yesterday', 'to=2026-13-45', 'limit=1000', 'before=0', 'area=nowhere', 'type=Page%20Created']) {
        const reply = await auditor.get(`/audit?${bad}`);
        expect(reply.status, bad).to.equal(400);
        expect(reply.body.Errors[0].code, bad).to.equal('V_12');
      }
      expect((await fetch(`${app.url}/api/cms/audit/export?format=xml`, { headers: { Cookie: auditor.cookie! } })).status).to.equal(400);
    });
  });
}
