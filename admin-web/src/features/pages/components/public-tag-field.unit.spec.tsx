import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import { blockTypes, defaultProps } from '@pagelog/contracts/blocks/block-types';
import { tagKey, type TagView, type TagVisibility } from '@pagelog/contracts/tags/tag';
import { fakeServer, type ServerCall } from '../../../testing/fake-server';
import { openEditor } from '../../../testing/page-editor';
import { aPage, aVersion, pageServer } from '../../../testing/pages';
import { renderInApp } from '../../../testing/render';
import { success } from '../../../testing/replies';
import { SchemaForm } from './schema-form';

type Values = Record<string, unknown>;

const aTag = (id: string, name: string, pageCount: number, visibility: TagVisibility = 'public'): TagView => ({
  id,
  name,
  slug: tagKey(name).replace(/[^a-z0-9]+/g, '-'),
  locale: 'nl-nl',
  visibility,
  pageCount,
  publishedPageCount: pageCount,
});

const duurzaamheid = aTag('tag-1', 'Duurzaamheid', 12);
const duurzameEnergie = aTag('tag-2', 'Duurzame energie', 4);
const windenergie = aTag('tag-3', 'Windenergie', 2);
const publicTags = [duurzaamheid, duurzameEnergie, windenergie];

/** tags/search, near enough: the tags whose name holds the term (inside a word too, as Dutch compounds need), most used first. */
function searchAnswer(call: ServerCall) {
  const term = tagKey((call.body as { term: string }).term);
  return success(publicTags.filter((tag) => tagKey(tag.name).includes(term)).sort((a, b) => b.pageCount - a.pageCount));
}

const tagServer = () => fakeServer({ tagsFetch: success(publicTags), tagsSearch: searchAnswer });

/** The form of a cards block showing the latest pages, filtered by `tag`, on a Dutch page. */
function cardsForm(tag: string) {
  const changes: Values[] = [];
  const server = tagServer();
  const values = { ...defaultProps(blockTypes.cards.id), mode: 'latest', tag };
  const view = renderInApp(<SchemaForm schema={blockTypes.cards.props} values={values} locale="nl-nl" onChange={(v) => changes.push(v)} />, { server });
  return { ...view, server, last: () => changes.at(-1) };
}

const combobox = () => screen.getByRole('combobox', { name: 'Tag' }) as HTMLInputElement;
const chosen = () => {
  const list = screen.queryByRole('list', { name: 'Tag: chosen' });
  return list ? within(list).getAllByRole('listitem').map((item) => item.firstChild?.textContent) : [];
};
const optionNames = async () => within(await screen.findByRole('listbox', { name: 'Tag: suggestions' })).getAllByRole('option').map((option) => option.firstChild?.textContent);

describe("a tag filter (a cards block's tag)", () => {
  describe('with a tag chosen', () => {
    it("shows the chosen tag by its name, read from the public tags of the page's locale", async () => {
      const { server } = cardsForm('tag-1');
      await waitFor(() => expect(chosen()).to.deep.equal(['Duurzaamheid']));
      expect(server.callsOf('tagsFetch').map((call) => call.query)).to.deep.include({ locale: 'nl-nl' });
      expect(server.callsOf('tagsFetchPrivate')).to.have.length(0);
    });

    it('picks another tag with the arrow keys and Enter, in its place, kept by its id', async () => {
      const { server, user, last } = cardsForm('tag-1');
      await waitFor(() => expect(chosen()).to.deep.equal(['Duurzaamheid']));
      await user.type(combobox(), 'energ');
      await waitFor(() => expect(server.callsOf('tagsSearch').at(-1)?.body).to.deep.equal({ term: 'energ', locale: 'nl-nl' }));
      await waitFor(async () => expect(await optionNames()).to.deep.equal(['Duurzame energie', 'Windenergie']));
      await user.keyboard('{ArrowDown}{ArrowDown}');
      expect(combobox().getAttribute('aria-activedescendant')).to.equal(screen.getByRole('option', { name: /^Windenergie/ }).id);
      await user.keyboard('{Enter}');
      expect(last()?.tag).to.equal('tag-3');
      expect(chosen()).to.deep.equal(['Windenergie']);
      expect(combobox().value).to.equal('');
    });

    it('clears the tag with "No tag: all pages"', async () => {
      const { user, last } = cardsForm('tag-2');
      await user.click(await screen.findByRole('button', { name: 'No tag: all pages' }));
      expect(last()?.tag).to.equal('');
      expect(chosen()).to.deep.equal([]);
      expect(screen.queryByRole('button', { name: 'No tag: all pages' })).to.equal(null);
    });
  });

  describe('without a tag', () => {
    it('offers the existing tags only: a typed name that is no tag is not made one', async () => {
      const { server, user, last } = cardsForm('');
      await user.click(combobox());
      await waitFor(async () => expect(await optionNames()).to.deep.equal(['Duurzaamheid', 'Duurzame energie', 'Windenergie']));
      await user.type(combobox(), 'Getijdenenergie');
      await waitFor(() => expect(server.callsOf('tagsSearch').at(-1)?.body).to.deep.equal({ term: 'Getijdenenergie', locale: 'nl-nl' }));
      // Nothing found, and no "Add new tag" in its place: no suggestions at all.
      await waitFor(() => expect(screen.queryByRole('listbox', { name: 'Tag: suggestions' })).to.equal(null));
      await user.keyboard('{Enter}');
      expect(server.callsOf('tagsValidate')).to.have.length(0);
      expect(last()?.tag ?? '').to.equal('');
      expect(chosen()).to.deep.equal([]);
    });
  });

  describe('with a tag the locale does not list', () => {
    it('says so, and clears it', async () => {
      const { user, last } = cardsForm('tag-merged');
      expect(await screen.findByText(/The chosen tag is not among the public tags of this language/)).to.exist;
      expect(chosen()).to.deep.equal([]);
      await user.click(screen.getByRole('button', { name: 'No tag: all pages' }));
      expect(last()?.tag).to.equal('');
      expect(screen.queryByText(/The chosen tag is not among/)).to.equal(null);
    });
  });
});

describe("an overview's tag filter in Page Settings", () => {
  it('names the saved tag, and saves the one picked instead by its id', async () => {
    const page = aPage({ type: 'overview', typeData: { listedType: 'article', pageSize: 12, tag: 'tag-2' } });
    const server = pageServer(page, aVersion(), { tagsFetch: success(publicTags), tagsSearch: searchAnswer });
    const { user } = await openEditor({ page, server });
    await user.click(screen.getByRole('tab', { name: 'Page Settings' }));
    await waitFor(() => expect(chosen()).to.deep.equal(['Duurzame energie']));
    await user.type(combobox(), 'wind');
    await waitFor(async () => expect(await optionNames()).to.deep.equal(['Windenergie']));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(chosen()).to.deep.equal(['Windenergie']);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsOf('pageSave')).to.have.length(1));
    expect((server.callsOf('pageSave')[0]!.body as { typeData: Values }).typeData).to.deep.equal({ listedType: 'article', pageSize: 12, tag: 'tag-3' });
  });
});
