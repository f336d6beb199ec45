import { expect } from 'chai';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { permissionNames } from '@pagelog/contracts/permissions';
import { createErrorStore } from '../../../core/errors/error-store';
import { fakePagesApi } from '../../../testing/fake-pages-api';
import { failure, success } from '../../../testing/fake-users-api';
import { aBlock, aPage, aVersion } from '../../../testing/pages';
import { versionContentOf } from './editor-state';
import { memoryStorage } from '../../../testing/memory-storage';
import { createLocalDraftStore, draftKey } from './local-draft-store';
import { createPageEditorStore } from './page-editor-store';

async function setUp({ page = aPage(), version = aVersion(), permissions = [...permissionNames] as string[], storage = memoryStorage() } = {}) {
  const fake = fakePagesApi(page, version);
  const errors = createErrorStore();
  const logged: unknown[] = [];
  const store = createPageEditorStore({
    pageId: page.id,
    pages: fake.api,
    errors,
    drafts: createLocalDraftStore(storage, 'user-1'),
    permissions,
    now: () => new Date('2025-03-03T08:00:00.000Z'),
    logError: (...args) => void logged.push(args),
  });
  await store.load();
  fake.calls.length = 0;
  return { fake, errors, store, storage, logged, editor: () => store.getState().editor! };
}

const conflict409 = (data: unknown) => ({ status: 409, Success: false, Errors: [errorItem('V_07', 'revision', 'page')], data });

