import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import { blockTypes } from '@pagelog/contracts/blocks/block-types';
import type { PageListItem } from '@pagelog/contracts/pages/page';
import { fakeServer, type ServerCall } from '../../../testing/fake-server';
import { renderInApp } from '../../../testing/render';
import { success } from '../../../testing/replies';
import { SchemaForm } from './schema-form';

type Values = Record<string, unknown>;

const aPage = (id: string, title: string, path: string, status: PageListItem['status'] = 'published'): PageListItem =>
  ({ id, title, slug: path.slice(1), path, locale: 'nl-nl', type: 'article', status }) as PageListItem;

const site = [aPage('p-about', 'Over ons', '/over-ons'), aPage('p-team', 'Ons team', '/over-ons/team', 'concept'), aPage('p-contact', 'Contact', '/contact')];

/** A server whose page search finds the site's pages by title, and whose get-multiple answers them by id. */
function siteServer() {
  return fakeServer({
    pageSearch: (call: ServerCall) => {
      const term = String((call.body as { searchTerm: string }).searchTerm).toLowerCase();
      return success(site.filter((page) => page.title.toLowerCase().includes(term)));
    },
    pageGetMultiple: (call: ServerCall) => success((call.body as { pageIDs: string[] }).pageIDs.flatMap((id) => site.filter((page) => page.id === id))),
  });
}

function form(schema: (typeof blockTypes)[keyof typeof blockTypes]['props'], values: Values) {
  const changes: Values[] = [];
  const view = renderInApp(<SchemaForm schema={schema} values={values} locale="nl-nl" onChange={(v) => changes.push(v)} />, { server: siteServer() });
  return { ...view, last: () => changes[changes.length - 1]! };
}

const ctaValues = (url: string) => ({ title: 'Verder', text: '', buttonText: 'Lees meer', url, style: 'primary' });

describe('a link field (a call to action\'s button link)', () => {
  it('takes a typed address', async () => {
    const { user, last } = form(blockTypes.callToAction.props, ctaValues(''));
    await user.type(screen.getByLabelText('Button link'), 'https://voorbeeld.nl/x');
    expect(last().url).to.equal('https://voorbeeld.nl/x');
  });

  it('links a page found by its title, kept by its id and shown by its title and path', async () => {
    const { user, last } = form(blockTypes.callToAction.props, ctaValues(''));
    await user.type(screen.getByLabelText('Or find a page for Button link'), 'team');
    const results = await screen.findByRole('list', { name: 'Pages found' });
    expect(within(results).getByText('Not published')).to.exist;
    await user.click(within(results).getByRole('button', { name: 'Link to Ons team' }));
    expect(last().url).to.equal('page:p-team');
    await waitFor(() => expect((screen.getByLabelText('Button link') as HTMLInputElement).value).to.equal('Ons team (/over-ons/team)'));
    expect((screen.getByLabelText('Button link') as HTMLInputElement).readOnly).to.equal(true);
  });

  it('adds an anchor to a chosen page, and gives the page up for a typed address', async () => {
    const { user, last } = form(blockTypes.callToAction.props, ctaValues('page:p-about'));
    await waitFor(() => expect((screen.getByLabelText('Button link') as HTMLInputElement).value).to.equal('Over ons (/over-ons)'));
    await user.type(screen.getByLabelText('Anchor on that page (optional)'), 'team');
    expect(last().url).to.equal('page:p-about#team');
    // An anchor the link rule refuses is said at once, on the link field.
    await user.type(screen.getByLabelText('Anchor on that page (optional)'), ' x');
    await user.tab();
    expect(await screen.findByText('Not a valid URL.')).to.exist;

    await user.click(screen.getByRole('button', { name: 'Remove the page (type an address instead)' }));
    expect(last().url).to.equal('');
    const address = screen.getByLabelText('Button link') as HTMLInputElement;
    expect(address.readOnly).to.equal(false);
    await user.type(address, '/contact');
    expect(last().url).to.equal('/contact');
  });

  it('says so when the chosen page no longer exists', async () => {
    form(blockTypes.callToAction.props, ctaValues('page:p-gone'));
    await waitFor(() => expect((screen.getByLabelText('Button link') as HTMLInputElement).value).to.equal('A page that no longer exists'));
  });
});

