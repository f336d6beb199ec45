import { expect } from 'chai';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { PageDetails, PageVersionView } from '@pagelog/contracts/pages/page';
import type { PermissionName } from '@pagelog/contracts/permissions';
import type { UserView } from '@pagelog/contracts/users/user';
import { AppProvider } from '../../../app/provider';
import { createErrorStore } from '../../../core/errors/error-store';
import { fakePagesApi } from '../../../testing/fake-pages-api';
import { memoryStorage } from '../../../testing/memory-storage';
import { aPage, aVersion } from '../../../testing/pages';
import { aSession } from '../../../testing/session';
import { aUser } from '../../../testing/users';
import type { EditorAction } from '../state/editor-state';
import { createLocalDraftStore, type DraftStorage } from '../state/local-draft-store';
import { PageEditorProvider } from '../state/page-editor-context';
import { createPageEditorStore, type PageEditorStore } from '../state/page-editor-store';
import { PageEditor } from './page-editor';

interface Setup {
  page?: PageDetails;
  version?: PageVersionView;
  user?: UserView;
  storage?: DraftStorage;
  actions?: EditorAction[];
  then?: (store: PageEditorStore) => void;
}

/** The editor of a loaded page, rendered as the signed-in user sees it (administrator by default). */
async function renderEditor({ page = aPage(), version = aVersion(), user = aUser(), storage, actions = [], then }: Setup = {}): Promise<string> {
  const fake = fakePagesApi(page, version);
  const errors = createErrorStore();
  const store = createPageEditorStore({
    pageId: page.id,
    pages: fake.api,
    errors,
    // As the route does: the drafts of the signed-in user.
    drafts: createLocalDraftStore(storage ?? null, String(user.ID)),
    permissions: user.role?.permissions.map((grant) => grant.name) ?? [],
  });
  await store.load();
  for (const action of actions) store.dispatch(action);
  then?.(store);
  const router = createMemoryRouter(
    [
      {
        path: '/pages/:pageId',
        element: (
          <PageEditorProvider store={store}>
            <PageEditor />
          </PageEditorProvider>
        ),
      },
    ],
    { basename: '/cmsadmin', initialEntries: [`/cmsadmin/pages/${page.id}`] },
  );
  return renderToString(
    <AppProvider session={{ user }} errors={errors}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

const text = (html: string) => html.replace(/<!-- -->/g, '');

function buttons(html: string): { name: string; disabled: boolean }[] {
  return [...html.matchAll(/<button([^>]*)>(.*?)<\/button>/gs)].map((match) => {
    const attributes = match[1] ?? '';
    const label = /aria-label="([^"]*)"/.exec(attributes)?.[1];
    // The accessible name: aria-label, or the text without what is hidden from assistive technology.
    const content = text(match[2] ?? '').replace(/<span aria-hidden="true">.*?<\/span>/g, '');
    return { name: label ?? content.replace(/<[^>]+>/g, '').trim(), disabled: /\sdisabled=""/.test(attributes) };
  });
}

const names = (html: string) => buttons(html).map((button) => button.name);

/** The buttons of the "Page actions" group, in order. */
function actionNames(html: string): string[] {
  const group = /<div class="editor-actions__buttons"[^>]*>(.*?)<\/div>/s.exec(html)?.[1] ?? '';
  return names(group);
}

function controlLabelled(html: string, label: string): string | undefined {
  const forId = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1];
  if (!forId) return undefined;
  const escaped = forId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`<(input|select|textarea)[^>]*id="${escaped}"[^>]*>`).exec(html)?.[0];
}

const pinned = {
  hasPublicationRequest: true,
  openRequest: { requestId: 'request-1', versionId: 'version-1', comment: 'Graag voor vrijdag', requestedBy: 'user-2', requestedAt: '2025-03-04T09:15:00.000Z' },
};

const withPermissions = (permissions: PermissionName[]) => aUser({ ID: 'user-3', name: 'Ed Itor' }, permissions);

