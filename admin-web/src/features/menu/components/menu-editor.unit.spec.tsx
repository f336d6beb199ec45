import { expect } from 'chai';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { MenuHistoryEntry, MenuItem, MenuPageInfo, MenuView } from '@pagelog/contracts/menus/menu';
import type { PageListItem } from '@pagelog/contracts/pages/page';
import { fakeServer, type ServerCall } from '../../../testing/fake-server';
import { renderAdmin } from '../../../testing/render';
import { failure, success } from '../../../testing/replies';
import { aUser } from '../../../testing/users';

const live = (pageID: string, title: string, path: string): MenuPageInfo => ({ pageID, state: 'live', title, path, locale: 'nl-nl' });
const pageItem = (id: string, pageID: string, children: MenuItem[] = [], label = ''): MenuItem => ({ id, label, pageID, url: null, children });

/** nl-nl's main menu, draft version 2 at revision 3: Home, Over ons (Team, not published), Contact. */
function aMenu(overrides: Partial<MenuView> = {}): MenuView {
  return {
    menuId: 'nl-nl-main',
    locale: 'nl-nl',
    kind: 'main',
    revision: 3,
    draft: { version: 2, items: [pageItem('home', 'p-home'), pageItem('about', 'p-about', [pageItem('team', 'p-team')]), pageItem('contact', 'p-contact')], savedAt: '2026-03-01T10:00:00.000Z', savedByName: 'Ada Admin' },
    published: { version: 1, publishedAt: '2026-02-01T10:00:00.000Z', publishedByName: 'Ada Admin' },
    hasUnpublishedChanges: true,
    pages: {
      'p-home': live('p-home', 'Home', '/'),
      'p-about': live('p-about', 'Over ons', '/over-ons'),
      'p-team': { ...live('p-team', 'Ons team', '/over-ons/team'), state: 'not-published' },
      'p-contact': live('p-contact', 'Contact', '/contact'),
    },
    rules: { maxDepth: 3, maxItems: 100 },
    ...overrides,
  };
}

const aPage = (id: string, title: string, path: string): PageListItem =>
  ({ id, title, slug: path.slice(1), path, locale: 'nl-nl', type: 'article', status: 'published' }) as PageListItem;

/** The tree's rows as "name@level", in order. */
function rows(): string[] {
  const list = screen.getByRole('list', { name: 'Items of the Main menu' });
  return within(list)
    .getAllByRole('listitem')
    .map((row) => `${(row.querySelector('input') as HTMLInputElement).value || (row.querySelector('input') as HTMLInputElement).placeholder}@${Math.round(parseInt(row.style.marginInlineStart || '0', 10) / 32) + 1}`);
}

const savedBody = (server: ReturnType<typeof fakeServer>) => server.callsOf('menuSaveDraft').at(-1)!.body as { items: MenuItem[]; revision: number; locale: string; kind: string };
const shape = (items: readonly MenuItem[]): string => items.map((i) => (i.children.length ? `${i.id}(${shape(i.children)})` : i.id)).join(' ');

async function openEditor(view = aMenu(), options: { signedIn?: ReturnType<typeof aUser> } = {}) {
  const server = fakeServer({ menuGet: success(view) });
  const rendered = renderAdmin('/menu-structure?locale=nl-nl&kind=main', { server, ...options });
  await screen.findByRole('list', { name: 'Items of the Main menu' });
  return { ...rendered, server };
}