describe('a pages field (a cards block\'s chosen pages)', () => {
  const cardsValues = (pageIDs: string[]) => ({ title: '', mode: 'chosen', pageIDs, pageType: '', count: 3 });
  const titles = (group: HTMLElement) => within(within(group).getByRole('list', { name: 'Chosen pages' })).getAllByRole('listitem').map((item) => within(item).getByText(/^(Over ons|Ons team|Contact)$/).textContent);

  it('adds pages found by their title, each once, and shows them by title and path', async () => {
    const { user, last } = form(blockTypes.cards.props, cardsValues([]));
    const group = screen.getByRole('group', { name: 'Chosen pages' });
    expect(within(group).getByText('No pages chosen yet.')).to.exist;
    const search = within(group).getByLabelText('Find a page to add to Chosen pages');
    await user.type(search, 'over');
    await user.click(await within(group).findByRole('button', { name: 'Add Over ons' }));
    expect(last().pageIDs).to.deep.equal(['p-about']);
    await user.clear(search);
    await user.type(search, 'ons');
    await user.click(await within(group).findByRole('button', { name: 'Add Ons team' }));
    expect(last().pageIDs).to.deep.equal(['p-about', 'p-team']);
    // A page chosen already is not offered again.
    expect(within(group).queryByRole('button', { name: 'Add Over ons' })).to.equal(null);
    await waitFor(() => expect(titles(group)).to.deep.equal(['Over ons', 'Ons team']));
    expect(within(group).getByText('/over-ons/team')).to.exist;
    expect(within(within(group).getByRole('list', { name: 'Chosen pages' })).getByText('Not published')).to.exist;
  });

  it('moves a page up and down and removes one', async () => {
    const { user, last } = form(blockTypes.cards.props, cardsValues(['p-about', 'p-team', 'p-contact']));
    const group = screen.getByRole('group', { name: 'Chosen pages' });
    await waitFor(() => expect(titles(group)).to.deep.equal(['Over ons', 'Ons team', 'Contact']));
    await user.click(within(group).getByRole('button', { name: 'Move Contact up' }));
    expect(last().pageIDs).to.deep.equal(['p-about', 'p-contact', 'p-team']);
    expect(within(group).getByRole('button', { name: 'Move Over ons up' })).to.have.property('disabled', true);
    await user.click(within(group).getByRole('button', { name: 'Remove Over ons' }));
    expect(last().pageIDs).to.deep.equal(['p-contact', 'p-team']);
  });

  it('takes no more than twelve pages', async () => {
    form(blockTypes.cards.props, cardsValues(Array.from({ length: 12 }, (_, i) => `p-${i}`)));
    const group = screen.getByRole('group', { name: 'Chosen pages' });
    expect(within(group).getByLabelText('Find a page to add to Chosen pages')).to.have.property('disabled', true);
    expect(within(group).getByText('This list holds at most 12.')).to.exist;
  });

  it('asks for a page in chosen mode, not for the latest pages, and offers the modes and page types by name', async () => {
    const { user } = form(blockTypes.cards.props, cardsValues(['p-about']));
    const mode = screen.getByLabelText('Pages to show') as HTMLSelectElement;
    expect([...mode.options].map((option) => option.text)).to.deep.equal(['Pages I choose', 'The latest pages']);
    expect([...(screen.getByLabelText('Page type') as HTMLSelectElement).options].map((option) => option.text)).to.include.members(['Any type', 'Articles']);
    const group = screen.getByRole('group', { name: 'Chosen pages' });
    await user.click(within(group).getByRole('button', { name: /^Remove / }));
    const message = await within(group).findByText('The Chosen pages field is required.');
    expect(group.getAttribute('aria-describedby')).to.include(message.id);
    await user.selectOptions(mode, 'latest');
    await waitFor(() => expect(within(group).queryByText('The Chosen pages field is required.')).to.equal(null));
  });
});
