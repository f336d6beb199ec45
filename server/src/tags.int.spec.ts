import { expect } from 'chai';
import { reactorNames } from '@pagelog/contracts/read-models';
import type { TagView } from '@pagelog/contracts/tags/tag';
import { ApiClient, type ApiReply } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };
const errorsOf = (reply: ApiReply) => reply.body.Errors.map((e: { code: string; property: string; model: string }) => ({ code: e.code, property: e.property, model: e.model }));
const ofPage = (code: string, property: string) => ({ code, property, model: 'page' });
const ofTag = (code: string, property: string) => ({ code, property, model: 'tag' });
const names = (tags: TagView[]) => tags.map((t) => t.name);

type TagEntry = { id: string } | { name: string; visibility?: 'public' | 'private' };

/**
 * Tags through HTTP (issue 15): a page's tags (new ones made by name), validate, the public and
 * private lists and searches, the public tag of a tag page, rename and merge, with who may do what.
 */
for (const kind of storeKinds()) {
  describe(`tags through HTTP (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let editor: ApiClient;
    /** A visitor without a session, who has heard of the writes (so reads wait for the projections). */
    let visitor: ApiClient;
    let seq = 0;

    async function ok(reply: Promise<ApiReply>): Promise<ApiReply> {
      const answer = await reply;
      expect(answer.status, JSON.stringify(answer.body.Errors)).to.equal(200);
      return answer;
    }

    /** A stored page, published unless told otherwise. */
    async function newPage(title: string, options: { locale?: string; publish?: boolean } = {}) {
      seq += 1;
      const created = await ok(admin.post('/page/create', { title, slug: `tag-pagina-${seq}`, type: 'article', locale: options.locale ?? 'nl-nl', content: '', typeData: {} }));
      const { pageID, pageVersionID } = created.body.data;
      await ok(admin.post(`/page/version/${pageVersionID}/store`, { pageID, revision: created.body.data.revision, title, blocks: [], ...seo }));
      if (options.publish ?? true) await ok(admin.post(`/page/${pageID}/publish`, {}));
      return pageID as string;
    }

    const tagPage = (pageId: string, tags: TagEntry[], who = admin, revision?: number) => who.post(`/page/${pageId}/tags`, { tags, ...(revision === undefined ? {} : { revision }) });
    const pageTagIds = async (pageId: string): Promise<string[]> => (await ok(admin.get(`/page/${pageId}`))).body.data.tags ?? [];
    const fetchPublic = async (who: ApiClient, query = ''): Promise<TagView[]> => (await ok(who.get(`/tags/fetch${query}`))).body.data;
    const fetchPrivate = async (query = ''): Promise<TagView[]> => (await ok(admin.get(`/tags/fetch-private${query}`))).body.data;
    const byName = async (name: string, who = admin): Promise<TagView | undefined> => [...(await fetchPublic(who)), ...(await fetchPrivate())].find((t) => t.name === name);

    /**
     * Waits until the tag-merges reactor has moved the pages of a merge (answered at `position`):
     * until it has taken in the whole log, its own moves included, and reads from there on.
     */
    async function mergeSettled(position: number): Promise<void> {
      let head = Math.max(position, await app.stores.eventStore.headPosition());
      for (;;) {
        const reached = await app.stores.readModels.waitForCheckpoints([reactorNames.tagMerges], head, 15_000);
        expect(reached, 'the tag-merges reactor reached the log head').to.equal(true);
        const now = await app.stores.eventStore.headPosition();
        if (now === head) break;
        head = now;
      }
      admin.lastPosition = Math.max(admin.lastPosition, head);
    }

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
      editor = (await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: 'eddie@pagelog.test', role: 'editor' })).client;
      visitor = new ApiClient(app.url);
      ApiClient.sharePositions(admin, editor, visitor);
    });
    after(async () => {
      await app?.stop();
    });

    describe("POST page/:id/tags (a page's tags)", () => {
      it('makes new tags by name, answers the page tags, and the page and the lists carry them', async () => {
        const page = await newPage('Windenergie op zee');
        const reply = await ok(tagPage(page, [{ name: ' Duurzaamheid ' }, { name: 'Windenergie' }, { name: 'Intern overleg', visibility: 'private' }], editor));
        const { tags, created } = reply.body.data;
        expect(tags.map((t: TagView) => [t.name, t.slug, t.locale, t.visibility])).to.deep.equal([
          ['Duurzaamheid', 'duurzaamheid', 'nl-nl', 'public'],
          ['Windenergie', 'windenergie', 'nl-nl', 'public'],
          ['Intern overleg', 'intern-overleg', 'nl-nl', 'private'],
        ]);
        expect(created).to.deep.equal(tags.map((t: TagView) => t.id));
        expect(reply.headers.get('X-Pagelog-Position')).to.equal(String(reply.body.data.position));
        expect(await pageTagIds(page)).to.deep.equal(tags.map((t: TagView) => t.id));
        expect(await byName('Duurzaamheid')).to.include({ pageCount: 1, publishedPageCount: 1, visibility: 'public' });
        expect(await byName('Intern overleg')).to.include({ pageCount: 1, visibility: 'private' });
        const history = (await ok(admin.get(`/page/${page}/history`))).body.data;
        expect(history.pop()).to.include({ type: 'PageTagsChanged', summary: 'changed the tags (3 added, 0 removed)' });
      });

      it('takes the existing tag for a name that differs only in capitals or accents, making no new one', async () => {
        const existing = (await byName('Duurzaamheid'))!;
        const page = await newPage('Zonnepanelen');
        const reply = await ok(tagPage(page, [{ name: 'DUURZÁAMHEID' }, { id: existing.id }]));
        expect(reply.body.data.created).to.deep.equal([]);
        expect(reply.body.data.tags.map((t: TagView) => t.id)).to.deep.equal([existing.id]);
        expect((await fetchPublic(admin)).filter((t) => t.slug === 'duurzaamheid')).to.have.length(1);
        expect(await byName('Duurzaamheid')).to.include({ pageCount: 2 });
      });

      it('records nothing when the page keeps the same tags, in another order', async () => {
        const page = await newPage('Getijden');
        const first = (await ok(tagPage(page, [{ name: 'Getij' }, { name: 'Eb en vloed' }]))).body.data;
        const again = (await ok(tagPage(page, [...first.tags].reverse().map((t: TagView) => ({ id: t.id }))))).body.data;
        expect(again.revision).to.equal(first.revision);
        expect(again.created).to.deep.equal([]);
      });

      it('removes the tags left out, and the counts follow', async () => {
        const page = await newPage('Dijken');
        await ok(tagPage(page, [{ name: 'Waterveiligheid' }, { name: 'Dijkversterking' }]));
        const kept = (await byName('Waterveiligheid'))!;
        await ok(tagPage(page, [{ id: kept.id }]));
        expect(await pageTagIds(page)).to.deep.equal([kept.id]);
        expect(await byName('Dijkversterking')).to.include({ pageCount: 0, publishedPageCount: 0 });
      });

      it('refuses names against the rules, each with its code on its entry (400), and makes none of the list', async () => {
        const page = await newPage('Regels');
        const before = (await fetchPublic(admin)).length;
        const reply = await tagPage(page, [{ name: 'Goede tag' }, { name: 'x' }, { name: 'C++' }, { name: 'a'.repeat(41) }]);
        expect(reply.status).to.equal(400);
        expect(errorsOf(reply)).to.have.deep.members([ofPage('TG_01', 'tags[1].name'), ofPage('TG_03', 'tags[2].name'), ofPage('TG_02', 'tags[3].name')]);
        expect(reply.body.Errors[0].message).to.be.a('string').and.not.match(/^Error \(code/);
        expect((await fetchPublic(admin)).length).to.equal(before);
        expect(await pageTagIds(page)).to.deep.equal([]);
      });

      it('refuses a tag that does not exist (TG_07) or is of another locale (TG_08)', async () => {
        const english = await newPage('Offshore wind', { locale: 'en-gb' });
        const sustainability = (await ok(tagPage(english, [{ name: 'Sustainability' }]))).body.data.tags[0] as TagView;
        const page = await newPage('Verkeerde taal');
        const reply = await tagPage(page, [{ id: '0190a000-0000-7000-8000-000000000000' }, { id: sustainability.id }]);
        expect(reply.status).to.equal(400);
        expect(errorsOf(reply)).to.have.deep.members([ofPage('TG_07', 'tags[0].id'), ofPage('TG_08', 'tags[1].id')]);
      });

      it('refuses a name of a tag of the other visibility (TG_04): a public tag never comes of a private one', async () => {
        const page = await newPage('Zichtbaarheid');
        const reply = await tagPage(page, [{ name: 'intern overleg', visibility: 'public' }]);
        expect(reply.status).to.equal(400);
        expect(errorsOf(reply)).to.deep.equal([ofPage('TG_04', 'tags[0].name')]);
        expect(reply.body.Errors[0].message).to.match(/capitals, accents/);
      });

      it('refuses malformed lists: both id and name (V_12), more than 30 tags (TG_09), no list (V_01)', async () => {
        const page = await newPage('Vorm');
        expect(errorsOf(await tagPage(page, [{ id: 'x', name: 'Beide' } as TagEntry]))).to.deep.equal([ofPage('V_12', 'tags[0]')]);
        const many = Array.from({ length: 31 }, (_, i) => ({ name: `Tag ${i}` }));
        const tooMany = await tagPage(page, many);
        expect(tooMany.status).to.equal(400);
        expect(errorsOf(tooMany)).to.deep.equal([ofPage('TG_09', 'tags')]);
        expect(errorsOf(await admin.post(`/page/${page}/tags`, {}))).to.deep.equal([ofPage('V_01', 'tags')]);
      });

      it('answers 404 (PM_01) for a page that does not exist, and 409 for a stale revision', async () => {
        const missing = await tagPage('0190a000-0000-7000-8000-000000000000', [{ name: 'Nergens' }]);
        expect(missing.status).to.equal(404);
        expect(errorsOf(missing)).to.deep.equal([ofPage('PM_01', 'id')]);
        const page = await newPage('Verouderd');
        const stale = await tagPage(page, [{ name: 'Verouderd' }], admin, 1);
        expect(stale.status).to.equal(409);
        expect(await byName('Verouderd')).to.equal(undefined);
      });

      it("refuses a list made from tags another editor has changed since (409, the page's tags as they are now), making no tag of it", async () => {
        const page = await newPage('Twee redacteuren');
        const first = await ok(tagPage(page, [{ name: 'Water' }]));
        const water = first.body.data.tags[0].id as string;
        // Both editors open the page with [Water]; the editor saves [Water, Bodem] first.
        const editorSaves = await editor.post(`/page/${page}/tags`, { tags: [{ id: water }, { name: 'Bodem' }], basedOnTags: [water] });
        expect(editorSaves.status).to.equal(200);
        const bodem = editorSaves.body.data.tags[1].id as string;
        // The administrator's list was made from [Water] too: refused rather than dropping Bodem.
        const late = await admin.post(`/page/${page}/tags`, { tags: [{ id: water }, { name: 'Lucht' }], basedOnTags: [water] });
        expect(late.status).to.equal(409);
        expect(errorsOf(late)).to.deep.equal([ofPage('V_07', 'revision')]);
        expect(late.body.data).to.deep.include({ conflicts: ['tags'], current: { tags: [water, bodem] } });
        expect(await pageTagIds(page)).to.deep.equal([water, bodem]);
        expect(await byName('Lucht')).to.equal(undefined);
        // Made again from the tags as they are now, in any order, the list is taken.
        const again = await admin.post(`/page/${page}/tags`, { tags: [{ id: water }, { id: bodem }, { name: 'Lucht' }], basedOnTags: [bodem, water] });
        expect(again.status).to.equal(200);
        expect((await pageTagIds(page)).length).to.equal(3);
        // A list that is not an array of ids is bad input.
        const malformed = await admin.post(`/page/${page}/tags`, { tags: [], basedOnTags: 'Water' });
        expect(malformed.status).to.equal(400);
      });

      it('lets an editor set tags, and nobody without a session (401)', async () => {
        const page = await newPage('Toegang');
        expect((await tagPage(page, [{ name: 'Toegang' }], editor)).status).to.equal(200);
        const anonymous = await new ApiClient(app.url).post(`/page/${page}/tags`, { tags: [] });
        expect(anonymous.status).to.equal(401);
      });

      it('makes one tag of two names that differ only in capitals, created at the same moment', async () => {
        const pages = await Promise.all([newPage('Circulair bouwen'), newPage('Circulaire economie')]);
        for (let round = 0; round < 4; round++) {
          const name = `Circulair ${round}`;
          const replies = await Promise.all([tagPage(pages[0], [{ name }]), tagPage(pages[1], [{ name: name.toLowerCase() }])]);
          const made = (await fetchPublic(admin)).filter((t) => t.slug === `circulair-${round}`);
          expect(made, 'tags made').to.have.length(1);
          for (const reply of replies) {
            if (reply.status === 200) expect(reply.body.data.tags[0].id).to.equal(made[0]!.id);
            else expect(errorsOf(reply)).to.deep.equal([ofPage('TG_04', 'tags[0].name')]);
          }
        }
      });
    });

    describe('POST tags/validate', () => {
      it('finds a new name valid', async () => {
        const reply = await ok(editor.post('/tags/validate', { tag: 'Getijdenenergie', locale: 'nl-nl', visibility: 'public' }));
        expect(reply.body.data).to.deep.equal({ valid: true, errors: [], existing: null });
      });

      it('answers the tag that has the name already, by capitals, accents or punctuation, to offer it', async () => {
        const existing = (await byName('Duurzaamheid'))!;
        for (const tag of ['duurzaamheid', 'DUURZÄAMHEID', 'Duurzaamheid.']) {
          const reply = await ok(editor.post('/tags/validate', { tag, locale: 'nl-nl', visibility: 'public' }));
          expect(reply.body.data.valid, tag).to.equal(false);
          expect(reply.body.data.existing, tag).to.deep.include({ id: existing.id, name: 'Duurzaamheid', visibility: 'public' });
          expect(reply.body.data.errors.map((e: { code: string }) => e.code), tag).to.include('TG_04');
        }
        // Another locale has no such tag.
        expect((await ok(editor.post('/tags/validate', { tag: 'duurzaamheid', locale: 'en-gb' }))).body.data).to.include({ valid: true, existing: null });
      });

      it('names the rules a name breaks, with their messages', async () => {
        const reply = await ok(editor.post('/tags/validate', { tag: 'x', locale: 'nl-nl', visibility: 'public' }));
        expect(reply.body.data).to.deep.include({ valid: false, existing: null });
        expect(reply.body.data.errors).to.deep.equal([{ code: 'TG_01', property: 'tag', model: 'tag', message: 'A tag must be at least 2 characters long.' }]);
        expect((await ok(editor.post('/tags/validate', { tag: 'ja!', locale: 'nl-nl' }))).body.data.errors.map((e: { code: string }) => e.code)).to.deep.equal(['TG_03']);
      });

      it('refuses a request without a tag (400 V_01) or with an unknown locale (V_12), and a caller without a session (401)', async () => {
        expect(errorsOf(await editor.post('/tags/validate', { locale: 'nl-nl' }))).to.deep.equal([ofTag('V_01', 'tag')]);
        expect(errorsOf(await editor.post('/tags/validate', { tag: 'Goed', locale: 'xx-xx' }))).to.deep.equal([ofTag('V_12', 'locale')]);
        expect((await new ApiClient(app.url).post('/tags/validate', { tag: 'Goed' })).status).to.equal(401);
      });
    });

    describe('the public and private lists and searches', () => {
      let draftOnly: TagView;
      before(async () => {
        const draft = await newPage('Concept over getijden', { publish: false });
        draftOnly = (await ok(tagPage(draft, [{ name: 'Getijdenstroom' }, { name: 'Geheim project', visibility: 'private' }]))).body.data.tags[0];
        const busy = await newPage('Duurzame energie');
        await ok(tagPage(busy, [{ name: 'Duurzame energie' }, { id: (await byName('Duurzaamheid'))!.id }]));
      });

      it('lists public tags to a visitor only when a published page carries them, counting published pages only', async () => {
        const seen = await fetchPublic(visitor);
        expect(names(seen)).to.include('Duurzaamheid').and.not.include('Getijdenstroom');
        expect(seen.every((t) => t.visibility === 'public' && t.publishedPageCount > 0 && t.pageCount === t.publishedPageCount)).to.equal(true);
        expect(names(await fetchPublic(admin))).to.include('Getijdenstroom');
      });

      it('never shows a private tag in a public call', async () => {
        for (const who of [visitor, admin]) {
          const listed = [...(await fetchPublic(who)), ...(await ok(who.post('/tags/search', { term: '' }))).body.data, ...(await ok(who.post('/tags/search', { term: 'geheim' }))).body.data];
          expect(listed.some((t: TagView) => t.visibility === 'private')).to.equal(false);
        }
        const hidden = await visitor.get('/tags/public?locale=nl-nl&slug=geheim-project');
        expect(hidden.status).to.equal(404);
      });

      it('lists private tags to anyone signed in, and to nobody without a session (401)', async () => {
        expect(names(await fetchPrivate())).to.include('Geheim project').and.include('Intern overleg');
        expect((await ok(editor.get('/tags/fetch-private'))).body.data.every((t: TagView) => t.visibility === 'private')).to.equal(true);
        expect((await new ApiClient(app.url).get('/tags/fetch-private')).status).to.equal(401);
        expect((await new ApiClient(app.url).post('/tags/search-private', { term: 'ge' })).status).to.equal(401);
        expect(names((await ok(editor.post('/tags/search-private', { term: 'GEHEIM' }))).body.data)).to.deep.equal(['Geheim project']);
      });

      it('lists the tags of one locale by name when asked', async () => {
        const english = await fetchPublic(admin, '?locale=en-gb');
        expect(names(english)).to.deep.equal(['Sustainability']);
        const dutch = names(await fetchPublic(admin, '?locale=nl-nl'));
        expect(dutch).to.deep.equal([...dutch].sort((a, b) => a.localeCompare(b, 'nl-nl')));
      });

      it('finds tags by the start of the name or of a word in it, or inside a compound, without capitals or accents, most used first', async () => {
        const found = names((await ok(admin.post('/tags/search', { term: 'DÜUR', locale: 'nl-nl' }))).body.data);
        expect(found[0]).to.equal('Duurzaamheid');
        expect(found).to.include('Duurzame energie');
        // A word that starts with the term before a compound that holds it, when they are used as much.
        expect(names((await ok(admin.post('/tags/search', { term: 'energ', locale: 'nl-nl' }))).body.data)).to.have.members(['Duurzame energie', 'Windenergie']);
        expect(names((await ok(admin.post('/tags/search', { term: 'wind', locale: 'nl-nl' }))).body.data)).to.deep.equal(['Windenergie']);
        expect(names((await ok(admin.post('/tags/search', { term: 'nergie', locale: 'nl-nl' }))).body.data)).to.have.members(['Duurzame energie', 'Windenergie']);
        // The draft's tag is there for an editor, not for a visitor.
        expect(names((await ok(admin.post('/tags/search', { term: 'getijdens' }))).body.data)).to.deep.equal(['Getijdenstroom']);
        expect(names((await ok(visitor.post('/tags/search', { term: 'getijdens' }))).body.data)).to.deep.equal([]);
        expect(draftOnly.name).to.equal('Getijdenstroom');
      });

      it('answers at most 20 tags', async () => {
        const page = await newPage('Veel thema’s');
        await ok(tagPage(page, Array.from({ length: 25 }, (_, i) => ({ name: `Thema ${String(i + 1).padStart(2, '0')}` }))));
        expect((await ok(admin.post('/tags/search', { term: 'thema' }))).body.data).to.have.length(20);
      });

      it('refuses an unknown locale (400 V_12) and an overlong term (V_14)', async () => {
        expect(errorsOf(await visitor.post('/tags/search', { term: 'a', locale: 'xx' }))).to.deep.equal([ofTag('V_12', 'locale')]);
        expect(errorsOf(await visitor.post('/tags/search', { term: 'a'.repeat(101) }))).to.deep.equal([ofTag('V_14', 'term')]);
        expect((await visitor.get('/tags/fetch?locale=xx')).status).to.equal(400);
      });
    });

    describe('GET tags/public (a tag page)', () => {
      it('answers the public tag of a locale by its slug, to HEAD too', async () => {
        const reply = await ok(visitor.get('/tags/public?locale=nl-nl&slug=duurzaamheid'));
        expect(reply.body.data).to.include({ name: 'Duurzaamheid', slug: 'duurzaamheid', locale: 'nl-nl', visibility: 'public' });
        expect(reply.body.data.publishedPageCount).to.be.greaterThan(0);
        expect((await visitor.call('HEAD', '/tags/public?locale=nl-nl&slug=duurzaamheid')).status).to.equal(200);
      });

      it('answers 404 (TG_07) for an unknown slug, another locale, and for a visitor a tag on no published page', async () => {
        const unknown = await visitor.get('/tags/public?locale=nl-nl&slug=bestaat-niet');
        expect(unknown.status).to.equal(404);
        expect(errorsOf(unknown)).to.deep.equal([ofTag('TG_07', 'slug')]);
        expect((await visitor.get('/tags/public?locale=en-gb&slug=duurzaamheid')).status).to.equal(404);
        expect((await visitor.get('/tags/public?locale=nl-nl&slug=getijdenstroom')).status).to.equal(404);
        expect((await visitor.get('/tags/public?locale=nl-nl')).status).to.equal(400);
      });
    });

    describe('POST tags/rename', () => {
      it('is for manage-tags only: 401 without a session, 403 UM_01 for an editor', async () => {
        const tag = (await byName('Windenergie'))!;
        expect((await new ApiClient(app.url).post('/tags/rename', { tagId: tag.id, name: 'Wind' })).status).to.equal(401);
        const refused = await editor.post('/tags/rename', { tagId: tag.id, name: 'Wind' });
        expect(refused.status).to.equal(403);
        expect(errorsOf(refused)).to.deep.equal([{ code: 'UM_01', property: '', model: '' }]);
      });

      it('renames a tag; its pages follow, and its tag page moves to the new slug, the old one leading there', async () => {
        const page = await newPage('Wind op land');
        const tag = (await ok(tagPage(page, [{ name: 'Windmolens' }]))).body.data.tags[0] as TagView;
        const reply = await ok(admin.post('/tags/rename', { tagId: tag.id, name: 'Windturbines' }));
        expect(reply.body.data.tag).to.deep.equal({ id: tag.id, name: 'Windturbines', slug: 'windturbines', locale: 'nl-nl', visibility: 'public' });
        expect(await pageTagIds(page)).to.deep.equal([tag.id]);
        expect(await byName('Windturbines')).to.include({ id: tag.id, pageCount: 1 });
        expect(await byName('Windmolens')).to.equal(undefined);
        expect((await ok(visitor.get('/tags/public?locale=nl-nl&slug=windturbines'))).body.data.id).to.equal(tag.id);
        // The old address answers the tag as it is now (the site redirects to its new slug).
        expect((await ok(visitor.get('/tags/public?locale=nl-nl&slug=windmolens'))).body.data).to.include({ id: tag.id, slug: 'windturbines' });
        // The old name is free again.
        expect((await ok(editor.post('/tags/validate', { tag: 'Windmolens', locale: 'nl-nl' }))).body.data.valid).to.equal(true);
      });

      it('takes a change of capitals only', async () => {
        const tag = (await byName('Windturbines'))!;
        expect((await ok(admin.post('/tags/rename', { tagId: tag.id, name: 'WINDTURBINES' }))).body.data.tag).to.include({ name: 'WINDTURBINES', slug: 'windturbines' });
      });

      it("refuses another tag's name, however written (TG_04), a name against the rules, and an unknown tag (404 TG_07)", async () => {
        const tag = (await byName('WINDTURBINES'))!;
        const taken = await admin.post('/tags/rename', { tagId: tag.id, name: 'duurzaamhéid' });
        expect(taken.status).to.equal(400);
        expect(errorsOf(taken)).to.deep.equal([ofTag('TG_04', 'name')]);
        expect(errorsOf(await admin.post('/tags/rename', { tagId: tag.id, name: 'W' }))).to.deep.equal([ofTag('TG_01', 'name')]);
        const unknown = await admin.post('/tags/rename', { tagId: '0190a000-0000-7000-8000-000000000000', name: 'Iets' });
        expect(unknown.status).to.equal(404);
        expect(errorsOf(unknown)).to.deep.equal([ofTag('TG_07', 'tagId')]);
        expect(errorsOf(await admin.post('/tags/rename', { name: 'Iets' }))).to.deep.equal([ofTag('V_01', 'tagId')]);
      });
    });

    describe('POST tags/merge', () => {
      it('is for manage-tags only: 401 without a session, 403 UM_01 for an editor', async () => {
        const [a, b] = [(await byName('Getij'))!, (await byName('Eb en vloed'))!];
        expect((await new ApiClient(app.url).post('/tags/merge', { tagId: a.id, intoTagId: b.id })).status).to.equal(401);
        expect((await editor.post('/tags/merge', { tagId: a.id, intoTagId: b.id })).status).to.equal(403);
      });

      it('refuses a merge into itself (TG_05), across locales or visibilities (TG_06), and of an unknown tag (404 TG_07)', async () => {
        const dutch = (await byName('Duurzaamheid'))!;
        expect(errorsOf(await admin.post('/tags/merge', { tagId: dutch.id, intoTagId: dutch.id }))).to.deep.equal([ofTag('TG_05', 'intoTagId')]);
        const english = (await byName('Sustainability'))!;
        const acrossLocales = await admin.post('/tags/merge', { tagId: dutch.id, intoTagId: english.id });
        expect(acrossLocales.status).to.equal(400);
        expect(errorsOf(acrossLocales)).to.deep.equal([ofTag('TG_06', 'intoTagId')]);
        const hidden = (await byName('Intern overleg'))!;
        expect(errorsOf(await admin.post('/tags/merge', { tagId: hidden.id, intoTagId: dutch.id }))).to.deep.equal([ofTag('TG_06', 'intoTagId')]);
        const unknown = await admin.post('/tags/merge', { tagId: dutch.id, intoTagId: '0190a000-0000-7000-8000-000000000000' });
        expect(unknown.status).to.equal(404);
        expect(errorsOf(unknown)).to.deep.equal([ofTag('TG_07', 'intoTagId')]);
      });

      it('moves every page of the merged tag to the other, and the merged tag is gone', async () => {
        const onlySource = await newPage('Zeespiegel');
        const both = await newPage('Kustlijn');
        const [into, source] = (await ok(tagPage(both, [{ name: 'Klimaat' }, { name: 'Zeespiegelstijging' }]))).body.data.tags as TagView[];
        await ok(tagPage(onlySource, [{ id: source!.id }]));

        const merged = await ok(admin.post('/tags/merge', { tagId: source!.id, intoTagId: into!.id }));
        expect(merged.body.data).to.deep.include({ mergedTagId: source!.id, into: { id: into!.id, name: 'Klimaat', slug: 'klimaat', locale: 'nl-nl', visibility: 'public' } });
        await mergeSettled(merged.body.data.position);

        expect(await pageTagIds(onlySource)).to.deep.equal([into!.id]);
        expect(await pageTagIds(both)).to.deep.equal([into!.id]);
        expect(await byName('Zeespiegelstijging')).to.equal(undefined);
        expect(await byName('Klimaat')).to.include({ pageCount: 2, publishedPageCount: 2 });
        // The merged tag's address answers the tag its pages went to.
        expect((await ok(visitor.get('/tags/public?locale=nl-nl&slug=zeespiegelstijging'))).body.data).to.include({ id: into!.id, slug: 'klimaat' });
        const history = (await ok(admin.get(`/page/${onlySource}/history`))).body.data;
        expect(history.pop()).to.include({ type: 'PageTagsChanged', summary: 'took the tag it was given by a merge', actorName: 'Administrator' });
        // The merged tag takes no page any more, and a second merge of it is refused.
        expect(errorsOf(await tagPage(both, [{ id: source!.id }]))).to.deep.equal([ofPage('TG_07', 'tags[0].id')]);
        expect((await admin.post('/tags/merge', { tagId: source!.id, intoTagId: into!.id })).status).to.equal(404);
      });

      it('moves the pages of a tag merged into one merged on at once to the last of the chain', async () => {
        const page = await newPage('Ketting');
        const [a, b, c] = (await ok(tagPage(page, [{ name: 'Ketting A' }, { name: 'Ketting B' }, { name: 'Ketting C' }]))).body.data.tags as TagView[];
        await ok(tagPage(page, [{ id: a!.id }]));
        // B is merged on before (or after) the reactor moved the page from A to B: either way it ends at C.
        await ok(admin.post('/tags/merge', { tagId: a!.id, intoTagId: b!.id }));
        const last = await ok(admin.post('/tags/merge', { tagId: b!.id, intoTagId: c!.id }));
        await mergeSettled(last.body.data.position);
        expect(await pageTagIds(page)).to.deep.equal([c!.id]);
        expect(await byName('Ketting C')).to.include({ pageCount: 1 });
      });

      it('lets only one of two crossed merges (A into B, B into A) win', async () => {
        const page = await newPage('Kruising');
        const [a, b] = (await ok(tagPage(page, [{ name: 'Kruis A' }, { name: 'Kruis B' }]))).body.data.tags as TagView[];
        const replies = await Promise.all([admin.post('/tags/merge', { tagId: a!.id, intoTagId: b!.id }), admin.post('/tags/merge', { tagId: b!.id, intoTagId: a!.id })]);
        expect(replies.map((r) => r.status).sort()).to.deep.equal([200, 404]);
        const winner = replies.find((r) => r.status === 200)!;
        await mergeSettled(winner.body.data.position);
        expect(await pageTagIds(page)).to.deep.equal([winner.body.data.into.id]);
      });
    });
  });
}
