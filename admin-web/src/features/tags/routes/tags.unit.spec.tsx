import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import { errorItem, messageFor } from '@pagelog/contracts/error-catalogue';
import { tagKey, type TagView, type TagVisibility } from '@pagelog/contracts/tags/tag';
import { fakeServer, type ServerCall } from '../../../testing/fake-server';
import { renderAdmin } from '../../../testing/render';
import { failure, success } from '../../../testing/replies';
import { aUser } from '../../../testing/users';

const aTag = (id: string, name: string, locale: string, visibility: TagVisibility, pageCount: number, publishedPageCount = pageCount): TagView => ({
  id,
  name,
  slug: tagKey(name).replace(/[^a-z0-9]+/g, '-'),
  locale,
  visibility,
  pageCount,
  publishedPageCount,
});

/**
 * The tags the fake server keeps, per locale: the lists answer them; a rename and a merge change
 * them, the merged tag gone at once and its pages counted on the other (as once the reactor ran).
 */
function tagServer() {
  let tags: TagView[] = [
    aTag('tag-1', 'Duurzaamheid', 'nl-nl', 'public', 12, 9),
    aTag('tag-2', 'Zeespiegelstijging', 'nl-nl', 'public', 3, 2),
    aTag('tag-3', 'Klimaat', 'nl-nl', 'public', 5, 5),
    aTag('tag-4', 'Intern overleg', 'nl-nl', 'private', 2, 0),
    aTag('tag-5', 'Sustainability', 'en-gb', 'public', 1),
  ];
  const list = (visibility: TagVisibility) => (call: ServerCall) =>
    success(tags.filter((tag) => tag.visibility === visibility && tag.locale === call.query.locale).sort((a, b) => a.name.localeCompare(b.name)));
  const server = fakeServer({
    tagsFetch: list('public'),
    tagsFetchPrivate: list('private'),
    tagsRename: (call) => {
      const { tagId, name } = call.body as { tagId: string; name: string };
      tags = tags.map((tag) => (tag.id === tagId ? { ...tag, name } : tag));
      const { pageCount: _all, publishedPageCount: _published, ...renamed } = tags.find((tag) => tag.id === tagId)!;
      return success({ tag: renamed, revision: 2, position: 300 });
    },
    tagsMerge: (call) => {
      const { tagId, intoTagId } = call.body as { tagId: string; intoTagId: string };
      const source = tags.find((tag) => tag.id === tagId)!;
      tags = tags.filter((tag) => tag.id !== tagId).map((tag) => (tag.id === intoTagId ? { ...tag, pageCount: tag.pageCount + source.pageCount } : tag));
      const { pageCount: _all, publishedPageCount: _published, ...into } = tags.find((tag) => tag.id === intoTagId)!;
      return success({ mergedTagId: tagId, into, position: 301 });
    },
  });
  return server;
}

/** The table's rows as name, visibility and pages (also while a dialog makes the screen behind it inert). */
function rows(): string[][] {
  const table = screen.getByRole('table', { hidden: true });
  return within(table)
    .getAllByRole('row', { hidden: true })
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].slice(0, 3).map((cell) => cell.textContent ?? ''));
}

async function openScreen(signedIn = aUser()) {
  const server = tagServer();
  const view = renderAdmin('/tags', { server, signedIn });
  if (signedIn.role?.permissions.some((p) => p.name === 'manage-tags')) await screen.findByRole('table', { name: 'Tags in nl-nl' });
  return { ...view, server };
}