describe('the page editor store', () => {
  describe('when it opens a page', () => {
    it('loads the page and its draft version into the editor', async () => {
      const fake = fakePagesApi();
      const store = createPageEditorStore({ pageId: 'page-1', pages: fake.api, errors: createErrorStore(), drafts: createLocalDraftStore(null, 'user-1'), permissions: [] });
      await store.load();
      expect(fake.methods()).to.deep.equal(['get', 'fetchVersion']);
      expect(fake.argsOf('fetchVersion')).to.deep.equal([['version-1']]);
      expect(store.getState().load).to.deep.equal({ status: 'ready' });
      expect(store.getState().editor?.content.title).to.equal('Over ons');
    });

    it('keeps the status code of a failed page fetch', async () => {
      const fake = fakePagesApi();
      fake.answer('get', failure(404, errorItem('PM_01', 'id', 'page')));
      const store = createPageEditorStore({ pageId: 'page-1', pages: fake.api, errors: createErrorStore(), drafts: createLocalDraftStore(null, 'user-1'), permissions: [] });
      await store.load();
      expect(store.getState().load).to.deep.equal({ status: 'failed', httpStatus: 404 });
    });

    it('offers unsaved work kept in this browser when it differs from the server\'s', async () => {
      const storage = memoryStorage();
      const content = { ...versionContentOf(aVersion()), title: 'Onbewaard' };
      storage.setItem(draftKey('user-1', 'page-1'), JSON.stringify({ pageId: 'page-1', revision: 2, versionId: 'version-1', content, settings: { slug: 'over-ons', anchor: '', typeData: aPage().typeData }, savedAt: '2025-03-02T12:00:00.000Z' }));
      const { store, editor } = await setUp({ storage });
      expect(store.getState().localDraft?.savedAt).to.equal('2025-03-02T12:00:00.000Z');
      expect(editor().content.title).to.equal('Over ons');
      store.restoreLocalDraft();
      expect(editor().content.title).to.equal('Onbewaard');
      expect(editor()).to.include({ unsaved: true, contentRevision: 2 });
      expect(store.getState().localDraft).to.equal(null);
    });

    it('drops a kept draft that holds nothing new', async () => {
      const storage = memoryStorage();
      storage.setItem(draftKey('user-1', 'page-1'), JSON.stringify({ pageId: 'page-1', revision: 3, versionId: 'version-1', content: versionContentOf(aVersion()), settings: { slug: 'over-ons', anchor: '', typeData: aPage().typeData }, savedAt: 'x' }));
      const { store } = await setUp({ storage });
      expect(store.getState().localDraft).to.equal(null);
      expect(storage.items.size).to.equal(0);
    });
  });

  describe('while editing', () => {
    it('keeps every change in the browser, and clears it once saved', async () => {
      const { store, storage } = await setUp();
      store.dispatch({ type: 'setTitle', title: 'Wie wij zijn' });
      const kept = JSON.parse(storage.items.get(draftKey('user-1', 'page-1'))!);
      expect(kept).to.deep.include({ pageId: 'page-1', revision: 3, versionId: 'version-1', savedAt: '2025-03-03T08:00:00.000Z' });
      expect(kept.content.title).to.equal('Wie wij zijn');
      expect(await store.save()).to.equal(true);
      expect(storage.items.size).to.equal(0);
    });
  });

  describe('Save', () => {
    it('stores the version with the revision it is based on, then reads the page again', async () => {
      const { fake, store, editor } = await setUp();
      store.dispatch({ type: 'setTitle', title: 'Wie wij zijn' });
      expect(await store.save()).to.equal(true);
      expect(fake.methods()).to.deep.equal(['store', 'get']);
      const [versionId, body, mode] = fake.argsOf('store')[0]!;
      expect([versionId, mode]).to.deep.equal(['version-1', 'store']);
      expect(body).to.deep.include({ pageID: 'page-1', revision: 3, title: 'Wie wij zijn', seoImage: [] });
      expect(editor()).to.include({ unsaved: false, revision: 4, contentRevision: 4 });
      expect(store.getState().message?.key).to.equal('saved');
    });

    it('saves changed page settings first and stores on the revision that save answered', async () => {
      const { fake, store } = await setUp();
      store.dispatch({ type: 'setSlug', slug: 'wie-wij-zijn' });
      store.dispatch({ type: 'setShouldUpdateLinks', value: true });
      store.dispatch({ type: 'setBlockProps', key: 'block-1', props: { text: 'Hallo', level: 2 } });
      expect(await store.save()).to.equal(true);
      expect(fake.methods()).to.deep.equal(['save', 'store', 'get']);
      expect(fake.argsOf('save')[0]).to.deep.equal([
        'page-1',
        { slug: 'wie-wij-zijn', shouldUpdateLinks: true, anchor: '', typeData: aPage().typeData, revision: 3 },
      ]);
      expect(fake.argsOf('store')[0]![1]).to.include({ revision: 4 });
    });

    it('does not store an unchanged version when only the settings changed', async () => {
      const { fake, store, editor } = await setUp();
      store.dispatch({ type: 'setTypeData', typeData: { ...aPage().typeData, author: 'Bea' } });
      expect(await store.save()).to.equal(true);
      expect(fake.methods()).to.deep.equal(['save', 'get']);
      expect(editor().unsaved).to.equal(false);
    });

    it('sends nothing while a block is invalid, and names the block and field', async () => {
      const { fake, store, errors } = await setUp();
      store.dispatch({ type: 'setBlockProps', key: 'block-1', props: { text: '', level: 2 } });
      expect(await store.save()).to.equal(false);
      expect(fake.methods()).to.deep.equal([]);
      expect(errors.get('page-editor').map((error) => error.message)).to.deep.equal(['1. Heading: The Text field is required.']);
      expect(store.getState().showAllErrors).to.equal(true);
      expect(store.getState().editor?.unsaved).to.equal(true);
    });

    it('sends nothing while two blocks share an anchor', async () => {
      const { fake, store, errors } = await setUp();
      store.dispatch({ type: 'setBlockAnchor', key: 'block-1', anchor: 'intro' });
      store.dispatch({ type: 'setBlockAnchor', key: 'block-2', anchor: 'Intro' });
      expect(await store.save()).to.equal(false);
      expect(fake.methods()).to.deep.equal([]);
      expect(errors.get('page-editor').map((error) => error.message)).to.deep.equal(['1. Heading: Already exists on this page.', '2. Rich text: Already exists on this page.']);
    });

    it('asks the API about anchors before storing, and stops when it says one is taken', async () => {
      const { fake, store, errors } = await setUp();
      store.dispatch({ type: 'setBlockAnchor', key: 'block-2', anchor: 'team' });
      fake.answer('anchorAvailable', success({ available: false }));
      expect(await store.save()).to.equal(false);
      expect(fake.argsOf('anchorAvailable')).to.deep.equal([
        [{ anchorName: 'team', blockKey: 'block-2', pageVersionBlocks: [{ key: 'block-1', anchorPoint: '' }, { key: 'block-2', anchorPoint: 'team' }] }],
      ]);
      expect(fake.methods()).to.not.include('store');
      expect(errors.get('page-editor')[0]?.code).to.equal('V_18');
    });

    it('never sends more than one SEO image, and logs it', async () => {
      const { fake, store, errors, logged } = await setUp();
      store.dispatch({ type: 'setSeoImage', image: ['/a.jpg', '/b.jpg'] });
      expect(await store.save()).to.equal(false);
      expect(fake.methods()).to.deep.equal([]);
      expect(logged).to.have.length(1);
      expect(errors.get('page-editor').map((error) => error.message)).to.deep.equal(['The SEO image is not valid.']);
    });

    it('puts the API\'s errors into the page-editor collection and keeps the work', async () => {
      const { fake, store, errors, editor } = await setUp();
      fake.answer('store', failure(400, errorItem('V_07', 'hasPublicationRequest', 'pageVersion')));
      store.dispatch({ type: 'setTitle', title: 'Nieuw' });
      expect(await store.save()).to.equal(false);
      expect(errors.get('page-editor').map((error) => error.code)).to.deep.equal(['V_07']);
      expect(editor()).to.include({ unsaved: true });
      expect(editor().content.title).to.equal('Nieuw');
    });

    it('reloads the page and draft after a merge, and says so', async () => {
      const { fake, store } = await setUp();
      fake.answer('store', success({ pageID: 'page-1', pageVersionID: 'version-1', revision: 9, merged: true }));
      store.dispatch({ type: 'setTitle', title: 'Nieuw' });
      expect(await store.save()).to.equal(true);
      expect(fake.methods()).to.deep.equal(['store', 'get', 'fetchVersion']);
      expect(store.getState().message?.key).to.equal('merged');
    });
  });

  describe('a save that clashes with a newer version (409)', () => {
    const current = { ...versionContentOf(aVersion()), title: 'Hun titel', versionId: 'version-1' };

    it('keeps the editor\'s work next to the newer version, with what clashed', async () => {
      const { fake, store, editor } = await setUp();
      fake.answer('store', conflict409({ currentRevision: 8, conflicts: ['title'], current }));
      store.dispatch({ type: 'setTitle', title: 'Mijn titel' });
      expect(await store.save()).to.equal(false);
      expect(editor().content.title).to.equal('Mijn titel');
      expect(editor().conflict).to.deep.include({ currentRevision: 8, conflicts: ['title'] });
    });

    it('"Keep my version" stores again on the current revision', async () => {
      const { fake, store, editor } = await setUp();
      fake.answer('store', conflict409({ currentRevision: 8, conflicts: ['title'], current }), success({ pageID: 'page-1', pageVersionID: 'version-1', revision: 9, merged: false }));
      store.dispatch({ type: 'setTitle', title: 'Mijn titel' });
      await store.save();
      expect(await store.keepMine()).to.equal(true);
      expect(fake.argsOf('store').map((args) => (args[1] as { revision: number }).revision)).to.deep.equal([3, 8]);
      expect(editor()).to.include({ conflict: null, unsaved: false });
    });

    it('"Use the saved version" takes the newer version', async () => {
      const { fake, store, editor } = await setUp();
      fake.answer('store', conflict409({ currentRevision: 8, conflicts: ['title'], current }));
      store.dispatch({ type: 'setTitle', title: 'Mijn titel' });
      await store.save();
      store.useSaved();
      expect(editor().content.title).to.equal('Hun titel');
      expect(editor()).to.include({ unsaved: false, contentRevision: 8 });
    });

    it('sends settings again on the newer revision when others changed other settings', async () => {
      const { fake, store, editor } = await setUp();
      fake.answer('save', conflict409({ currentRevision: 6 }), success({ pageID: 'page-1', slug: 'nieuw', revision: 7, linksUpdated: 0 }));
      fake.answer('get', success(aPage({ anchor: 'boven', revision: 6 })));
      store.dispatch({ type: 'setSlug', slug: 'nieuw' });
      store.dispatch({ type: 'setTitle', title: 'Nieuw' });
      expect(await store.save()).to.equal(true);
      expect(fake.argsOf('save').map((args) => args[1])).to.deep.equal([
        { slug: 'nieuw', shouldUpdateLinks: false, anchor: '', typeData: aPage().typeData, revision: 3 },
        { slug: 'nieuw', shouldUpdateLinks: false, anchor: 'boven', typeData: aPage().typeData, revision: 6 },
      ]);
      // Others wrote between: the version is stored on its own base revision, so the API merges.
      expect(fake.argsOf('store')[0]![1]).to.include({ revision: 3 });
      expect(editor().settings.anchor).to.equal('boven');
    });

    it('reports a clash of page settings as a conflict', async () => {
      const { fake, store, editor } = await setUp();
      fake.answer('save', conflict409({ currentRevision: 6 }));
      fake.answer('get', success(aPage({ slug: 'hun-slug', revision: 6 })));
      store.dispatch({ type: 'setSlug', slug: 'mijn-slug' });
      expect(await store.save()).to.equal(false);
      expect(fake.methods()).to.deep.equal(['save', 'get']);
      expect(editor().conflict).to.deep.include({ currentRevision: 6, conflicts: ['settings.slug'] });
      expect(editor().settings.slug).to.equal('mijn-slug');
    });
  });

  describe('publication', () => {
    it('Save and publish stores and publishes in one call, then reloads', async () => {
      const { fake, store } = await setUp();
      store.dispatch({ type: 'setTitle', title: 'Nieuw' });
      expect(await store.saveAndPublish()).to.equal(true);
      expect(fake.argsOf('store')[0]![2]).to.equal('publish');
      expect(fake.methods()).to.deep.equal(['store', 'get', 'fetchVersion']);
      expect(store.getState().message?.key).to.equal('published');
    });

    it('puts publish errors into publication-requests', async () => {
      const { fake, store, errors } = await setUp();
      fake.answer('publish', failure(403, errorItem('UM_01')));
      expect(await store.publish()).to.equal(false);
      expect(fake.argsOf('publish')).to.deep.equal([['page-1', 3]]);
      expect(errors.get('publication-requests').map((error) => error.code)).to.deep.equal(['UM_01']);
    });

    it('unpublishes with store-and-unpublish while changes are unsaved', async () => {
      const { fake, store } = await setUp({ page: aPage({ status: 'published', publishedVersionID: 'version-1' }) });
      store.dispatch({ type: 'setTitle', title: 'Nieuw' });
      expect(await store.unpublish()).to.equal(true);
      expect(fake.argsOf('store')[0]![2]).to.equal('unpublish');
      expect(fake.methods()).to.not.include('unpublish');
      expect(store.getState().message?.key).to.equal('unpublished');
    });

    it('request publication stores unsaved changes first, then posts the comment', async () => {
      const { fake, store } = await setUp();
      store.dispatch({ type: 'setTitle', title: 'Nieuw' });
      expect(await store.requestPublication('Graag voor vrijdag')).to.equal(true);
      expect(fake.methods()).to.deep.equal(['store', 'get', 'requestPublication', 'get', 'fetchVersion']);
      expect(fake.argsOf('requestPublication')[0]).to.deep.equal(['page-1', { comment: 'Graag voor vrijdag', revision: 4 }]);
      expect(store.getState().message?.key).to.equal('requested');
    });

    it('rejecting needs feedback', async () => {
      const { fake, store, errors } = await setUp({ page: aPage({ hasPublicationRequest: true, openRequest: { requestId: 'r', versionId: 'version-1', comment: '', requestedBy: 'user-2', requestedAt: 'x' } }) });
      fake.calls.length = 0;
      expect(await store.rejectRequest('  ')).to.equal(false);
      expect(errors.get('publication-requests').map((error) => error.message)).to.deep.equal(['The Feedback field is required.']);
      expect(await store.rejectRequest('Te lang')).to.equal(true);
      expect(fake.argsOf('rejectPublication')).to.deep.equal([['version-1', { feedback: 'Te lang', pageID: 'page-1' }]]);
      expect(store.getState().message?.key).to.equal('rejected');
    });

    it('accepting publishes the version under review', async () => {
      const { fake, store } = await setUp({ page: aPage({ hasPublicationRequest: true, openRequest: { requestId: 'r', versionId: 'version-1', comment: '', requestedBy: 'user-2', requestedAt: 'x' } }) });
      expect(await store.acceptRequest('Mooi')).to.equal(true);
      expect(fake.argsOf('acceptPublication')).to.deep.equal([['version-1', { feedback: 'Mooi', pageID: 'page-1' }]]);
      expect(store.getState().message?.key).to.equal('accepted');
    });
  });

  describe('translations, copies and deletion', () => {
    it('creates a translation and answers the new page\'s id', async () => {
      const { fake, store } = await setUp();
      expect(await store.createTranslation({ newLocale: 'en-gb', title: 'About us', slug: 'about-us' })).to.equal('page-translation');
      expect(fake.argsOf('createTranslation')).to.deep.equal([[{ pageID: 'page-1', newLocale: 'en-gb', title: 'About us', slug: 'about-us' }]]);
    });

    it('checks a copy before asking for it', async () => {
      const { fake, store, errors } = await setUp();
      expect(await store.duplicate({ locale: 'nl-nl', title: '', slug: 'kopie' })).to.equal(null);
      expect(fake.methods()).to.deep.equal([]);
      expect(errors.get('page-editor').map((error) => error.message)).to.deep.equal(['The Title field is required.']);
    });

    it('deletes with the page revision and forgets any kept draft', async () => {
      const { fake, store, storage } = await setUp();
      store.dispatch({ type: 'addBlock', block: aBlock({ key: 'new' }) });
      expect(storage.items.size).to.equal(1);
      expect(await store.deletePage()).to.equal(true);
      expect(fake.argsOf('delete')).to.deep.equal([['page-1', 3]]);
      expect(storage.items.size).to.equal(0);
    });
  });
});
