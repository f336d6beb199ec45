import { expect } from 'chai';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorItem, messageFor } from '@pagelog/contracts/error-catalogue';
import type { SiteStructureNode } from '@pagelog/contracts/pages/site-structure';
import type { ServerCall } from '../../../testing/fake-server';
import { fakeServer } from '../../../testing/fake-server';
import { renderAdmin } from '../../../testing/render';
import { failure, success } from '../../../testing/replies';
import { aUser } from '../../../testing/users';
import { siteNodes } from '../testing/site-nodes';

const nlNodes = siteNodes([
  ['home', 'Home', 'published'],
  ['expertise', 'Expertise', 'published'],
  ['expertise/energie', 'Energie'],
  ['expertise/energie/wind', 'Windenergie'],
  ['expertise/water', 'Water', 'unpublished-changes'],
  ['diensten', 'Diensten'],
  ['contact', 'Contact'],
]);

/** The site structure's answer per locale (the body's locale, or nl-nl for none). */
function structureAnswer(byLocale: Record<string, SiteStructureNode[]>) {
  return (call: ServerCall) => {
    const locale = (call.body as { locale?: string }).locale || 'nl-nl';
    return success({ locale, nodes: byLocale[locale] ?? [] });
  };
}

/** The tree items shown, as "level:name[+/-]" (expanded: -, collapsed: +). */
function treeItems(): string[] {
  return within(screen.getByRole('tree')).queryAllByRole('treeitem').map((item) => {
    const expanded = item.getAttribute('aria-expanded');
    const mark = expanded === null ? '' : expanded === 'true' ? ' -' : ' +';
    return `${item.getAttribute('aria-level')}:${item.querySelector('.site-tree__title')?.textContent}${mark}`;
  });
}

/** The tree item of the page with this title. */
function item(title: string): HTMLElement {
  const found = screen.getAllByRole('treeitem').find((candidate) => candidate.querySelector('.site-tree__title')?.textContent === title);
  if (!found) throw new Error(`no tree item "${title}" among ${treeItems().join(', ')}`);
  return found;
}

