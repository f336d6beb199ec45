import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { errorItem, messageFor } from '@pagelog/contracts/error-catalogue';
import type { PageHistoryEntry } from '@pagelog/contracts/pages/page';
import { tagKey, type TagView, type TagVisibility } from '@pagelog/contracts/tags/tag';
import type { ServerCall } from '../../../testing/fake-server';
import { changeTitle, openEditor } from '../../../testing/page-editor';
import { aPage, aVersion, pageServer } from '../../../testing/pages';
import { failure, success } from '../../../testing/replies';
import { aUser } from '../../../testing/users';

const aTag = (id: string, name: string, visibility: TagVisibility = 'public', pageCount = 3): TagView => ({
  id,
  name,
  slug: tagKey(name).replace(/[^a-z0-9]+/g, '-'),
  locale: 'nl-nl',
  visibility,
  pageCount,
  publishedPageCount: pageCount,
});

const duurzaamheid = aTag('tag-1', 'Duurzaamheid', 'public', 12);
const duurzameEnergie = aTag('tag-2', 'Duurzame energie', 'public', 4);
const windenergie = aTag('tag-3', 'Windenergie', 'public', 2);
const intern = aTag('tag-4', 'Intern overleg', 'private', 1);
const allTags = [duurzaamheid, duurzameEnergie, windenergie, intern];

/** tags/search as the server answers it: the start of the name or of a word, without capitals or accents, most used first. */
function searchAnswer(visibility: TagVisibility) {
  return (call: ServerCall) => {
    const term = tagKey((call.body as { term: string }).term);
    const found = allTags
      .filter((tag) => tag.visibility === visibility)
      .filter((tag) => term === '' || tagKey(tag.name).split(' ').some((word) => word.startsWith(term)))
      .sort((a, b) => b.pageCount - a.pageCount);
    return success(found);
  };
}

const validation = (data: { valid: boolean; errors?: ReturnType<typeof errorItem>[]; existing?: TagView | null }) => success({ errors: [], existing: null, ...data });

/** The page's tags as the fake server keeps them: page/:id/tags answers change them, GET /page/{id} reads them. */
let pageTagIds: string[] = [];

/** A page/:id/tags answer: the page has these tags now, at revision 4. */
function tagsAnswer(tags: TagView[], created: string[] = []) {
  return () => {
    pageTagIds = tags.map((tag) => tag.id);
    return success({ pageID: 'page-1', revision: 4, tags, created, position: 200 });
  };
}

/** The editor of an article tagged Duurzaamheid (public) and Intern overleg (private), on its Page Settings tab. */
async function openTaggedPage(options: { type?: string; signedIn?: ReturnType<typeof aUser> } = {}) {
  pageTagIds = ['tag-1', 'tag-4'];
  const page = aPage({ type: options.type ?? 'article', tags: pageTagIds });
  const server = pageServer(page, aVersion(), {
    pageGet: () => success({ ...page, tags: pageTagIds }),
    tagsFetch: success([duurzaamheid, duurzameEnergie, windenergie]),
    tagsFetchPrivate: success([intern]),
    tagsSearch: searchAnswer('public'),
    tagsSearchPrivate: searchAnswer('private'),
    tagsValidate: validation({ valid: true }),
    pageTags: tagsAnswer([duurzaamheid, intern]),
  });
  const view = await openEditor({ page, server, signedIn: options.signedIn });
  await view.user.click(screen.getByRole('tab', { name: 'Page Settings' }));
  return view;
}

const combobox = (name: 'Public tags' | 'Private tags') => screen.getByRole('combobox', { name }) as HTMLInputElement;
const chips = (name: 'Public tags' | 'Private tags') => {
  const list = screen.queryByRole('list', { name: `${name}: chosen` });
  return list ? within(list).getAllByRole('listitem').map((item) => item.firstChild?.textContent) : [];
};
const optionNames = async (name: string) => within(await screen.findByRole('listbox', { name: `${name}: suggestions` })).getAllByRole('option').map((option) => option.firstChild?.textContent ?? option.textContent);
const saveTags = () => screen.getByRole('button', { name: 'Save tags' }) as HTMLButtonElement;

/** Types into a tag field, once the field is there (the tag lists name the chips first). */
async function typeTag(user: UserEvent, name: 'Public tags' | 'Private tags', text: string) {
  await user.type(await screen.findByRole('combobox', { name }), text);
}