describe('the menu editor', () => {
  it('shows the draft as a tree, each item with its page, and flags a page that is not on the site', async () => {
    const { server } = await openEditor();
    expect(server.callsOf('menuGet')[0]!.query).to.deep.equal({ locale: 'nl-nl', kind: 'main' });
    expect(rows()).to.deep.equal(['Home@1', 'Over ons@1', 'Ons team@2', 'Contact@1']);
    const team = screen.getByRole('textbox', { name: 'Label of Ons team' }).closest('li')!;
    expect(within(team).getByText('Not published')).to.exist;
    expect(within(team).getByText('Page: /over-ons/team')).to.exist;
    expect(screen.getByText('Unpublished changes')).to.exist;
    expect((screen.getByRole('button', { name: 'Save draft' }) as HTMLButtonElement).disabled).to.equal(true);
  });

  describe('arranging by keyboard', () => {
    it('moves an item down, in and out with its buttons, announcing each move, and saves the tree with the revision it was read at', async () => {
      const { user, server } = await openEditor();
      screen.getByRole('button', { name: 'Move Home down' }).focus();
      await user.keyboard('{Enter}');
      expect(rows()).to.deep.equal(['Over ons@1', 'Ons team@2', 'Home@1', 'Contact@1']);
      expect(screen.getByText('Home moved to position 2 of 3 at the top level.')).to.exist;

      screen.getByRole('button', { name: 'Move Home in, under the item above' }).focus();
      await user.keyboard('{Enter}');
      expect(rows()).to.deep.equal(['Over ons@1', 'Ons team@2', 'Home@2', 'Contact@1']);
      expect(screen.getByText('Home moved to position 2 of 2 at level 2, under Over ons.')).to.exist;
      // The first item cannot go up or in; a sub-item can go out.
      expect((screen.getByRole('button', { name: 'Move Over ons up' }) as HTMLButtonElement).disabled).to.equal(true);
      expect((screen.getByRole('button', { name: 'Move Over ons in, under the item above' }) as HTMLButtonElement).disabled).to.equal(true);
      screen.getByRole('button', { name: 'Move Ons team out, one level up' }).focus();
      await user.keyboard('{Enter}');
      expect(rows()).to.deep.equal(['Over ons@1', 'Home@2', 'Ons team@1', 'Contact@1']);

      expect(screen.getByText('Unsaved changes')).to.exist;
      await user.click(screen.getByRole('button', { name: 'Save draft' }));
      await waitFor(() => expect(server.callsOf('menuSaveDraft')).to.have.length(1));
      expect(savedBody(server)).to.deep.include({ locale: 'nl-nl', kind: 'main', revision: 3 });
      expect(shape(savedBody(server).items)).to.equal('about(home) team contact');
      expect(await screen.findByText('The draft is saved.')).to.exist;
    });

    it('does not move an item in deeper than the menu allows, counting its sub-items', async () => {
      await openEditor(aMenu({ rules: { maxDepth: 2, maxItems: 100 } }));
      // Over ons with Ons team under Home would take three levels.
      expect((screen.getByRole('button', { name: 'Move Over ons in, under the item above' }) as HTMLButtonElement).disabled).to.equal(true);
      expect((screen.getByRole('button', { name: 'Move Contact in, under the item above' }) as HTMLButtonElement).disabled).to.equal(false);
    });
  });

  describe('adding items', () => {
    it('searches pages only from 3 characters, saying so before, and adds the chosen page', async () => {
      const { user, server } = await openEditor();
      server.answer('pageSearch', success([aPage('p-news', 'Nieuws', '/nieuws')]));
      const search = screen.getByRole('searchbox', { name: 'Search pages' });
      expect(screen.getByText('Type at least 3 characters')).to.exist;
      await user.type(search, 'ni');
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(server.callsOf('pageSearch')).to.have.length(0);
      expect(screen.getByText('Type at least 3 characters')).to.exist;

      await user.type(search, 'e');
      await user.click(await screen.findByRole('button', { name: 'Add Nieuws to the menu' }));
      expect(server.callsOf('pageSearch').map((call) => call.body)).to.deep.equal([{ locale: 'nl-nl', searchTerm: 'nie' }]);
      expect(rows().at(-1)).to.equal('Nieuws@1');
      expect(screen.getByRole('textbox', { name: 'Label of Nieuws' }).closest('li')!.textContent).to.contain('Page: /nieuws');

      await user.click(screen.getByRole('button', { name: 'Save draft' }));
      await waitFor(() => expect(server.callsOf('menuSaveDraft')).to.have.length(1));
      const added = savedBody(server).items.at(-1)!;
      expect(added).to.deep.include({ label: '', pageID: 'p-news', url: null, children: [] });
      expect(added.id).to.match(/^[A-Za-z0-9_-]{1,64}$/);
    });

    it('adds a link to another site with its label, refusing an address that is not http(s), mailto or tel', async () => {
      const { user, server } = await openEditor();
      const form = screen.getByRole('region', { name: 'Add a link' });
      await user.type(within(form).getByRole('textbox', { name: 'Label' }), 'KvK');
      await user.type(within(form).getByRole('textbox', { name: 'Address' }), 'javascript:alert(1)');
      await user.click(within(form).getByRole('button', { name: 'Add link' }));
      expect(within(form).getByText('Not a valid URL.')).to.exist;
      expect(rows()).to.have.length(4);

      await user.clear(within(form).getByRole('textbox', { name: 'Address' }));
      await user.type(within(form).getByRole('textbox', { name: 'Address' }), 'https://www.kvk.nl');
      await user.click(within(form).getByRole('button', { name: 'Add link' }));
      expect(rows().at(-1)).to.equal('KvK@1');
      await user.click(screen.getByRole('button', { name: 'Save draft' }));
      await waitFor(() => expect(server.callsOf('menuSaveDraft')).to.have.length(1));
      expect(savedBody(server).items.at(-1)).to.deep.include({ label: 'KvK', pageID: null, url: 'https://www.kvk.nl' });
    });

    it('edits a label in place; an empty label shows the page title', async () => {
      const { user, server } = await openEditor();
      const label = screen.getByRole('textbox', { name: 'Label of Home' });
      expect(label).to.have.property('placeholder', 'Home');
      await user.type(label, 'Start');
      await user.click(screen.getByRole('button', { name: 'Save draft' }));
      await waitFor(() => expect(server.callsOf('menuSaveDraft')).to.have.length(1));
      expect(savedBody(server).items[0]).to.deep.include({ id: 'home', label: 'Start' });
    });

    it('removes an item with its sub-items', async () => {
      const { user } = await openEditor();
      await user.click(screen.getByRole('button', { name: 'Remove Over ons' }));
      expect(rows()).to.deep.equal(['Home@1', 'Contact@1']);
      expect(screen.getByText('Over ons removed.')).to.exist;
    });
  });

  describe('saving, preview and publication', () => {
    it('shows the server\'s refusal beside the item it names', async () => {
      const { user, server } = await openEditor();
      server.answer('menuSaveDraft', failure(400, errorItem('MN_02', 'items[1].children[0].pageID', 'menu')));
      await user.type(screen.getByRole('textbox', { name: 'Label of Home' }), 'Start');
      await user.click(screen.getByRole('button', { name: 'Save draft' }));
      const team = screen.getByRole('textbox', { name: 'Label of Ons team' }).closest('li')!;
      expect(await within(team).findByText('The page of this menu item does not exist.')).to.exist;
      expect(screen.getByText('Unsaved changes')).to.exist;
    });

    it('keeps the user\'s tree through a 409 and saves it over the other one when asked', async () => {
      const { user, server } = await openEditor();
      server.answer(
        'menuSaveDraft',
        (call: ServerCall) => ((call.body as { revision: number }).revision === 3 ? { ...failure(409, errorItem('V_07', 'revision', 'menu')), data: { currentRevision: 5, conflicts: ['revision'], current: { items: [] } } } : success({ menuId: 'nl-nl-main', revision: 6, draftVersion: 4, publishedVersion: 1, position: 9 })),
      );
      await user.type(screen.getByRole('textbox', { name: 'Label of Home' }), 'Start');
      await user.click(screen.getByRole('button', { name: 'Save draft' }));
      await user.click(await screen.findByRole('button', { name: 'Keep my changes' }));
      expect(screen.getByRole('textbox', { name: 'Label of Start' })).to.have.property('value', 'Start');
      await user.click(screen.getByRole('button', { name: 'Save draft' }));
      await waitFor(() => expect(server.callsOf('menuSaveDraft')).to.have.length(2));
      expect(savedBody(server).revision).to.equal(5);
      expect(savedBody(server).items[0]).to.deep.include({ label: 'Start' });
    });

    it('previews the drafts resolved as the site would show them, and publishes on the revision read', async () => {
      const { user, server } = await openEditor();
      server.answer('menuPreview', success({ main: [{ id: 'home', label: 'Home', href: '/', external: false, pageID: 'p-home', children: [] }], footer: [], service: [] }));
      await user.click(screen.getByRole('button', { name: 'Preview' }));
      const dialog = await screen.findByRole('dialog', { name: 'Preview of the menus (nl-nl)' });
      expect(within(within(dialog).getByRole('region', { name: 'Main menu' })).getByRole('link', { name: 'Home' }).getAttribute('href')).to.equal('/');
      expect(server.callsOf('menuPreview')[0]!.query).to.deep.equal({ locale: 'nl-nl' });
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));

      await user.click(screen.getByRole('button', { name: 'Publish' }));
      await waitFor(() => expect(server.callsOf('menuPublish')).to.have.length(1));
      expect(server.callsOf('menuPublish')[0]!.body).to.deep.equal({ locale: 'nl-nl', kind: 'main', revision: 3 });
      expect(await screen.findByText('The menu is published; the site shows it now.')).to.exist;
      expect(server.callsOf('menuSaveDraft')).to.have.length(0);
    });

    it('saves unsaved changes before publishing them', async () => {
      const { user, server } = await openEditor();
      server.answer('menuSaveDraft', success({ menuId: 'nl-nl-main', revision: 4, draftVersion: 3, publishedVersion: 1, position: 9 }));
      await user.click(screen.getByRole('button', { name: 'Remove Contact' }));
      await user.click(screen.getByRole('button', { name: 'Save and publish' }));
      await waitFor(() => expect(server.callsOf('menuPublish')).to.have.length(1));
      expect(server.endpoints().filter((e) => e === 'menuSaveDraft' || e === 'menuPublish')).to.deep.equal(['menuSaveDraft', 'menuPublish']);
      expect(server.callsOf('menuPublish')[0]!.body).to.deep.include({ revision: 4 });
    });
  });

  describe('history', () => {
    let position = 0;
    const entry = (type: string, version: number, summary: string): MenuHistoryEntry => ({ position: ++position, revision: position, type, occurredAt: '2026-03-01T10:00:00.000Z', actorId: 'user-1', actorName: 'Ada Admin', version, itemCount: 3, summary });

    it('lists what happened, newest first, and restores an earlier version as the draft', async () => {
      const { user, server } = await openEditor();
      server.answer('menuHistory', success([entry('MenuDraftSaved', 1, 'saved draft version 1 (3 items)'), entry('MenuPublished', 1, 'published version 1 (3 items)'), entry('MenuDraftSaved', 2, 'saved draft version 2 (4 items)')]));
      await user.click(screen.getByText('History'));
      await screen.findByText('saved draft version 2 (4 items)');
      const summaries = [...document.querySelectorAll('.history__what')].map((node) => node.textContent);
      expect(summaries).to.deep.equal(['saved draft version 2 (4 items)', 'published version 1 (3 items)', 'saved draft version 1 (3 items)']);
      // Only earlier draft versions can be restored: not the draft itself, not a publication.
      expect(screen.queryByRole('button', { name: 'Restore version 2' })).to.equal(null);
      await user.click(screen.getByRole('button', { name: 'Restore version 1' }));
      await waitFor(() => expect(server.callsOf('menuRestore')).to.have.length(1));
      expect(server.callsOf('menuRestore')[0]!.body).to.deep.equal({ locale: 'nl-nl', kind: 'main', version: 1, revision: 3 });
      expect(await screen.findByText('The version is back as the draft. Publish it to show it on the site.')).to.exist;
    });
  });

  describe('leaving and switching menus', () => {
    it('asks before unsaved changes are left behind, also when another menu is chosen', async () => {
      const { user, router } = await openEditor();
      await user.click(screen.getByRole('button', { name: 'Remove Contact' }));
      fireEvent.change(screen.getByRole('combobox', { name: 'Menu' }), { target: { value: 'footer' } });
      const dialog = await screen.findByRole('dialog', { name: 'You have unsaved changes' });
      await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
      expect(router.state.location.search).to.equal('?locale=nl-nl&kind=main');
      expect(rows()).to.have.length(3);

      await user.click(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Page overview' }));
      await user.click(within(screen.getByRole('dialog', { name: 'You have unsaved changes' })).getByRole('button', { name: 'Leave without saving' }));
      await waitFor(() => expect(router.state.location.pathname).to.equal('/cmsadmin'));
    });
  });

  it('shows the menus read-only to a user without manage-menu', async () => {
    await openEditor(aMenu(), { signedIn: aUser({}, ['create-page']) });
    expect(screen.getByText('You can look at the menus; changing them needs the manage-menu permission.')).to.exist;
    expect(screen.queryByRole('button', { name: 'Save draft' })).to.equal(null);
    expect(screen.queryByRole('searchbox', { name: 'Search pages' })).to.equal(null);
    expect(screen.queryByRole('button', { name: 'Move Home down' })).to.equal(null);
  });
});