describe('the site structure at /cmsadmin/site-structure', () => {
  // happy-dom lays nothing out: give the tree's scroll box a height, so the virtual list shows rows.
  let restore: () => void;
  before(() => {
    const descriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
    restore = () => {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, 'clientHeight', descriptor);
      else delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
    };
  });
  after(() => restore());

  function open(options: { nodes?: Record<string, SiteStructureNode[]>; signedIn?: ReturnType<typeof aUser> } = {}) {
    const server = fakeServer({
      pageSiteStructure: structureAnswer(options.nodes ?? { 'nl-nl': nlNodes }),
      pageSave: (call) => success({ pageID: call.params.id, pageVersionID: 'version-1', slug: (call.body as { slug: string }).slug, revision: 4, linksUpdated: 0, subpagesMoved: [] }),
    });
    return renderAdmin('/site-structure', { server, signedIn: options.signedIn });
  }

  it('shows the default locale\'s pages as a tree, the first level open, each with its path and status', async () => {
    const { server } = open();
    await screen.findByRole('tree', { name: 'Pages in nl-nl' });
    expect(treeItems()).to.deep.equal(['1:Home -', '2:Contact', '2:Diensten', '2:Expertise +']);
    expect(server.callsOf('pageSiteStructure')[0]?.body).to.deep.equal({ locale: 'nl-nl' });
    const home = item('Home');
    expect(home.getAttribute('aria-setsize')).to.equal('1');
    expect(item('Expertise').getAttribute('aria-posinset')).to.equal('3');
    // Named by its title, path and status, as the page overview shows them.
    expect(item('Expertise').textContent).to.equal('▸Expertise/expertisePublished');
    expect(screen.getByText('7 pages')).to.exist;
  });

  it('is one tab stop, and follows the tree view keys: arrows move, Right and Left open and close', async () => {
    const { user } = open();
    await screen.findByRole('tree');
    await user.click(screen.getByLabelText('Find a page'));
    await user.tab();
    await user.tab();
    await user.tab();
    // Past the toolbar (search, expand all, collapse all), focus lands on the first page.
    expect(document.activeElement).to.equal(item('Home'));
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(document.activeElement).to.equal(item('Expertise'));
    expect(item('Expertise').tabIndex).to.equal(0);
    expect(item('Home').tabIndex).to.equal(-1);

    await user.keyboard('{ArrowRight}');
    expect(treeItems()).to.deep.equal(['1:Home -', '2:Contact', '2:Diensten', '2:Expertise -', '3:Energie +', '3:Water']);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).to.equal(item('Energie'));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).to.equal(item('Windenergie'));
    expect(item('Windenergie').getAttribute('aria-level')).to.equal('4');

    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).to.equal(item('Energie'));
    await user.keyboard('{ArrowLeft}');
    expect(item('Energie').getAttribute('aria-expanded')).to.equal('false');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).to.equal(item('Expertise'));
    expect(treeItems()).to.deep.equal(['1:Home -', '2:Contact', '2:Diensten', '2:Expertise +']);
    await user.keyboard('{End}');
    expect(document.activeElement).to.equal(item('Expertise'));
    await user.keyboard('{Home}');
    expect(document.activeElement).to.equal(item('Home'));
  });

  it('opens the page\'s editor with Enter', async () => {
    const { user, router } = open();
    await screen.findByRole('tree');
    item('Contact').focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).to.equal('/cmsadmin/pages/id-contact');
  });

  it('finds pages by title or path, showing each match with the pages above it', async () => {
    const { user } = open();
    await screen.findByRole('tree');
    await user.type(screen.getByLabelText('Find a page'), 'wind');
    await waitFor(() => expect(treeItems()).to.deep.equal(['1:Home -', '2:Expertise -', '3:Energie -', '4:Windenergie']));
    expect(screen.getByText('1 page matches “wind”.')).to.exist;
    expect(within(item('Windenergie')).getByText('Wind', { selector: 'mark' })).to.exist;

    await user.clear(screen.getByLabelText('Find a page'));
    await user.type(screen.getByLabelText('Find a page'), '/expertise/');
    await waitFor(() => expect(treeItems()).to.deep.equal(['1:Home -', '2:Expertise -', '3:Energie -', '4:Windenergie', '3:Water']));

    await user.clear(screen.getByLabelText('Find a page'));
    await user.type(screen.getByLabelText('Find a page'), 'nothing like it');
    await screen.findByText('No page matches “nothing like it”.');
    expect(screen.queryByRole('tree')).to.equal(null);

    // Clearing the search shows the tree as it was opened before.
    await user.clear(screen.getByLabelText('Find a page'));
    await waitFor(() => expect(treeItems()).to.deep.equal(['1:Home -', '2:Contact', '2:Diensten', '2:Expertise +']));
  });

  it('expands and collapses everything', async () => {
    const { user } = open();
    await screen.findByRole('tree');
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(treeItems()).to.have.length(7);
    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(treeItems()).to.deep.equal(['1:Home +']);
  });

  it('shows another locale\'s pages when it is chosen', async () => {
    const { user, server } = open({ nodes: { 'nl-nl': nlNodes, 'en-gb': siteNodes([['about', 'About us']]) } });
    await screen.findByRole('tree', { name: 'Pages in nl-nl' });
    await user.selectOptions(screen.getByLabelText('Locale'), 'en-gb');
    await screen.findByRole('tree', { name: 'Pages in en-gb' });
    expect(treeItems()).to.deep.equal(['1:About us']);
    expect(server.callsOf('pageSiteStructure').map((call) => call.body)).to.deep.include({ locale: 'en-gb' });
  });

  it('keeps only the rows in sight in the document for five thousand pages, and their place in the tree', async () => {
    const pages: [string, string][] = [['home', 'Home']];
    for (let i = 0; i < 1000; i += 1) {
      pages.push([`s${i}`, `Section ${String(i).padStart(4, '0')}`]);
      for (let j = 0; j < 4; j += 1) pages.push([`s${i}/p${j}`, `Page ${i}.${j}`]);
    }
    const { user } = open({ nodes: { 'nl-nl': siteNodes(pages) } });
    await screen.findByRole('tree');
    expect(screen.getByText('5,001 pages')).to.exist;
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    const shown = within(screen.getByRole('tree')).getAllByRole('treeitem');
    expect(shown.length).to.be.within(10, 60);
    expect(shown[1]!.getAttribute('aria-setsize')).to.equal('1000');
    // End goes to the last of them, which the tree brings into the document.
    item('Home').focus();
    // happy-dom has no layout: the scroll box's content is as high as its rows.
    const box = document.querySelector<HTMLElement>('.site-tree')!;
    Object.defineProperty(box, 'scrollHeight', { configurable: true, get: () => 5001 * 44 });
    await user.keyboard('{End}');
    await waitFor(() => {
      // happy-dom scrolls without telling: say so, as a browser does.
      fireEvent.scroll(box);
      expect(document.activeElement?.querySelector('.site-tree__title')?.textContent).to.equal('Page 999.3');
    });
    expect(within(screen.getByRole('tree')).getAllByRole('treeitem').length).to.be.below(60);
  });

  it('says so when a locale has no pages', async () => {
    open({ nodes: {} });
    await screen.findByText('There are no pages in nl-nl yet.');
  });

  it('adds a page under a page: the new-page screen opens with the parent\'s slug and the locale filled in', async () => {
    const { user, router } = open();
    await screen.findByRole('tree');
    await user.click(screen.getByRole('link', { name: 'Add page under Diensten' }));
    expect(router.state.location.pathname).to.equal('/cmsadmin/new-page');
    await screen.findByRole('heading', { name: 'New page' });
    const slug = screen.getByLabelText('Slug') as HTMLInputElement;
    expect(slug.value).to.equal('diensten/');
    expect(screen.getByText(/The page goes under \/diensten: its slug starts with “diensten\/”/)).to.exist;
    await user.type(screen.getByLabelText('Title'), 'Advies op maat');
    expect(slug.value).to.equal('diensten/advies-op-maat');
    await waitFor(() => expect((screen.getByLabelText('Locale') as HTMLSelectElement).value).to.equal('nl-nl'));
  });

  describe('moving a page', () => {
    it('refuses the page itself and the pages below it as its new parent, and moves it under another', async () => {
      const moved = siteNodes([
        ['home', 'Home', 'published'],
        ['diensten', 'Diensten'],
        ['diensten/expertise', 'Expertise', 'published'],
        ['expertise/energie', 'Energie'],
        ['expertise/energie/wind', 'Windenergie'],
        ['expertise/water', 'Water', 'unpublished-changes'],
        ['contact', 'Contact'],
      ]).map((node) => (node.slug === 'diensten/expertise' ? { ...node, pageID: 'id-expertise' } : node));
      const { user, server } = open();
      server.answer('pageSiteStructure', structureAnswer({ 'nl-nl': nlNodes }), structureAnswer({ 'nl-nl': moved }));
      await screen.findByRole('tree');
      await user.click(screen.getByRole('button', { name: 'Move Expertise' }));
      const dialog = await screen.findByRole('dialog', { name: 'Move “Expertise”' });
      // The pages below move along unless unticked; unticked, the dialog says they stay.
      const along = within(dialog).getByRole('checkbox', { name: 'Move the 3 pages below it along, to the same places under it' }) as HTMLInputElement;
      expect(along.checked).to.equal(true);
      expect(within(dialog).queryByText(/stay at their addresses/)).to.equal(null);
      await user.click(along);
      expect(within(dialog).getByText(/The 3 pages below it stay at their addresses/)).to.exist;

      const radio = (name: RegExp) => within(dialog).getByRole('radio', { name }) as HTMLInputElement;
      expect(radio(/^Expertise/).disabled).to.equal(true);
      expect(radio(/^Energie/).disabled).to.equal(true);
      expect(radio(/^Windenergie/).disabled).to.equal(true);
      expect(radio(/^Energie/).closest('label')?.textContent).to.include('(below the page)');
      // Under Home it is already.
      expect(radio(/^Home/).disabled).to.equal(true);
      expect(within(dialog).getByRole('button', { name: 'Move page' })).to.have.property('disabled', true);

      await user.click(radio(/^Diensten/));
      expect(within(dialog).getByText('/diensten/expertise')).to.exist;
      await user.click(within(dialog).getByRole('button', { name: 'Move page' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
      // The tree read again shows it under its new parent, opened there, with focus on it.
      await waitFor(() => expect(document.activeElement).to.equal(item('Expertise')));
      expect(item('Expertise').getAttribute('aria-level')).to.equal('3');
      // The pages below it stayed at their addresses, so they hang under the home page now.
      expect(treeItems()).to.deep.equal(['1:Home -', '2:Contact', '2:Diensten -', '3:Expertise', '2:Energie +', '2:Water']);
      expect(server.callsOf('pageSave')).to.have.length(1);
      expect(server.callsOf('pageSave')[0]).to.deep.include({ params: { id: 'id-expertise' }, body: { slug: 'diensten/expertise', shouldUpdateLinks: true, withSubpages: false } });
      expect(screen.getByText('“Expertise” moved to /diensten/expertise. The old address redirects there.')).to.exist;
    });

    it('moves the pages below it along by default, and says so', async () => {
      const { user, server } = open();
      server.answer('pageSave', success({ pageID: 'id-expertise', pageVersionID: 'version-1', slug: 'diensten/expertise', revision: 4, linksUpdated: 0, subpagesMoved: [{ pageID: 'a', slug: 'diensten/expertise/energie/wind' }, { pageID: 'b', slug: 'diensten/expertise/energie' }, { pageID: 'c', slug: 'diensten/expertise/water' }] }));
      await screen.findByRole('tree');
      await user.click(screen.getByRole('button', { name: 'Move Expertise' }));
      const dialog = await screen.findByRole('dialog', { name: 'Move “Expertise”' });
      await user.click(within(dialog).getByRole('radio', { name: /^Diensten/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Move page' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
      expect(server.callsOf('pageSave')[0]!.body).to.deep.equal({ slug: 'diensten/expertise', shouldUpdateLinks: true, withSubpages: true });
      expect(screen.getByText('“Expertise” moved to /diensten/expertise, with the 3 pages below it. The old addresses redirect to the new ones.')).to.exist;
    });

    it('offers no such choice for a page with nothing below it, and sends withSubpages false', async () => {
      const { user, server } = open();
      await screen.findByRole('tree');
      await user.click(screen.getByRole('button', { name: 'Move Contact' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).queryByRole('checkbox')).to.equal(null);
      await user.click(within(dialog).getByRole('radio', { name: /^Diensten/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Move page' }));
      await waitFor(() => expect(server.callsOf('pageSave')).to.have.length(1));
      expect(server.callsOf('pageSave')[0]!.body).to.deep.include({ withSubpages: false });
    });

    it('narrows the parents by a search', async () => {
      const { user } = open();
      await screen.findByRole('tree');
      await user.click(screen.getByRole('button', { name: 'Move Contact' }));
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByLabelText('Find the new parent'), 'wat');
      expect(within(dialog).getAllByRole('radio').map((radio) => radio.closest('label')?.querySelector('.move-choice__title')?.textContent)).to.deep.equal(['Water']);
    });

    it('shows the API\'s errors and stays open', async () => {
      const { user, server } = open();
      server.answer('pageSave', failure(400, errorItem('V_06', 'slug', 'page')));
      await screen.findByRole('tree');
      await user.click(screen.getByRole('button', { name: 'Move Contact' }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('radio', { name: /^Diensten/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Move page' }));
      await within(dialog).findByText(messageFor('V_06', 'slug'));
      expect(screen.getByRole('dialog')).to.exist;
    });

    it('is offered only where the user may move the page: never the home page, a live page only with publish-page', async () => {
      open({ signedIn: aUser({ ID: 'user-2', name: 'Ed Itor' }, ['edit-page']) });
      await screen.findByRole('tree');
      expect(screen.queryByRole('button', { name: 'Move Home' })).to.equal(null);
      expect(screen.queryByRole('button', { name: 'Move Expertise' })).to.equal(null);
      expect(screen.getByRole('button', { name: 'Move Diensten' })).to.exist;
      // Without create-page there is nothing to add.
      expect(screen.queryByRole('link', { name: 'Add page under Diensten' })).to.equal(null);
    });
  });
});
