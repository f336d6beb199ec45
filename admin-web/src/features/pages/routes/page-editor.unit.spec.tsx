import { expect } from 'chai';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { errorItem, messageFor } from '@pagelog/contracts/error-catalogue';
import type { UserView } from '@pagelog/contracts/users/user';
import type { FakeServer } from '../../../testing/fake-server';
import { blockCard, changeTitle, openEditor, pageActions } from '../../../testing/page-editor';
import { aBlock, aPage, aVersion, pageServer } from '../../../testing/pages';
import { renderAdmin } from '../../../testing/render';
import { failure, success } from '../../../testing/replies';
import { aUser } from '../../../testing/users';
import { versionContentOf } from '../state/initial-editor-state';
import { draftKey } from '../state/local-draft-store';
import { diffVersions } from '@pagelog/contracts/pages/version-diff';

const conflict409 = (data: unknown) => ({ status: 409, Success: false, Errors: [errorItem('V_07', 'revision', 'page')], data });
const pinned = aPage({
  hasPublicationRequest: true,
  openRequest: { requestId: 'request-1', versionId: 'version-1', comment: '', requestedBy: 'user-2', requestedAt: '2025-03-04T09:15:00.000Z' },
});

/** The page's endpoints called, in order (the site settings, read again after every command, left out). */
/** The editor's own calls: not the settings, nor the navigation's count of requests awaiting review, nor the tag field's lists (Page Settings of an article), nor the releases panel's list. */
const notPageCalls = new Set(['settingsGet', 'pageFetchRequest', 'tagsFetch', 'tagsFetchPrivate', 'releaseList']);
const pageCalls = (server: FakeServer) => server.endpoints().filter((endpoint) => !notPageCalls.has(endpoint));
const bodyOf = (server: FakeServer, endpoint: Parameters<FakeServer['callsOf']>[0], index = 0) => server.callsOf(endpoint)[index]?.body as Record<string, unknown>;
const status = () => screen.getByText((_, element) => element?.classList.contains('editor__status') ?? false);
const said = (text: string) => waitFor(() => expect(status().textContent).to.equal(text));
/** The messages of the editor's error lists (not a field's own message). */
const errorsShown = () =>
  screen
    .getAllByRole('alert')
    .filter((alert) => alert.tagName === 'UL')
    .flatMap((list) => within(list).getAllByRole('listitem').map((item) => item.textContent));
const field = (label: string, scope: HTMLElement = document.body) => within(scope).getByLabelText(label, { exact: true }) as HTMLInputElement;

async function save(user: UserEvent, button = 'Save'): Promise<void> {
  await user.click(screen.getByRole('button', { name: button }));
}

async function openPageSettings(user: UserEvent): Promise<void> {
  await user.click(screen.getByRole('tab', { name: 'Page Settings' }));
}

async function retype(user: UserEvent, input: HTMLElement, text: string): Promise<void> {
  await user.clear(input);
  if (text !== '') await user.type(input, text);
}

async function editBlock(user: UserEvent, title: string): Promise<HTMLElement> {
  await user.click(within(blockCard(title)).getByRole('button', { name: 'Edit' }));
  return blockCard(title);
}

/** A draft kept in this browser by user-1 for page-1, as the editor keeps one. */
function keepDraft(content: object, { key = draftKey('user-1', 'page-1'), revision = 2 } = {}) {
  localStorage.setItem(
    key,
    JSON.stringify({ pageId: 'page-1', revision, versionId: 'version-1', content, settings: { slug: 'over-ons', anchor: '', typeData: aPage().typeData }, savedAt: '2025-03-02T12:00:00.000Z' }),
  );
}