describe('the tags screen', () => {
  describe('for an administrator', () => {
    it("lists the default locale's public and private tags by name, with their visibility and pages (published / all)", async () => {
      const { server } = await openScreen();
      expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Tags');
      expect(rows()).to.deep.equal([
        ['Duurzaamheid', 'Public', '9 / 12'],
        ['Intern overleg', 'Private', '0 / 2'],
        ['Klimaat', 'Public', '5 / 5'],
        ['Zeespiegelstijging', 'Public', '2 / 3'],
      ]);
      expect(server.callsOf('tagsFetch').map((call) => call.query)).to.deep.equal([{ locale: 'nl-nl' }]);
      expect(server.callsOf('tagsFetchPrivate').map((call) => call.query)).to.deep.equal([{ locale: 'nl-nl' }]);
    });

    it("shows another locale's tags when it is picked", async () => {
      const { user } = await openScreen();
      await user.selectOptions(screen.getByLabelText('Language'), 'en-gb');
      await screen.findByRole('table', { name: 'Tags in en-gb' });
      expect(rows()).to.deep.equal([['Sustainability', 'Public', '1 / 1']]);
    });

    it('renames a tag: a refused name shows its catalogue message in the dialog, a good one renames', async () => {
      const { server, user } = await openScreen();
      server.answer('tagsRename', failure(400, errorItem('TG_04', 'name', 'tag')));
      await user.click(screen.getByRole('button', { name: 'Rename “Klimaat”' }));
      const dialog = screen.getByRole('dialog', { name: 'Rename “Klimaat”' });
      const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
      expect(name.value).to.equal('Klimaat');
      await user.clear(name);
      await user.type(name, 'duurzaamhéid');
      await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
      expect(within(await within(dialog).findByRole('alert')).getByText(messageFor('TG_04'))).to.exist;
      expect(name.getAttribute('aria-invalid')).to.equal('true');
      expect(server.callsOf('tagsRename').map((call) => call.body)).to.deep.equal([{ tagId: 'tag-3', name: 'duurzaamhéid' }]);

      server.answer('tagsRename', (call) => {
        const { tagId, name: newName } = call.body as { tagId: string; name: string };
        return success({ tag: { id: tagId, name: newName, slug: 'klimaatverandering', locale: 'nl-nl', visibility: 'public' }, revision: 2, position: 300 });
      });
      await user.clear(name);
      await user.type(name, 'Klimaatverandering');
      await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
      expect(await screen.findByText('“Klimaat” is now called “Klimaatverandering”.')).to.exist;
      expect(screen.queryByRole('dialog')).to.equal(null);
      expect(server.callsOf('tagsRename').at(-1)!.body).to.deep.equal({ tagId: 'tag-3', name: 'Klimaatverandering' });
    });

    it('refuses an empty name before asking the server', async () => {
      const { server, user } = await openScreen();
      await user.click(screen.getByRole('button', { name: 'Rename “Klimaat”' }));
      const dialog = screen.getByRole('dialog');
      await user.clear(within(dialog).getByLabelText('Name'));
      await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
      expect(within(await within(dialog).findByRole('alert')).getByText(messageFor('V_01', 'name'))).to.exist;
      expect(server.callsOf('tagsRename')).to.have.length(0);
    });

    it('merges a tag into one of its locale and visibility, found by a search, after saying what happens to its pages', async () => {
      const { server, user } = await openScreen();
      await user.click(screen.getByRole('button', { name: 'Merge into… (“Zeespiegelstijging”)' }));
      const dialog = screen.getByRole('dialog', { name: 'Merge “Zeespiegelstijging” into…' });
      const choices = () => within(dialog).getAllByRole('radio').map((radio) => radio.closest('label')!.querySelector('.tag-merge__name')!.textContent);
      // Not itself, nor the private tag.
      expect(choices()).to.deep.equal(['Duurzaamheid', 'Klimaat']);
      await user.type(within(dialog).getByLabelText('Find a tag'), 'KLIM');
      expect(choices()).to.deep.equal(['Klimaat']);
      const next = within(dialog).getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
      expect(next.disabled).to.equal(true);
      await user.click(within(dialog).getByRole('radio', { name: /Klimaat/ }));
      await user.click(next);
      expect(within(dialog).getByText('All 3 pages tagged “Zeespiegelstijging” will be tagged “Klimaat”; “Zeespiegelstijging” will be gone.')).to.exist;
      expect(server.callsOf('tagsMerge')).to.have.length(0);

      await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
      expect(server.callsOf('tagsMerge').map((call) => call.body)).to.deep.equal([{ tagId: 'tag-2', intoTagId: 'tag-3' }]);
      expect(await screen.findByText('“Zeespiegelstijging” was merged into “Klimaat”. Its pages follow in a moment.')).to.exist;
      expect(screen.queryByRole('dialog')).to.equal(null);
      // The lists are read again at the merge's position: the merged tag is gone.
      await waitFor(() => expect(rows().map((row) => row[0])).to.deep.equal(['Duurzaamheid', 'Intern overleg', 'Klimaat']));
      expect(rows()[2]).to.deep.equal(['Klimaat', 'Public', '5 / 8']);
    });

    it('goes back from the confirmation without merging, and shows a refused merge in the dialog', async () => {
      const { server, user } = await openScreen();
      server.answer('tagsMerge', failure(400, errorItem('TG_06', 'intoTagId', 'tag')));
      await user.click(screen.getByRole('button', { name: 'Merge into… (“Duurzaamheid”)' }));
      const dialog = screen.getByRole('dialog');
      await user.click(within(dialog).getByRole('radio', { name: /Klimaat/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      await user.click(within(dialog).getByRole('button', { name: 'Back' }));
      expect((within(dialog).getByRole('radio', { name: /Klimaat/ }) as HTMLInputElement).checked).to.equal(true);
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
      expect(within(await within(dialog).findByRole('alert')).getByText(messageFor('TG_06'))).to.exist;
      expect(rows().map((row) => row[0])).to.include('Duurzaamheid');
    });

    it('is in the navigation, highlighted on the screen', async () => {
      await openScreen();
      const link = within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Tags' });
      expect(link.getAttribute('href')).to.equal('/cmsadmin/tags');
      expect(link.getAttribute('aria-current')).to.equal('page');
    });
  });

  describe('for a user whose role lacks manage-tags', () => {
    const editor = aUser({ ID: 'user-2', name: 'Ed Itor' }, ['edit-page', 'manage-settings']);

    it('says they are not authorised and reads no tags', async () => {
      const { server } = await openScreen(editor);
      expect(screen.getByText(messageFor('UM_01'))).to.exist;
      expect(screen.queryByRole('table')).to.equal(null);
      expect(server.callsOf('tagsFetch')).to.have.length(0);
    });

    it('has no Tags entry in the navigation', async () => {
      await openScreen(editor);
      const nav = screen.getByRole('navigation', { name: 'Main navigation' });
      expect(within(nav).queryByRole('link', { name: 'Tags' })).to.equal(null);
      expect(within(nav).getByRole('link', { name: 'Site settings' })).to.exist;
    });
  });
});
