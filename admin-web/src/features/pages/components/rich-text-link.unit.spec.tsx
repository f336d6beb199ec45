import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import { blockTypes } from '@pagelog/contracts/blocks/block-types';
import type { PageListItem } from '@pagelog/contracts/pages/page';
import { fakeServer, type ServerCall } from '../../../testing/fake-server';
import { renderInApp } from '../../../testing/render';
import { success } from '../../../testing/replies';
import { SchemaForm } from './schema-form';

const about = { id: 'p-about', title: 'Over ons', slug: 'over-ons', path: '/over-ons', locale: 'nl-nl', type: 'base', status: 'published' } as PageListItem;

function textForm(html: string) {
  const changes: Record<string, unknown>[] = [];
  const server = fakeServer({
    pageSearch: (call: ServerCall) => success(String((call.body as { searchTerm: string }).searchTerm).toLowerCase().includes('over') ? [about] : []),
    pageGetMultiple: (call: ServerCall) => success((call.body as { pageIDs: string[] }).pageIDs.includes(about.id) ? [about] : []),
  });
  const view = renderInApp(<SchemaForm schema={blockTypes.text.props} values={{ html }} locale="nl-nl" onChange={(v) => changes.push(v)} />, { server });
  return { ...view, last: () => changes[changes.length - 1]! };
}

describe('the rich text editor\'s link dialog', () => {
  it('links a page picked from the search by its id, as its title where nothing was selected', async () => {
    const { user, last } = textForm('<p>Lees meer: </p>');
    await user.click(await screen.findByRole('button', { name: 'Link' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Link' }));
    await user.type(dialog.getByLabelText('Or find a page by its title or address'), 'over');
    await user.click(await dialog.findByRole('button', { name: 'Link to Over ons' }));
    expect((dialog.getByLabelText('Address') as HTMLInputElement).value).to.equal('page:p-about');
    expect(await dialog.findByText(/Links to the page “Over ons” \(\/over-ons\)/)).to.exist;
    await user.click(dialog.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(last().html).to.include('<a href="page:p-about">Over ons</a>'));
  });

  it('shows the page an existing link names, by its title and path', async () => {
    const { user } = textForm('<p><a href="page:p-about#team">ons team</a></p>');
    await user.click(await screen.findByText('ons team'));
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Link' }));
    expect((dialog.getByLabelText('Address') as HTMLInputElement).value).to.equal('page:p-about#team');
    expect(await dialog.findByText(/Links to the page “Over ons” \(\/over-ons\)/)).to.exist;
  });
});