describe('the page editor at /cmsadmin/pages/{id}', () => {
  // Failed reads and refused checks are logged; the specs that expect them look at what was logged.
  const consoleError = console.error;
  let logged: unknown[][];
  beforeEach(() => {
    logged = [];
    console.error = (...args: unknown[]) => void logged.push(args);
  });
  afterEach(() => {
    console.error = consoleError;
  });

  describe('when it opens a page', () => {
    it('reads the page, then its draft version', async () => {
      const server = pageServer();
      renderAdmin('/pages/page-1', { server });
      expect(await screen.findByRole('heading', { level: 1, name: 'Over ons' })).to.exist;
      expect(pageCalls(server)).to.deep.equal(['pageGet', 'pageVersionFetch']);
      expect(server.callsOf('pageVersionFetch')[0]!.params).to.deep.equal({ versionId: 'version-1' });
    });

    it('shows the pages above it by path as links to their editors, and a path without a page as text', async () => {
      const page = aPage({
        slug: 'onderzoek/2025/over-ons',
        path: '/onderzoek/2025/over-ons',
        breadcrumbs: [
          { pageID: 'page-home', title: 'Home', slug: 'home', path: '/' },
          { pageID: 'page-research', title: 'Onderzoek', slug: 'onderzoek', path: '/onderzoek' },
          { pageID: null, title: '2025', slug: 'onderzoek/2025', path: '/onderzoek/2025' },
        ],
      });
      await openEditor({ page });
      const crumbs = screen.getByRole('navigation', { name: 'Where the page is' });
      expect(within(crumbs).getAllByRole('listitem').map((item) => item.textContent)).to.deep.equal(['Home', 'Onderzoek', '2025', 'Over ons']);
      expect(within(crumbs).getByRole('link', { name: 'Onderzoek' }).getAttribute('href')).to.equal('/cmsadmin/pages/page-research');
      expect(within(crumbs).queryByRole('link', { name: '2025' })).to.equal(null);
      expect(within(crumbs).getByText('Over ons').getAttribute('aria-current')).to.equal('page');
    });

    it('shows no breadcrumbs for the home page', async () => {
      await openEditor({ page: aPage({ slug: 'home', path: '/', breadcrumbs: [] }) });
      expect(screen.queryByRole('navigation', { name: 'Where the page is' })).to.equal(null);
    });

    it('says a page that does not exist is not found', async () => {
      const server = pageServer();
      server.answer('pageGet', failure(404, errorItem('PM_01', 'id', 'page')));
      renderAdmin('/pages/page-1', { server });
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).to.exist;
      expect(screen.getByText('This page does not exist, or it has been deleted.')).to.exist;
      expect(screen.getByRole('link', { name: 'Back to the page overview' })).to.exist;
      expect(screen.queryByRole('button', { name: 'Try again' })).to.equal(null);
    });

    it('says with the status when the page could not be read, and reads it again on Try again', async () => {
      const server = pageServer();
      server.answer('pageGet', failure(500), success(aPage()));
      const { user } = renderAdmin('/pages/page-1', { server });
      expect(await screen.findByRole('heading', { level: 1, name: 'The page could not be loaded' })).to.exist;
      expect(screen.getByText('The page could not be loaded (status 500).')).to.exist;
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Over ons' })).to.exist;
    });

    it('offers unsaved work kept in this browser when it differs from the server\'s, and restores it', async () => {
      keepDraft({ ...versionContentOf(aVersion()), title: 'Onbewaard' });
      const server = pageServer();
      const { user } = await openEditor({ server });
      expect(screen.getByText(/^You have unsaved changes from 2 Mar 2025, \d\d:00 in this browser\.$/)).to.exist;
      expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Over ons');
      await user.click(screen.getByRole('button', { name: 'Restore' }));
      expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Onbewaard');
      expect(screen.getByText('Unsaved changes')).to.exist;
      expect(screen.queryByRole('button', { name: 'Restore' })).to.equal(null);
      // Stored on the revision the kept work was based on, so the API can merge.
      await save(user);
      await said('Page saved.');
      expect(bodyOf(server, 'pageVersionStore')).to.include({ revision: 2, title: 'Onbewaard' });
    });

    it('forgets the kept work on Discard', async () => {
      keepDraft({ ...versionContentOf(aVersion()), title: 'Onbewaard' });
      const { user } = await openEditor();
      await user.click(screen.getByRole('button', { name: 'Discard' }));
      expect(screen.queryByRole('button', { name: 'Restore' })).to.equal(null);
      expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Over ons');
      expect(localStorage.length).to.equal(0);
    });

    it('drops a kept draft that holds nothing new', async () => {
      keepDraft(versionContentOf(aVersion()), { revision: 3 });
      await openEditor();
      expect(screen.queryByRole('button', { name: 'Restore' })).to.equal(null);
      expect(localStorage.length).to.equal(0);
    });
  });

  describe('while editing', () => {
    it('keeps every change in the browser, and clears it once saved', async () => {
      const { user } = await openEditor();
      await changeTitle(user, 'Wie wij zijn');
      const kept = JSON.parse(localStorage.getItem(draftKey('user-1', 'page-1'))!);
      expect(kept).to.deep.include({ pageId: 'page-1', revision: 3, versionId: 'version-1' });
      expect(kept.content.title).to.equal('Wie wij zijn');
      expect(new Date(kept.savedAt).getTime()).to.be.closeTo(Date.now(), 60_000);
      await save(user);
      await said('Page saved.');
      expect(localStorage.length).to.equal(0);
    });
  });

  describe('Save', () => {
    it('stores the version with the revision it is based on, then reads the page again', async () => {
      const server = pageServer();
      const { user } = await openEditor({ server });
      await changeTitle(user, 'Wie wij zijn');
      await save(user);
      await said('Page saved.');
      expect(pageCalls(server).slice(0, 2)).to.deep.equal(['pageVersionStore', 'pageGet']);
      const store = server.callsOf('pageVersionStore')[0]!;
      expect(store.params).to.deep.equal({ id: 'version-1' });
      expect(store.body).to.deep.include({ pageID: 'page-1', revision: 3, title: 'Wie wij zijn', seoImage: [] });
      expect(screen.queryByText('Unsaved changes')).to.equal(null);
      expect(pageActions()[0]!.disabled).to.equal(true);
      // The next save is based on the revision this one answered.
      await changeTitle(user, 'Wie wij echt zijn');
      await save(user);
      await waitFor(() => expect(server.callsOf('pageVersionStore')).to.have.length(2));
      expect(bodyOf(server, 'pageVersionStore', 1)).to.include({ revision: 4 });
    });

    it('saves changed page settings first and stores on the revision that save answered', async () => {
      const server = pageServer();
      const { user } = await openEditor({ server });
      const card = await editBlock(user, '1. Heading');
      await retype(user, field('Text', card), 'Hallo');
      await openPageSettings(user);
      await retype(user, field('Slug'), 'wie-wij-zijn');
      await user.click(screen.getByRole('checkbox', { name: 'Update links to this page' }));
      await save(user);
      await said('Page saved.');
      const calls = pageCalls(server);
      expect(calls.indexOf('pageSave')).to.be.lessThan(calls.indexOf('pageVersionStore'));
      expect(calls.lastIndexOf('pageGet')).to.be.greaterThan(calls.indexOf('pageVersionStore'));
      expect(server.callsOf('pageSave')[0]!.params).to.deep.equal({ id: 'page-1' });
      expect(bodyOf(server, 'pageSave')).to.deep.equal({ slug: 'wie-wij-zijn', shouldUpdateLinks: true, anchor: '', typeData: aPage().typeData, revision: 3 });
      expect(bodyOf(server, 'pageVersionStore')).to.include({ revision: 4 });
      expect((bodyOf(server, 'pageVersionStore').blocks as { props: unknown }[])[0]!.props).to.deep.equal({ text: 'Hallo', level: 2 });
    });

    it('does not store an unchanged version when only the settings changed', async () => {
      const server = pageServer();
      const { user } = await openEditor({ server });
      await openPageSettings(user);
      await retype(user, field('Author'), 'Bea');
      await save(user);
      await said('Page saved.');
      expect(server.callsOf('pageSave')).to.have.length(1);
      expect(bodyOf(server, 'pageSave').typeData).to.deep.equal({ ...aPage().typeData, author: 'Bea' });
      expect(server.callsOf('pageVersionStore')).to.deep.equal([]);
      expect(screen.queryByText('Unsaved changes')).to.equal(null);
    });

    it('sends nothing while a block is invalid, and names the block and field', async () => {
      const server = pageServer();
      const { user } = await openEditor({ server });
      const card = await editBlock(user, '1. Heading');
      await retype(user, field('Text', card), '');
      await save(user);
      await waitFor(() => expect(errorsShown()).to.deep.equal(['1. Heading: The Text field is required.']));
      expect(pageCalls(server)).to.deep.equal([]);
      // Every field shows its message now, touched or not.
      expect(within(blockCard('1. Heading')).getByText('The Text field is required.')).to.exist;
      expect(screen.getByText('Unsaved changes')).to.exist;
    });

    it('sends nothing while two blocks share an anchor', async () => {
      const server = pageServer();
      const { user } = await openEditor({ server });
      await user.type(field('Anchor', await editBlock(user, '1. Heading')), 'intro');
      await user.type(field('Anchor', await editBlock(user, '2. Rich text')), 'Intro');
      await save(user);
      await waitFor(() => expect(errorsShown()).to.deep.equal(['1. Heading: Already exists on this page.', '2. Rich text: Already exists on this page.']));
      expect(pageCalls(server)).to.deep.equal([]);
    });

    it('asks the API about anchors before storing, and stops when it says one is taken', async () => {
      const server = pageServer();
      server.answer('pageAnchorAvailable', success({ available: false }));
      const { user } = await openEditor({ server });
      await user.type(field('Anchor', await editBlock(user, '2. Rich text')), 'team');
      await save(user);
      await waitFor(() => expect(errorsShown()).to.deep.equal(['2. Rich text: Already exists on this page.']));
      expect(server.callsOf('pageAnchorAvailable').map((call) => call.body)).to.deep.equal([
        { anchorName: 'team', blockKey: 'block-2', pageVersionBlocks: [{ key: 'block-1', anchorPoint: '' }, { key: 'block-2', anchorPoint: 'team' }] },
      ]);
      expect(pageCalls(server)).to.not.include('pageVersionStore');
    });

    it('never sends more than one SEO image, and logs it', async () => {
      keepDraft({ ...versionContentOf(aVersion()), seoImage: ['/a.jpg', '/b.jpg'] });
      const server = pageServer();
      const { user } = await openEditor({ server });
      await user.click(screen.getByRole('button', { name: 'Restore' }));
      await save(user);
      await waitFor(() => expect(errorsShown()).to.deep.equal(['The SEO image is not valid.']));
      expect(pageCalls(server)).to.deep.equal([]);
      expect(logged.map(([message]) => message)).to.include('A page version may have at most one SEO image; the save was not sent.');
    });

    it('shows the API\'s errors and keeps the work', async () => {
      const server = pageServer();
      server.answer('pageVersionStore', failure(400, errorItem('V_07', 'hasPublicationRequest', 'pageVersion')));
      const { user } = await openEditor({ server });
      await changeTitle(user, 'Nieuw');
      await save(user);
      await waitFor(() => expect(errorsShown()).to.deep.equal([messageFor('V_07', 'hasPublicationRequest')]));
      expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Nieuw');
      expect(screen.getByText('Unsaved changes')).to.exist;
    });

    it('takes the merged draft in after a merge, and says so', async () => {
      const server = pageServer();
      const { user } = await openEditor({ server });
      server.answer('pageVersionStore', success({ pageID: 'page-1', pageVersionID: 'version-1', revision: 9, merged: true }));
      server.answer('pageVersionFetch', success({ pageVersion: aVersion({ title: 'Nieuw', seoTitle: 'Hun SEO-titel' }) }));
      await changeTitle(user, 'Nieuw');
      await save(user);
      await said('Your changes were merged with changes saved since you opened the page.');
      expect(pageCalls(server).slice(0, 3)).to.deep.equal(['pageVersionStore', 'pageGet', 'pageVersionFetch']);
      await user.click(screen.getByRole('tab', { name: 'SEO Settings' }));
      expect(field('SEO title').value).to.equal('Hun SEO-titel');
    });
  });

  describe('a save that clashes with a newer version (409)', () => {
    const current = { ...versionContentOf(aVersion()), title: 'Hun titel', versionId: 'version-1' };

    async function clash(server = pageServer()) {
      const view = await openEditor({ server });
      await changeTitle(view.user, 'Mijn titel');
      await save(view.user);
      await screen.findByText('Your changes clash with changes saved since you opened the page');
      return view;
    }

    it('keeps the editor\'s work next to the newer version, with what clashed', async () => {
      const server = pageServer();
      server.answer('pageVersionStore', conflict409({ currentRevision: 8, conflicts: ['title'], current }));
      await clash(server);
      expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Mijn titel');
      expect(screen.getByText('Title', { selector: 'li' })).to.exist;
    });

    it('"Keep my version" stores again on the current revision', async () => {
      const server = pageServer();
      server.answer('pageVersionStore', conflict409({ currentRevision: 8, conflicts: ['title'], current }), success({ pageID: 'page-1', pageVersionID: 'version-1', revision: 9, merged: false }));
      const { user } = await clash(server);
      await user.click(screen.getByRole('button', { name: 'Keep my version' }));
      await said('Page saved.');
      expect(server.callsOf('pageVersionStore').map((call) => (call.body as { revision: number }).revision)).to.deep.equal([3, 8]);
      expect(screen.queryByText('Your changes clash with changes saved since you opened the page')).to.equal(null);
      expect(screen.queryByText('Unsaved changes')).to.equal(null);
    });

    it('"Use the saved version" takes the newer version', async () => {
      const server = pageServer();
      server.answer('pageVersionStore', conflict409({ currentRevision: 8, conflicts: ['title'], current }), success({ pageID: 'page-1', pageVersionID: 'version-1', revision: 9, merged: false }));
      const { user } = await clash(server);
      await user.click(screen.getByRole('button', { name: 'Use the saved version' }));
      expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Hun titel');
      expect(screen.queryByText('Unsaved changes')).to.equal(null);
      // Further work is based on the newer version.
      await changeTitle(user, 'Onze titel');
      await save(user);
      await said('Page saved.');
      expect(bodyOf(server, 'pageVersionStore', 1)).to.include({ revision: 8, title: 'Onze titel' });
    });

    it('sends settings again on the newer revision when others changed other settings', async () => {
      const server = pageServer();
      const { user } = await openEditor({ server });
      server.answer('pageSave', conflict409({ currentRevision: 6 }), success({ pageID: 'page-1', slug: 'nieuw', revision: 7, linksUpdated: 0 }));
      server.answer('pageGet', success(aPage({ anchor: 'boven', revision: 6 })));
      await openPageSettings(user);
      await retype(user, field('Slug'), 'nieuw');
      await retype(user, field('Title'), 'Nieuw');
      await save(user);
      await said('Page saved.');
      expect(server.callsOf('pageSave').map((call) => call.body)).to.deep.equal([
        { slug: 'nieuw', shouldUpdateLinks: false, anchor: '', typeData: aPage().typeData, revision: 3 },
        { slug: 'nieuw', shouldUpdateLinks: false, anchor: 'boven', typeData: aPage().typeData, revision: 6 },
      ]);
      // Others wrote between: the version is stored on its own base revision, so the API merges.
      expect(bodyOf(server, 'pageVersionStore')).to.include({ revision: 3 });
      expect(field('Anchor').value).to.equal('boven');
    });

    it('reports a clash of page settings as a conflict', async () => {
      const server = pageServer();
      const { user } = await openEditor({ server });
      server.answer('pageSave', conflict409({ currentRevision: 6 }));
      server.answer('pageGet', success(aPage({ slug: 'hun-slug', revision: 6 })));
      await openPageSettings(user);
      await retype(user, field('Slug'), 'mijn-slug');
      await save(user);
      await screen.findByText('Your changes clash with changes saved since you opened the page');
      expect(screen.getByText('Slug', { selector: 'li' })).to.exist;
      expect(pageCalls(server).filter((endpoint) => endpoint !== 'pageSlugAvailable')).to.deep.equal(['pageSave', 'pageGet']);
      expect(field('Slug').value).to.equal('mijn-slug');
    });
  });

  describe('publication', () => {
    it('Save and publish stores and publishes in one call, then reads the page and its draft again', async () => {
      const server = pageServer();
      const { user } = await openEditor({ server });
      await changeTitle(user, 'Nieuw');
      await save(user, 'Save and publish');
      await said('Page published.');
      expect(pageCalls(server).slice(0, 3)).to.deep.equal(['pageStoreAndPublish', 'pageGet', 'pageVersionFetch']);
      expect(server.callsOf('pageStoreAndPublish')[0]!.params).to.deep.equal({ id: 'version-1' });
    });

    it('shows a refused publish among the publication errors', async () => {
      const server = pageServer();
      server.answer('pagePublish', failure(403, errorItem('UM_01')));
      const { user } = await openEditor({ server });
      await save(user, 'Publish');
      await waitFor(() => expect(errorsShown()).to.deep.equal(['You are not authorized to do this action.']));
      expect(server.callsOf('pagePublish').map((call) => [call.params, call.body])).to.deep.equal([[{ id: 'page-1' }, { revision: 3 }]]);
    });

    it('unpublishes with store-and-unpublish while changes are unsaved', async () => {
      const server = pageServer(aPage({ status: 'published', publishedVersionID: 'version-1' }));
      const { user } = await openEditor({ server });
      await changeTitle(user, 'Nieuw');
      await save(user, 'Unpublish');
      const dialog = within(screen.getByRole('dialog', { name: 'Unpublish page' }));
      expect(dialog.getByText('Your unsaved changes will be saved, and Nieuw taken off the public site.')).to.exist;
      await user.click(dialog.getByRole('button', { name: 'Unpublish' }));
      await said('Page unpublished.');
      expect(pageCalls(server)).to.include('pageStoreAndUnpublish');
      expect(pageCalls(server)).to.not.include('pageUnpublish');
      expect(screen.queryByRole('dialog')).to.equal(null);
    });

    it('request publication stores unsaved changes first, then posts the comment', async () => {
      const server = pageServer();
      const { user } = await openEditor({ server });
      await changeTitle(user, 'Nieuw');
      await save(user, 'Request publication');
      const dialog = within(screen.getByRole('dialog', { name: 'Request publication' }));
      expect(dialog.getByText('Your unsaved changes are saved first.')).to.exist;
      await user.type(dialog.getByLabelText('Comment'), 'Graag voor vrijdag');
      await user.click(dialog.getByRole('button', { name: 'Send request' }));
      await said('Publication requested.');
      const calls = pageCalls(server);
      expect(calls.indexOf('pageVersionStore')).to.be.lessThan(calls.indexOf('pageRequestPublication'));
      expect(server.callsOf('pageRequestPublication').map((call) => [call.params, call.body])).to.deep.equal([
        [{ id: 'page-1' }, { comment: 'Graag voor vrijdag', revision: 4 }],
      ]);
      expect(screen.queryByRole('dialog')).to.equal(null);
    });

    it('offers the reviewer a signed link to the version as the site will show it', async () => {
      const server = pageServer(pinned);
      server.answer('pageVersionPreviewLink', success({ url: '/_preview/abc.def.ghi', expiresAt: '2026-12-01T10:00:00Z' }));
      const { user } = await openEditor({ server });
      await save(user, 'Review request');
      const dialog = within(screen.getByRole('dialog', { name: 'Review request' }));
      const link = await dialog.findByRole('link', { name: 'Open the version as the site will show it' });
      expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).to.deep.equal(['/_preview/abc.def.ghi', '_blank', 'noopener noreferrer']);
      expect(dialog.getByText(/the link works until .* and can be shared/)).to.exist;
    });

    it('shows the reviewer what the version changes against the live one, block by block', async () => {
      const live = aVersion({ id: 'version-0', title: 'Over ons', blocks: [aBlock({ key: 'block-1', props: { text: 'Welkom', level: 2 } }), aBlock({ type: 'text', key: 'old', props: { html: '<p>Oude tekst</p>' } })] });
      const next = aVersion({ id: 'version-1', title: 'Over ons', blocks: [aBlock({ key: 'block-1', props: { text: 'Welkom bij ons', level: 2 } }), aBlock({ key: 'new', props: { text: 'Nieuwe kop', level: 2 } })] });
      const server = pageServer({ ...pinned, publishedVersionID: 'version-0' }, next);
      server.answer('pageVersionFetch', (call) => success({ pageVersion: (call.params as { versionId: string }).versionId === 'version-0' ? live : next }));
      const { user } = await openEditor({ server });
      await save(user, 'Review request');
      const dialog = within(screen.getByRole('dialog', { name: 'Review request' }));
      await dialog.findByText('Nieuwe kop', { exact: false });
      const lines = dialog.getAllByRole('listitem').map((item) => item.textContent);
      expect(lines).to.include.members(['Changed: Heading “Welkom bij ons”: Text', 'Added: Heading “Nieuwe kop”', 'Removed: Rich text “Oude tekst”']);
      expect(server.callsOf('pageVersionFetch').map((call) => call.params)).to.deep.include({ versionId: 'version-0' });
      // In detail: the comparison with the live version, word by word (issue 17).
      await user.click(dialog.getByText('Show the changes in detail, word by word'));
      await dialog.findByText('1 added, 1 removed, 1 changed, 0 moved; 0 page fields changed');
      expect([...screen.getByRole('dialog', { name: 'Review request' }).querySelectorAll('ins')].map((ins) => ins.textContent?.trim())).to.include('bij ons');
    });

    it('rejecting needs feedback', async () => {
      const server = pageServer(pinned);
      const { user } = await openEditor({ server });
      await save(user, 'Review request');
      const dialog = within(screen.getByRole('dialog', { name: 'Review request' }));
      await user.click(dialog.getByRole('button', { name: 'Reject' }));
      await waitFor(() => expect(within(dialog.getByRole('alert')).getByRole('listitem').textContent).to.equal('The Feedback field is required.'));
      expect(dialog.getByLabelText('Feedback').getAttribute('aria-invalid')).to.equal('true');
      // Nothing decided: the only calls are reads, the version's preview link and the live version to compare with.
      expect(pageCalls(server).filter((endpoint) => endpoint !== 'pageVersionFetch')).to.deep.equal(['pageVersionPreviewLink']);
      expect(server.callsOf('pageVersionPreviewLink')[0]!.params).to.deep.equal({ id: 'version-1' });
      await user.type(dialog.getByLabelText('Feedback'), 'Te lang');
      await user.click(dialog.getByRole('button', { name: 'Reject' }));
      await said('Request rejected.');
      expect(server.callsOf('pageRejectPublication').map((call) => [call.params, call.body])).to.deep.equal([
        [{ id: 'version-1' }, { feedback: 'Te lang', pageID: 'page-1' }],
      ]);
      expect(screen.queryByRole('dialog')).to.equal(null);
    });

    it('accepting publishes the version under review', async () => {
      const server = pageServer(pinned);
      const { user } = await openEditor({ server });
      await save(user, 'Review request');
      const dialog = within(screen.getByRole('dialog', { name: 'Review request' }));
      await user.type(dialog.getByLabelText('Feedback'), 'Mooi');
      await user.click(dialog.getByRole('button', { name: 'Accept and publish' }));
      await said('Request accepted.');
      expect(server.callsOf('pageAcceptPublication').map((call) => [call.params, call.body])).to.deep.equal([
        [{ id: 'version-1' }, { feedback: 'Mooi', pageID: 'page-1' }],
      ]);
    });
  });

  describe('translations, copies and deletion', () => {
    it('creates a translation, with the slug following its title, and opens it', async () => {
      const server = pageServer();
      const { user, router } = await openEditor({ server });
      await user.click(screen.getByRole('tab', { name: 'Translations' }));
      await user.click(screen.getByRole('button', { name: 'Add translation' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Add translation' }));
      expect(dialog.getByRole('combobox', { name: 'Locale' })).to.have.property('value', 'en-gb');
      expect(field('Slug', screen.getByRole('dialog')).value).to.equal('over-ons');
      await retype(user, dialog.getByLabelText('Title'), 'About us');
      expect(field('Slug', screen.getByRole('dialog')).value).to.equal('about-us');
      await user.click(dialog.getByRole('button', { name: 'Create translation' }));
      await waitFor(() => expect(router.state.location.pathname).to.equal('/cmsadmin/pages/page-translation'));
      expect(server.callsOf('pageCreateTranslation').map((call) => call.body)).to.deep.equal([
        { pageID: 'page-1', newLocale: 'en-gb', title: 'About us', slug: 'about-us' },
      ]);
    });

    it('makes a translation\'s slug from its title under the same parent path, following the translated title', async () => {
      const server = pageServer(aPage({ slug: 'expertise/energie', title: 'Energie' }), aVersion({ title: 'Energie en klimaat' }));
      const { user } = await openEditor({ server });
      await user.click(screen.getByRole('tab', { name: 'Translations' }));
      await user.click(screen.getByRole('button', { name: 'Add translation' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Add translation' }));
      expect(field('Slug', screen.getByRole('dialog')).value).to.equal('expertise/energie-en-klimaat');
      await retype(user, dialog.getByLabelText('Title'), 'Energy and climate');
      expect(field('Slug', screen.getByRole('dialog')).value).to.equal('expertise/energy-and-climate');
    });

    it('checks a copy before asking for it', async () => {
      const server = pageServer();
      const { user } = await openEditor({ server });
      await save(user, 'Duplicate');
      const dialog = within(screen.getByRole('dialog', { name: 'Duplicate page' }));
      expect(dialog.getByLabelText('Title')).to.have.property('value', 'Over ons (copy)');
      expect(dialog.getByLabelText('Slug')).to.have.property('value', 'over-ons-copy');
      await retype(user, dialog.getByLabelText('Title'), '');
      await retype(user, dialog.getByLabelText('Slug'), 'kopie');
      await user.click(dialog.getByRole('button', { name: 'Duplicate' }));
      await waitFor(() => expect(within(dialog.getByRole('alert')).getByRole('listitem').textContent).to.equal('The Title field is required.'));
      expect(dialog.getByLabelText('Title').getAttribute('aria-invalid')).to.equal('true');
      expect(server.callsOf('pageDuplicate')).to.deep.equal([]);
    });

    it('deletes with the page revision, forgets any kept draft and goes to the overview without asking', async () => {
      const server = pageServer();
      const { user, router } = await openEditor({ server });
      await user.click(screen.getByRole('button', { name: 'Add block' }));
      await user.click(within(screen.getByRole('dialog', { name: 'Add block' })).getByRole('button', { name: 'Heading' }));
      expect(localStorage.length).to.equal(1);
      await save(user, 'Delete');
      await user.click(within(screen.getByRole('dialog', { name: 'Delete page' })).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Page overview' })).to.exist;
      expect(router.state.location.pathname).to.equal('/cmsadmin');
      expect(server.callsOf('pageDelete').map((call) => [call.params, call.body])).to.deep.equal([[{ id: 'page-1' }, { revision: 3 }]]);
      expect(localStorage.length).to.equal(0);
      expect(screen.queryByRole('dialog')).to.equal(null);
    });
  });

  describe('versions (issue 17)', () => {
    it('restores a block of an older version into the draft from the comparison, and a save stores it as a new version', async () => {
      const draft = aVersion({ id: 'version-1', title: 'Over ons', blocks: [aBlock({ key: 'block-1', props: { text: 'Welkom', level: 2 } })] });
      const older = aVersion({ id: 'version-0', title: 'Over ons', blocks: [aBlock({ key: 'block-1', props: { text: 'Welkom', level: 2 } }), aBlock({ key: 'kwijt', props: { text: 'Onze geschiedenis', level: 2 } })] });
      const summary = (id: string, extra: Record<string, unknown>) => ({ versionId: id, storedAt: '2026-12-01T10:00:00.000Z', storedBy: 'user-1', storedByName: 'Ada', basedOnVersionId: null, published: false, isDraft: false, isLive: false, ...extra });
      const server = pageServer(aPage(), draft, {
        pageVersions: success([summary('version-1', { isDraft: true }), summary('version-0', { published: true })]),
        pageCompare: success({ pageID: 'page-1', from: summary('version-0', { published: true }), to: summary('version-1', { isDraft: true }), diff: diffVersions(older, draft) }),
      });
      const { user } = await openEditor({ server });
      await user.click(screen.getByText('Versions'));
      await user.click(await screen.findByRole('button', { name: 'Compare' }));
      const dialog = await screen.findByRole('dialog', { name: 'Compare versions' });
      await user.click(within(dialog).getByRole('button', { name: 'Restore the block Heading kwijt as it was' }));
      await screen.findByText('The block is back in the draft as it was. Save to keep it.');
      expect(screen.queryByRole('dialog')).to.equal(null);
      await save(user);
      await waitFor(() => expect(server.callsOf('pageVersionStore')).to.have.length(1));
      const blocks = bodyOf(server, 'pageVersionStore').blocks as { key: string; props: { text: string } }[];
      expect(blocks.map((b) => [b.key, b.props.text])).to.deep.equal([
        ['block-1', 'Welkom'],
        ['kwijt', 'Onze geschiedenis'],
      ]);
    });
  });

  describe('versions: the whole version (issue 17)', () => {
    it('restores a whole older version, every field of it, into the draft', async () => {
      const draft = aVersion({ id: 'version-1', title: 'Wie wij zijn', blocks: [aBlock({ key: 'block-1', props: { text: 'Welkom', level: 2 } })] });
      const older = aVersion({ id: 'version-0', title: 'Over ons', blocks: [aBlock({ key: 'oud', props: { text: 'Onze geschiedenis', level: 2 } })] });
      const summary = (id: string, extra: Record<string, unknown>) => ({ versionId: id, storedAt: '2026-12-01T10:00:00.000Z', storedBy: 'user-1', storedByName: 'Ada', basedOnVersionId: null, published: false, isDraft: false, isLive: false, publication: [], ...extra });
      const server = pageServer(aPage(), draft, {
        pageVersions: success([summary('version-1', { isDraft: true }), summary('version-0', { published: true })]),
        pageCompare: success({ pageID: 'page-1', from: summary('version-0', { published: true }), to: summary('version-1', { isDraft: true }), diff: diffVersions(older, draft) }),
      });
      server.answer('pageVersionFetch', (call) => success({ pageVersion: (call.params as { versionId: string }).versionId === 'version-0' ? older : draft }));
      const { user } = await openEditor({ server });
      await user.click(screen.getByText('Versions'));
      await user.click(await screen.findByRole('button', { name: 'Compare' }));
      const dialog = await screen.findByRole('dialog', { name: 'Compare versions' });
      await user.click(within(dialog).getByRole('button', { name: 'Restore this whole version into the draft' }));
      await screen.findByText('The older version is in the draft now. Save to keep it; it goes through the usual workflow.');
      await save(user);
      await waitFor(() => expect(server.callsOf('pageVersionStore')).to.have.length(1));
      const body = bodyOf(server, 'pageVersionStore') as { title: string; blocks: { key: string }[] };
      expect(body.title).to.equal('Over ons');
      expect(body.blocks.map((b) => b.key)).to.deep.equal(['oud']);
    });
  });

  describe('leaving with unsaved changes', () => {
    it('asks first: Stay keeps the work, Leave without saving forgets it', async () => {
      const { user, router } = await openEditor();
      await changeTitle(user, 'Onbewaard');
      const overview = () => within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Page overview' });
      await user.click(overview());
      await user.click(within(screen.getByRole('dialog', { name: 'You have unsaved changes' })).getByRole('button', { name: 'Stay' }));
      expect(router.state.location.pathname).to.equal('/cmsadmin/pages/page-1');
      expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Onbewaard');
      await user.click(overview());
      await user.click(within(screen.getByRole('dialog', { name: 'You have unsaved changes' })).getByRole('button', { name: 'Leave without saving' }));
      await waitFor(() => expect(router.state.location.pathname).to.equal('/cmsadmin'));
      expect(localStorage.length).to.equal(0);
    });
  });

  describe('unsaved work kept in this browser', () => {
    const author = aUser();
    const nextUser = aUser({ ID: 'user-2', name: 'Ed Itor', email: 'ed@example.com' });

    /** Whether the editor offers kept work back: the notice with Restore and Discard. */
    async function offeredTo(user: UserView): Promise<boolean> {
      cleanup();
      await openEditor({ signedIn: user });
      const notice = screen.queryByText(/^You have unsaved changes from .* in this browser\.$/) !== null;
      const restore = screen.queryByRole('button', { name: 'Restore' }) !== null;
      expect(notice, 'the notice and its Restore button come together').to.equal(restore);
      return restore;
    }

    /** A user changes the title and leaves it unsaved: the editor keeps it in the browser. */
    async function leaveUnsaved(user: UserView, title = 'Onbewaard'): Promise<void> {
      cleanup();
      const view = await openEditor({ signedIn: user });
      await changeTitle(view.user, title);
    }

    it('is offered back to its author, with Restore and Discard', async () => {
      await leaveUnsaved(author);
      expect(await offeredTo(author)).to.equal(true);
      expect(screen.getByRole('button', { name: 'Discard' })).to.exist;
    });

    it('is not offered to another user who signs in on this browser', async () => {
      await leaveUnsaved(author);
      expect(await offeredTo(nextUser)).to.equal(false);
      expect(await offeredTo(author)).to.equal(true);
    });

    it('is not offered from the old per-page format, which names no user', async () => {
      keepDraft({ ...versionContentOf(aVersion()), title: 'Onbewaard' }, { key: 'pagelog.page-draft.page-1' });
      expect(await offeredTo(author)).to.equal(false);
    });

    it('outlives a session that ran out, for its author only', async () => {
      cleanup();
      const server = pageServer();
      const { user } = await openEditor({ signedIn: author, server });
      await changeTitle(user, 'Alleen voor de beheerder');
      // The session ran out on the server: the save answers 401, and the admin asks for a login.
      server.answer('pageVersionStore', failure(401, errorItem('AUTH_05')));
      await save(user);
      expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).to.exist;
      expect(await offeredTo(nextUser)).to.equal(false);
      expect(await offeredTo(author)).to.equal(true);
    });

    it('is gone once its author logs out, with any of the old format; another user\'s stays', async () => {
      await leaveUnsaved(author);
      await leaveUnsaved(nextUser, 'Ook onbewaard');
      keepDraft({ ...versionContentOf(aVersion()), title: 'Oud' }, { key: 'pagelog.page-draft.page-2' });
      cleanup();
      const server = pageServer();
      const { user } = renderAdmin('/', { signedIn: author, server });
      await user.click(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('button', { name: 'Log out' }));
      await user.click(within(screen.getByRole('dialog', { name: 'Log out' })).getByRole('button', { name: 'Log out' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).to.exist;
      expect(server.endpoints()).to.include('authLogout');
      expect(localStorage.getItem('pagelog.page-draft.page-2')).to.equal(null);
      expect(await offeredTo(author)).to.equal(false);
      expect(await offeredTo(nextUser)).to.equal(true);
    });
  });
});