describe('the page editor', () => {
  describe('on a clean concept, for an administrator', () => {
    let html: string;
    before(async () => {
      html = await renderEditor();
    });

    it('is headed by the page title, with its status and public address', () => {
      expect(/<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1]).to.equal('Over ons');
      expect(html).to.include('<span class="badge badge--concept">Concept</span>');
      expect(text(html)).to.include('Public address: <code class="path">/over-ons</code>');
      expect(html).to.not.include('Unsaved changes');
    });

    it('has the four tabs, Overview selected', () => {
      const tabs = [...html.matchAll(/<button[^>]*role="tab"[^>]*aria-selected="(true|false)"[^>]*>([^<]*)<\/button>/g)].map((match) => [match[2], match[1]]);
      expect(tabs).to.deep.equal([
        ['Overview', 'true'],
        ['Page Settings', 'false'],
        ['SEO Settings', 'false'],
        ['Translations', 'false'],
      ]);
      expect(html).to.match(/role="tablist" aria-label="Page editor"/);
      expect(html).to.match(/role="tabpanel"/);
    });

    it('lists the blocks in order with their type, summary and actions', () => {
      expect(html).to.match(/<h3[^>]*>1. Heading<\/h3><\/div><p class="block-card__summary">Welkom<\/p>/);
      expect(html).to.match(/<h3[^>]*>2. Rich text<\/h3><\/div><p class="block-card__summary">Wij zijn Pagelog.<\/p>/);
      expect(names(html)).to.include.members(['Drag to reorder Heading', 'Drag to reorder Rich text', 'Edit', 'Replace', 'Move up', 'Move down', 'Remove', 'Add block']);
      const moves = buttons(html).filter((button) => button.name === 'Move up' || button.name === 'Move down');
      expect(moves).to.deep.equal([
        { name: 'Move up', disabled: true },
        { name: 'Move down', disabled: false },
        { name: 'Move up', disabled: false },
        { name: 'Move down', disabled: true },
      ]);
    });

    it('offers the history of the page', () => {
      expect(html).to.include('<summary class="history__summary">History</summary>');
    });

    it('offers Save (disabled: nothing unsaved), Publish, Request publication, Duplicate and Delete', () => {
      expect(actionNames(html)).to.deep.equal(['Save', 'Publish', 'Request publication', 'Duplicate', 'Delete']);
      expect(buttons(html).find((button) => button.name === 'Save')?.disabled).to.equal(true);
    });

    it('shows the page details beside the tabs', () => {
      expect(text(html)).to.include('<dt>Type</dt><dd>Article</dd><dt>Locale</dt><dd>nl-nl</dd><dt>Author</dt><dd>Ada Admin</dd>');
    });
  });

  it('marks unsaved changes and swaps Publish for Save and publish', async () => {
    const html = await renderEditor({ actions: [{ type: 'setTitle', title: 'Wie wij zijn' }] });
    expect(/<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1]).to.equal('Wie wij zijn');
    expect(html).to.include('<span class="badge badge--unsaved">Unsaved changes</span>');
    expect(actionNames(html)).to.deep.equal(['Save', 'Save and publish', 'Request publication', 'Duplicate', 'Delete']);
    expect(buttons(html).find((button) => button.name === 'Save')?.disabled).to.equal(false);
  });

  it('offers Unpublish for a published page', async () => {
    const html = await renderEditor({ page: aPage({ status: 'published', publishedVersionID: 'version-1', publishedID: 'version-1' }) });
    expect(html).to.include('>Published</span>');
    expect(actionNames(html)).to.deep.equal(['Save', 'Unpublish', 'Duplicate', 'Delete']);
  });

  it('opens a block\'s form with a field per prop and its Anchor', async () => {
    const html = await renderEditor({ actions: [{ type: 'editBlock', key: 'block-1' }] });
    expect(controlLabelled(html, 'Text')).to.match(/^<input[^>]*value="Welkom"/);
    expect(controlLabelled(html, 'Level')).to.match(/^<select/);
    expect([...html.matchAll(/<option value="(\d)"/g)].map((match) => match[1])).to.deep.equal(['1', '2', '3', '4', '5', '6']);
    expect(controlLabelled(html, 'Anchor')).to.match(/^<input/);
    expect(html).to.match(/aria-expanded="true"[^>]*>Close<\/button>/);
  });

  it('says when a block\'s anchor is taken on the page', async () => {
    const html = await renderEditor({
      actions: [
        { type: 'setBlockAnchor', key: 'block-1', anchor: 'team' },
        { type: 'setBlockAnchor', key: 'block-2', anchor: 'team' },
        { type: 'editBlock', key: 'block-2' },
      ],
    });
    expect(html).to.include('Already exists on this page.');
    expect(html).to.include('Check this block');
  });

  it('offers the page type\'s allowed blocks by label when adding a block', async () => {
    const html = await renderEditor({ actions: [{ type: 'startActivity', activity: 'AddingBlock' }] });
    expect(html).to.match(/role="dialog"/);
    expect(html).to.match(/<h2[^>]*>Add block<\/h2>/);
    expect(names(html)).to.include.members(['Heading', 'Rich text', 'Image', 'Call to action', 'Cancel']);
  });

  it('offers the other types when replacing a block', async () => {
    const html = await renderEditor({ actions: [{ type: 'startActivity', activity: 'ReplaceBlock', blockKey: 'block-1' }] });
    expect(html).to.match(/<h2[^>]*>Replace Heading<\/h2>/);
    const chooser = names(/<ul class="block-chooser">(.*?)<\/ul>/s.exec(html)?.[1] ?? '');
    expect(chooser).to.deep.equal(['Rich text', 'Image', 'Call to action']);
  });

  it('offers Undo after a block is removed', async () => {
    const html = await renderEditor({ actions: [{ type: 'removeBlock', key: 'block-1' }] });
    expect(html).to.include('Removed Heading.');
    expect(names(html)).to.include('Undo');
  });

  describe('Page Settings', () => {
    it('edits the title, slug, anchor and the article\'s type data', async () => {
      const html = await renderEditor({ actions: [{ type: 'openTab', tab: 'page-settings' }] });
      expect(controlLabelled(html, 'Title')).to.match(/value="Over ons"/);
      expect(controlLabelled(html, 'Slug')).to.match(/value="over-ons"/);
      expect(controlLabelled(html, 'Anchor')).to.match(/^<input/);
      expect(controlLabelled(html, 'Author')).to.match(/value="Ada"/);
      expect(controlLabelled(html, 'Publication date')).to.include('type="date"');
      expect(controlLabelled(html, 'Summary')).to.match(/^<textarea/);
      expect(html).to.not.include('Update links to this page');
    });

    it('locks the slug of a live page for an Editor, saying moving it takes the permission to publish', async () => {
      const live = aPage({ status: 'published', publishedVersionID: 'version-1', publishedID: 'version-1' });
      const editorHtml = await renderEditor({
        page: live,
        user: withPermissions(['create-page', 'edit-page', 'request-publication']),
        actions: [{ type: 'openTab', tab: 'page-settings' }],
      });
      expect(controlLabelled(editorHtml, 'Slug')).to.include('disabled=""');
      expect(editorHtml).to.include('This page is live: moving it to another address changes the site at once, which takes the permission to publish.');
      // The type data stays editable: it goes into the draft, and is published with it.
      expect(controlLabelled(editorHtml, 'Author')).to.not.include('disabled=""');
      expect(editorHtml).to.include('Saved with the draft: the public page shows them once the draft is published.');
      const publisherHtml = await renderEditor({ page: live, actions: [{ type: 'openTab', tab: 'page-settings' }] });
      expect(controlLabelled(publisherHtml, 'Slug')).to.not.include('disabled=""');
    });

    it('offers to update links, and says the old address redirects, once the slug changed', async () => {
      const html = await renderEditor({ actions: [{ type: 'openTab', tab: 'page-settings' }, { type: 'setSlug', slug: 'wie-wij-zijn' }] });
      expect(controlLabelled(html, 'Update links to this page')).to.include('type="checkbox"');
      expect(html).to.include('The old address /over-ons will redirect to the new one.');
    });
  });

  it('SEO Settings edits title, description, keywords and one image', async () => {
    const version = aVersion({ seoKeywords: ['onderzoek', 'advies'], seoImage: ['/media/team.jpg'] });
    const html = await renderEditor({ version, actions: [{ type: 'openTab', tab: 'seo-settings' }] });
    expect(controlLabelled(html, 'SEO title')).to.match(/^<input/);
    expect(controlLabelled(html, 'SEO description')).to.match(/^<textarea/);
    expect(controlLabelled(html, 'SEO keywords')).to.include('value="onderzoek, advies"');
    expect(controlLabelled(html, 'SEO image')).to.include('value="/media/team.jpg"');
  });

  describe('Translations', () => {
    it('lists the translations with a link to each', async () => {
      const page = aPage({
        translations: [{ pageID: 'page-2', locale: 'en-gb', slug: 'about-us', title: 'About us', status: 'published', path: '/en-gb/about-us' }],
      });
      const html = await renderEditor({ page, actions: [{ type: 'openTab', tab: 'translations' }] });
      expect(html).to.match(/<td>en-gb<\/td><td>About us<\/td>/);
      expect(html).to.match(/aria-label="Open About us" href="\/cmsadmin\/pages\/page-2"[^>]*>Open<\/a>/);
      expect(names(html)).to.include('Add translation');
    });

    it('says when there are none', async () => {
      const html = await renderEditor({ actions: [{ type: 'openTab', tab: 'translations' }] });
      expect(html).to.include('This page has no translations yet.');
    });
  });

  describe('while a publication request is open', () => {
    it('shows who asked, when and why, and leaves a reviewer only review, revoke and resend', async () => {
      const html = await renderEditor({ page: aPage(pinned) });
      expect(text(html)).to.match(/Publication requested by another user on 4 Mar 2025, \d\d:15/);
      expect(html).to.include('Comment: Graag voor vrijdag');
      expect(actionNames(html)).to.deep.equal(['Review request', 'Revoke request', 'Resend request', 'Duplicate']);
      expect(names(html)).to.not.include('Add block');
      expect(html).to.include('>Review requested</span>');
    });

    it('names the requester from the request', async () => {
      const version = aVersion({
        hasPublicationRequest: true,
        publicationRequest: {
          id: 'request-1', pageID: 'page-1', versionID: 'version-1', pageTitle: 'Over ons', pageSlug: 'over-ons', locale: 'nl-nl', type: 'article',
          comment: 'Graag voor vrijdag', requestedBy: 'user-2', requestedByName: 'Bea Schrijver', requestedAt: '2025-03-04T09:15:00.000Z', resentAt: null,
          status: 'requested', feedback: '', reviewedBy: null, reviewedByName: null, reviewedAt: null,
        },
      });
      const html = await renderEditor({ page: aPage(pinned), version });
      expect(text(html)).to.match(/Publication requested by Bea Schrijver on 4 Mar 2025/);
    });

    it('shows the review modal with comment, Feedback, Accept and publish and Reject', async () => {
      const html = await renderEditor({ page: aPage(pinned), actions: [{ type: 'startActivity', activity: 'AcceptRequest' }] });
      expect(html).to.match(/<h2[^>]*>Review request<\/h2>/);
      expect(controlLabelled(html, 'Feedback')).to.match(/^<textarea/);
      expect(names(html)).to.include.members(['Accept and publish', 'Reject', 'Cancel']);
    });
  });

  it('shows the feedback of a rejected request', async () => {
    const version = aVersion({
      publicationRequest: {
        id: 'request-1', pageID: 'page-1', versionID: 'version-1', pageTitle: 'Over ons', pageSlug: 'over-ons', locale: 'nl-nl', type: 'article',
        comment: '', requestedBy: 'user-1', requestedByName: 'Ada Admin', requestedAt: '2025-03-04T09:15:00.000Z', resentAt: null,
        status: 'rejected', feedback: 'De kop is te lang.', reviewedBy: 'user-2', reviewedByName: 'Bea Schrijver', reviewedAt: '2025-03-04T10:00:00.000Z',
      },
    });
    const html = await renderEditor({ version });
    expect(html).to.include('Rejected by Bea Schrijver: De kop is te lang.');
  });

  it('is read-only for a user without edit-page', async () => {
    const html = await renderEditor({ user: withPermissions(['review-publication']) });
    expect(html).to.include('You can view this page, but your role does not allow changing it.');
    expect(actionNames(html)).to.deep.equal([]);
    expect(names(html)).to.not.include.members(['Add block', 'Remove', 'Replace']);
  });

  describe('unsaved work kept in this browser', () => {
    const author = aUser();
    const nextUser = aUser({ ID: 'user-2', name: 'Ed Itor', email: 'ed@example.com' });
    const keptDraft = (title: string) =>
      JSON.stringify({ pageId: 'page-1', revision: 3, versionId: 'version-1', content: { ...aVersion(), title }, settings: { slug: 'over-ons', anchor: '', typeData: {} }, savedAt: '2025-03-02T12:00:00.000Z' });

    /** Whether the editor offers kept work back: the notice with Restore and Discard. */
    function offersRestore(html: string): boolean {
      const notice = /You have unsaved changes from .* in this browser\./.test(text(html));
      const restore = names(html).includes('Restore');
      expect(notice, 'the notice and its Restore button come together').to.equal(restore);
      return restore;
    }

    /** A user changes the title and leaves it unsaved: the editor keeps it in the browser. */
    async function leaveUnsaved(storage: DraftStorage, user: UserView, title = 'Onbewaard'): Promise<void> {
      await renderEditor({ user, storage, actions: [{ type: 'setTitle', title }] });
    }

    it('is offered back to its author, with Restore and Discard', async () => {
      const storage = memoryStorage();
      storage.setItem('pagelog:draft:user-1:page-1', keptDraft('Onbewaard'));
      const html = await renderEditor({ user: author, storage });
      expect(text(html)).to.match(/You have unsaved changes from 2 Mar 2025, \d\d:00 in this browser./);
      expect(names(html)).to.include.members(['Restore', 'Discard']);
    });

    it('is not offered to another user who signs in on this browser', async () => {
      const storage = memoryStorage();
      await leaveUnsaved(storage, author);
      expect(offersRestore(await renderEditor({ user: nextUser, storage }))).to.equal(false);
      expect(offersRestore(await renderEditor({ user: author, storage }))).to.equal(true);
    });

    it('is not offered from the old per-page format, which names no user', async () => {
      const storage = memoryStorage();
      storage.setItem('pagelog.page-draft.page-1', keptDraft('Onbewaard'));
      expect(offersRestore(await renderEditor({ user: author, storage }))).to.equal(false);
    });

    it('outlives a session that ended without logging out, for its author only', async () => {
      const storage = memoryStorage();
      await leaveUnsaved(storage, author);
      // Logged out for inactivity; a 401 ends the session with the drafts left alone as well.
      await aSession(author, storage).session.logOut('inactivity');
      expect(offersRestore(await renderEditor({ user: nextUser, storage }))).to.equal(false);
      expect(offersRestore(await renderEditor({ user: author, storage }))).to.equal(true);
    });

    it('is gone once its author logs out, with any of the old format; another user\'s stays', async () => {
      const storage = memoryStorage();
      await leaveUnsaved(storage, author);
      await leaveUnsaved(storage, nextUser, 'Ook onbewaard');
      storage.setItem('pagelog.page-draft.page-2', keptDraft('Oud'));
      const { session, calls } = aSession(author, storage);
      await session.logOut();
      expect(calls).to.include('authLogout');
      expect(offersRestore(await renderEditor({ user: author, storage }))).to.equal(false);
      expect(storage.getItem('pagelog.page-draft.page-2')).to.equal(null);
      expect(offersRestore(await renderEditor({ user: nextUser, storage }))).to.equal(true);
    });
  });

  it('names what clashed after a conflicting save, with both ways out', async () => {
    const current = { ...aVersion(), title: 'Hun titel', versionId: 'version-1' };
    const html = await renderEditor({
      actions: [{ type: 'setTitle', title: 'Mijn titel' }, { type: 'conflict', conflict: { currentRevision: 8, conflicts: ['title', 'blocks.block-2', 'blocks.order'], current } }],
    });
    expect(html).to.include('Your changes clash with changes saved since you opened the page');
    expect(html).to.include('<li>Title</li><li>Block 2: Rich text</li><li>The order of the blocks</li>');
    expect(names(html)).to.include.members(['Keep my version', 'Use the saved version']);
  });
});