describe('the tag field in Page Settings', () => {
  describe('on an article with tags', () => {
    it("shows the page's tags as chips by visibility, and says they apply at once with a save of their own", async () => {
      await openTaggedPage();
      await waitFor(() => expect(chips('Public tags')).to.deep.equal(['Duurzaamheid']));
      expect(chips('Private tags')).to.deep.equal(['Intern overleg']);
      expect(screen.getByText(/they apply at once to the draft and to the live page, without publishing/)).to.exist;
      expect(screen.getByText('Never shown on the site or in its search: for editors only.')).to.exist;
      expect(saveTags().disabled).to.equal(true);
    });

    it('suggests the tags found for what is typed, leaving out the chosen ones, after a pause', async () => {
      const { server, user } = await openTaggedPage();
      await typeTag(user, 'Public tags', 'duur');
      await waitFor(async () => expect(await optionNames('Public tags')).to.deep.equal(['Duurzame energie', 'Add new tag “duur”']));
      const searches = server.callsOf('tagsSearch').map((call) => call.body);
      expect(searches.at(-1)).to.deep.equal({ term: 'duur', locale: 'nl-nl' });
      // One search for the pause, not one per letter.
      expect(searches.filter((body) => (body as { term: string }).term.startsWith('d'))).to.have.length(1);
      expect(server.callsOf('tagsSearchPrivate')).to.have.length(0);
    });

    it('picks a suggestion with the arrow keys and Enter, the active option named by aria-activedescendant', async () => {
      const { user } = await openTaggedPage();
      await typeTag(user, 'Public tags', 'energ');
      await waitFor(async () => expect(await optionNames('Public tags')).to.deep.equal(['Duurzame energie', 'Windenergie', 'Add new tag “energ”']));
      const input = combobox('Public tags');
      expect(input.getAttribute('aria-expanded')).to.equal('true');
      await user.keyboard('{ArrowDown}{ArrowDown}');
      const active = screen.getByRole('option', { name: /^Windenergie/ });
      expect(input.getAttribute('aria-activedescendant')).to.equal(active.id);
      expect(active.getAttribute('aria-selected')).to.equal('true');
      await user.keyboard('{Enter}');
      expect(chips('Public tags')).to.deep.equal(['Duurzaamheid', 'Windenergie']);
      expect(input.value).to.equal('');
      expect(saveTags().disabled).to.equal(false);
    });

    it('closes the suggestions with Escape, and picks one with the mouse', async () => {
      const { user } = await openTaggedPage();
      await typeTag(user, 'Public tags', 'wind');
      await waitFor(async () => expect(await optionNames('Public tags')).to.include('Windenergie'));
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('listbox', { name: 'Public tags: suggestions' })).to.equal(null);
      expect(combobox('Public tags').getAttribute('aria-expanded')).to.equal('false');
      await user.keyboard('{ArrowDown}');
      await user.click(await screen.findByRole('option', { name: /^Windenergie/ }));
      expect(chips('Public tags')).to.deep.equal(['Duurzaamheid', 'Windenergie']);
    });

    it('takes the suggested tag for its name typed out in full, without making a new one', async () => {
      const { server, user } = await openTaggedPage();
      await typeTag(user, 'Public tags', 'windenergie');
      await waitFor(async () => expect(await optionNames('Public tags')).to.deep.equal(['Windenergie']));
      await user.keyboard('{Enter}');
      expect(chips('Public tags')).to.deep.equal(['Duurzaamheid', 'Windenergie']);
      expect(server.callsOf('tagsValidate')).to.have.length(0);
    });

    it('adds a new tag once tags/validate finds the name good, marked new', async () => {
      const { server, user } = await openTaggedPage();
      await typeTag(user, 'Public tags', 'Getijdenenergie');
      await user.keyboard('{Enter}');
      await waitFor(() => expect(chips('Public tags')).to.deep.equal(['Duurzaamheid', 'Getijdenenergie']));
      expect(server.callsOf('tagsValidate').map((call) => call.body)).to.deep.equal([{ tag: 'Getijdenenergie', locale: 'nl-nl', visibility: 'public' }]);
      expect(screen.getByText('new')).to.exist;
    });

    it('offers the existing tag for a name that differs only in capitals or accents', async () => {
      const { server, user } = await openTaggedPage();
      // Enter pressed before any suggestion came in: the name goes to tags/validate.
      server.answer('tagsSearch', success([]));
      server.answer('tagsValidate', validation({ valid: false, errors: [errorItem('TG_04', 'tag', 'tag')], existing: duurzameEnergie }));
      await typeTag(user, 'Public tags', 'DUURZAME ÉNERGIE');
      await user.keyboard('{Enter}');
      const offer = await screen.findByRole('button', { name: 'Use the existing tag “Duurzame energie”' });
      expect(chips('Public tags')).to.deep.equal(['Duurzaamheid']);
      await user.click(offer);
      expect(chips('Public tags')).to.deep.equal(['Duurzaamheid', 'Duurzame energie']);
      expect(screen.queryByRole('button', { name: /Use the existing tag/ })).to.equal(null);
      expect(combobox('Public tags').value).to.equal('');
    });

    it("shows a refused name's catalogue message beside the field, until the name changes", async () => {
      const { server, user } = await openTaggedPage();
      server.answer('tagsValidate', validation({ valid: false, errors: [errorItem('TG_03', 'tag', 'tag')] }));
      await typeTag(user, 'Private tags', 'C++');
      await user.keyboard('{Enter}');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).to.equal(messageFor('TG_03'));
      expect(combobox('Private tags').getAttribute('aria-invalid')).to.equal('true');
      expect(chips('Private tags')).to.deep.equal(['Intern overleg']);
      expect(server.callsOf('tagsValidate')[0]!.body).to.deep.include({ visibility: 'private' });
      await user.type(combobox('Private tags'), 'x');
      expect(screen.queryByText(messageFor('TG_03'))).to.equal(null);
    });

    it('removes a chip with its button', async () => {
      const { user } = await openTaggedPage();
      await user.click(await screen.findByRole('button', { name: 'Remove tag Duurzaamheid' }));
      expect(chips('Public tags')).to.deep.equal([]);
      expect(chips('Private tags')).to.deep.equal(['Intern overleg']);
      expect(saveTags().disabled).to.equal(false);
      expect(screen.getByText('The tags have changes that are not saved yet.')).to.exist;
    });
  });

  describe('when the tags are saved', () => {
    it('posts the whole list, existing tags by id and new ones by name, and says what it made', async () => {
      const { server, user } = await openTaggedPage();
      const getij = aTag('tag-9', 'Getijdenenergie', 'public', 1);
      server.answer('pageTags', tagsAnswer([intern, windenergie, getij], ['tag-9']));
      await user.click(await screen.findByRole('button', { name: 'Remove tag Duurzaamheid' }));
      await typeTag(user, 'Public tags', 'wind');
      await user.click(await screen.findByRole('option', { name: /^Windenergie/ }));
      await typeTag(user, 'Public tags', 'Getijdenenergie');
      await user.keyboard('{Enter}');
      await waitFor(() => expect(chips('Public tags')).to.deep.equal(['Windenergie', 'Getijdenenergie']));
      await user.click(saveTags());
      expect(server.callsOf('pageTags').map((call) => [call.params, call.body])).to.deep.equal([
        [{ id: 'page-1' }, { tags: [{ id: 'tag-4' }, { id: 'tag-3' }, { name: 'Getijdenenergie', visibility: 'public' }], basedOnTags: ['tag-1', 'tag-4'] }],
      ]);
      expect(await screen.findByText('Tags saved: the page has 3 tags now. New tag: Getijdenenergie.')).to.exist;
      expect(chips('Public tags')).to.deep.equal(['Windenergie', 'Getijdenenergie']);
      expect(screen.queryByText('new')).to.equal(null);
      expect(saveTags().disabled).to.equal(true);
    });

    it("lists the change in the page's history", async () => {
      const { server, user } = await openTaggedPage();
      const change: PageHistoryEntry = { position: 200, revision: 4, type: 'PageTagsChanged', occurredAt: '2025-03-03T09:00:00.000Z', actorId: 'user-1', actorName: 'Ada Admin', versionId: null, summary: 'changed the tags (0 added, 1 removed)' };
      server.answer('pageHistory', (call) => success(server.callsOf('pageTags').length > 0 ? [change] : []));
      await user.click(await screen.findByRole('button', { name: 'Remove tag Duurzaamheid' }));
      await user.click(saveTags());
      await screen.findByText(/Tags saved/);
      await user.click(screen.getByRole('tab', { name: 'Overview' }));
      await user.click(screen.getByText('History'));
      expect(await screen.findByText('changed the tags (0 added, 1 removed)')).to.exist;
    });

    it("bases the editor's next save on the page's new revision", async () => {
      const { server, user } = await openTaggedPage();
      await user.click(await screen.findByRole('button', { name: 'Remove tag Duurzaamheid' }));
      await user.click(saveTags());
      await screen.findByText(/Tags saved/);
      await changeTitle(user, 'Over ons en de zee');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(server.callsOf('pageVersionStore')).to.have.length(1));
      expect(server.callsOf('pageVersionStore')[0]!.body).to.deep.include({ revision: 4, title: 'Over ons en de zee' });
    });

    it("says so when another editor changed the tags meanwhile, puts this editor's changes on top of theirs, and saves on the tags as they are now", async () => {
      const { server, user } = await openTaggedPage();
      // Another editor gave the page Windenergie since this editor opened it.
      server.answer('pageTags', (call) => {
        if ((call.body as { basedOnTags: string[] }).basedOnTags.includes('tag-3')) return tagsAnswer([duurzaamheid, windenergie, duurzameEnergie, intern])();
        pageTagIds = ['tag-1', 'tag-3', 'tag-4'];
        return {
          ...failure(409, errorItem('V_07', 'revision', 'page')),
          data: { conflicts: ['tags'], current: { tags: ['tag-1', 'tag-3', 'tag-4'] }, currentRevision: 7 } as never,
        };
      });
      await typeTag(user, 'Public tags', 'duurzame');
      await user.click(await screen.findByRole('option', { name: /^Duurzame energie/ }));
      await user.click(saveTags());
      expect(
        await screen.findByText(
          "Another editor changed this page's tags while you were editing: it now has 3 tags (Duurzaamheid, Windenergie, Intern overleg). Your changes are in the field on top of theirs: check them and save again.",
        ),
      ).to.exist;
      // Theirs (Windenergie) and this editor's (Duurzame energie), nothing dropped.
      expect(chips('Public tags')).to.deep.equal(['Duurzaamheid', 'Windenergie', 'Duurzame energie']);
      expect(chips('Private tags')).to.deep.equal(['Intern overleg']);
      expect(saveTags().disabled).to.equal(false);
      // Saved again, the list is based on the tags the page has now.
      await user.click(saveTags());
      expect(await screen.findByText(/Tags saved/)).to.exist;
      const calls = server.callsOf('pageTags').map((call) => (call.body as { basedOnTags: string[] }).basedOnTags);
      expect(calls).to.deep.equal([['tag-1', 'tag-4'], ['tag-1', 'tag-3', 'tag-4']]);
    });

    it("shows a refusal with the tag it is about, and leaves the editor's unsaved work as it was", async () => {
      const { server, user } = await openTaggedPage();
      server.answer('pageTags', failure(400, errorItem('TG_04', 'tags[2].name', 'page')));
      await changeTitle(user, 'Nog niet bewaard');
      await typeTag(user, 'Public tags', 'Interne zaken');
      await user.keyboard('{Enter}');
      await waitFor(() => expect(chips('Public tags')).to.deep.equal(['Duurzaamheid', 'Interne zaken']));
      await user.click(saveTags());
      expect(await screen.findByText(`“Interne zaken”: ${messageFor('TG_04')}`)).to.exist;
      expect(chips('Public tags')).to.deep.equal(['Duurzaamheid', 'Interne zaken']);
      expect((screen.getByLabelText('Title', { exact: true }) as HTMLInputElement).value).to.equal('Nog niet bewaard');
      expect(screen.getByText('Unsaved changes')).to.exist;
      expect(server.callsOf('pageVersionStore')).to.have.length(0);
      expect(server.callsOf('pageSave')).to.have.length(0);
    });
  });

  it('is not offered on a page type without tags', async () => {
    await openTaggedPage({ type: 'contact' });
    expect(screen.getByLabelText('Slug')).to.exist;
    expect(screen.queryByRole('combobox', { name: 'Public tags' })).to.equal(null);
  });

  it('cannot be changed without edit-page', async () => {
    await openTaggedPage({ signedIn: aUser({ ID: 'user-5', name: 'Rita Reader' }, ['publish-page']) });
    await waitFor(() => expect(chips('Public tags')).to.deep.equal(['Duurzaamheid']));
    expect(combobox('Public tags').disabled).to.equal(true);
    expect((screen.getByRole('button', { name: 'Remove tag Duurzaamheid' }) as HTMLButtonElement).disabled).to.equal(true);
  });
});
