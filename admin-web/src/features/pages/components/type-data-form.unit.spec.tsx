import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { FakeServer } from '../../../testing/fake-server';
import { aDocument, aListing } from '../../../testing/media';
import { openEditor } from '../../../testing/page-editor';
import { aPage, aVersion, pageServer } from '../../../testing/pages';
import { success } from '../../../testing/replies';

const report = aDocument({ id: 'report', path: '/', fileName: 'report.pdf', hash: 'c'.repeat(64), size: 52_000 });

/** The editor of a page of a type, over a server that answers the media library's reads too. */
async function editorOf(type: string, typeData: Record<string, unknown>) {
  const server: FakeServer = pageServer(aPage({ type, typeData }), aVersion(), {
    mediaGetDir: success(aListing('/', [report])),
    mediaSearchFiles: success(aListing('/', [report])),
    mediaListPagesByFile: success({ items: [], totalItems: 0, settingsUses: [] }),
  });
  const view = await openEditor({ server });
  await view.user.click(screen.getByRole('tab', { name: 'Page Settings' }));
  return { ...view, server };
}

async function saveSettings(user: UserEvent, server: FakeServer): Promise<Record<string, unknown>> {
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(server.callsOf('pageSave')).to.have.length(1));
  return (server.callsOf('pageSave')[0]!.body as { typeData: Record<string, unknown> }).typeData;
}

describe('the type data of a page in its settings', () => {
  describe('of a publication', () => {
    it('takes the main download from the media library, shown by its name and size, and saves it as a library file', async () => {
      const { user, server } = await editorOf('publication', { authors: 'Anna de Vries', publicationDate: '2026-02-01', summary: '', mainDownload: null });
      const group = screen.getByRole('group', { name: 'Main download' });
      expect(within(group).getByText('None chosen yet.')).to.exist;
      expect((screen.getByLabelText('Authors') as HTMLInputElement).value).to.equal('Anna de Vries');
      expect((screen.getByLabelText('Publication date') as HTMLInputElement).type).to.equal('date');

      await user.click(within(group).getByRole('button', { name: 'Choose from the library (Main download)' }));
      const dialog = within(screen.getByRole('dialog'));
      await user.click(await dialog.findByRole('button', { name: 'report.pdf' }));
      await user.click(dialog.getByRole('button', { name: 'Choose' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
      expect(within(group).getByText('report.pdf', { selector: '.block-media__name' })).to.exist;
      expect(within(group).getByText('51 KB')).to.exist;

      const typeData = await saveSettings(user, server);
      expect(typeData.mainDownload).to.deep.equal({ hash: 'c'.repeat(64), fileName: 'report.pdf', size: 52_000, contentType: 'application/pdf' });
      expect(typeData).to.include({ authors: 'Anna de Vries', publicationDate: '2026-02-01' });
    });

    it('removes the main download', async () => {
      const { user, server } = await editorOf('publication', { mainDownload: { hash: 'c'.repeat(64), fileName: 'report.pdf', size: 52_000 } });
      const group = screen.getByRole('group', { name: 'Main download' });
      await user.click(within(group).getByRole('button', { name: 'Remove report.pdf' }));
      expect(within(group).getByText('None chosen yet.')).to.exist;
      expect((await saveSettings(user, server)).mainDownload).to.equal(null);
    });
  });

  describe('of an overview', () => {
    it('offers the page types it can list by their names, and a page size checked as it is typed', async () => {
      const { user, server } = await editorOf('overview', { listedType: 'article', pageSize: 12 });
      const listed = screen.getByLabelText('Pages listed') as HTMLSelectElement;
      expect([...listed.options].map((option) => [option.value, option.textContent])).to.deep.equal([
        ['article', 'Articles'],
        ['publication', 'Publications'],
        ['expertise', 'Expertise'],
        ['team-member', 'Team members'],
        ['vacancy', 'Vacancies'],
      ]);
      await user.selectOptions(listed, 'vacancy');
      const size = screen.getByLabelText('Pages per page') as HTMLInputElement;
      await user.clear(size);
      await user.type(size, '60');
      await user.tab();
      expect(await screen.findByText('The Pages per page is not valid.')).to.exist;
      await user.clear(size);
      await user.type(size, '24');
      const typeData = await saveSettings(user, server);
      expect(typeData).to.deep.equal({ listedType: 'vacancy', pageSize: 24, tag: '' });
    });
  });

  describe('of a team member', () => {
    it('says a LinkedIn address elsewhere is not one, by its label', async () => {
      const { user } = await editorOf('team-member', {});
      expect(screen.getByRole('group', { name: 'Photo' })).to.exist;
      await user.type(screen.getByLabelText('LinkedIn URL'), 'https://example.com/in/anna');
      await user.tab();
      expect(await screen.findByText('Not a valid URL.')).to.exist;
    });
  });
});
