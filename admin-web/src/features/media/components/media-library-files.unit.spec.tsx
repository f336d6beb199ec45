import { expect } from 'chai';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { PageUsingFile } from '@pagelog/contracts/media/media';
import { createErrorStore } from '../../../core/errors/error-store';
import { aListing, anItem } from '../../../testing/media';
import { beach, content, dunes, gotDir, grid, openAt, shownErrors, tree } from '../../../testing/media-library';
import { failure, success } from '../../../testing/replies';
import { aUser } from '../../../testing/users';

const aboutUs: PageUsingFile = { pageID: 'page-1', title: 'Over ons', slug: 'over-ons', locale: 'nl-nl', inDraft: true, inPublished: true, status: 'published' };
const contact: PageUsingFile = { pageID: 'page-2', title: 'Contact', slug: 'contact', locale: 'en-gb', inDraft: true, inPublished: false, status: 'concept' };

/** A drag's data as the browser keeps it between dragstart and drop. */
function dataTransfer() {
  const data = new Map<string, string>();
  return {
    get types() {
      return [...data.keys()];
    },
    files: [],
    setData: (type: string, value: string) => void data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    effectAllowed: 'all',
    dropEffect: 'none',
  };
}

const details = () => within(screen.getByRole('complementary', { name: /^Details of / }));

describe('the media library, its files', () => {
  const consoleError = console.error;
  beforeEach(() => {
    console.error = () => {};
  });
  afterEach(() => {
    console.error = consoleError;
  });

  describe('the details of a file', () => {
    it('show a preview, what it is, and the pages that use it', async () => {
      const { server, user } = await openAt('/photos');
      server.answer('mediaListPagesByFile', success({ items: [aboutUs], totalItems: 1, settingsUses: [] }));
      await user.click(within(grid()).getByRole('button', { name: 'beach.jpg' }));
      const panel = details();
      expect(panel.getByRole('img', { name: 'A beach at dawn' }).getAttribute('src')).to.equal('/api/cms/medialib/preview-image?imageID=beach&w=640');
      const facts = Object.fromEntries(panel.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
      expect(facts).to.include({ Kind: 'Image', Location: '/photos/beach.jpg', Size: '1.4 MB', Dimensions: '2560 × 1440', 'Alternative text': 'A beach at dawn' });
      const row = (await panel.findByRole('link', { name: 'Over ons' })).closest('tr')!;
      expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).to.deep.equal(['Over ons', 'nl-nl', 'Published', 'Draft, Published']);
      expect(server.callsOf('mediaListPagesByFile')[0]!.body).to.include({ fileID: 'beach', pageIndex: 0, at: '' });
    });

    it('ask which pages used it on a past date', async () => {
      const { server, user } = await openAt('/photos');
      await user.click(within(grid()).getByRole('button', { name: 'beach.jpg' }));
      await user.type(details().getByLabelText('Used on date'), '2025-01-31');
      await waitFor(() => expect((server.callsOf('mediaListPagesByFile').at(-1)!.body as { at: string }).at).to.equal(new Date('2025-01-31T23:59:59.999').toISOString()));
      expect(details().getByText('Pages that used it on 2025-01-31.')).to.exist;
    });
  });

  describe('moving a file', () => {
    it('moves and renames by the "Move to…" dialog, then reads the folders again and runs the search again', async () => {
      const { server, user } = await openAt('/photos');
      server.answer('mediaSearchFiles', success(aListing('/', [beach])));
      await user.type(screen.getByRole('searchbox', { name: 'Search files' }), 'beach');
      await waitFor(() => expect(server.callsOf('mediaSearchFiles').at(-1)!.body).to.include({ searchTerm: 'beach' }));
      await user.click(await within(grid()).findByRole('button', { name: 'beach.jpg' }));
      const moved = { ...beach, path: '/archive', fileName: 'strand.jpg' };
      server.answer('mediaMoveFile', success({ ...moved, position: 1 }));
      await user.click(details().getByRole('button', { name: 'Move to…' }));
      const dialog = screen.getByRole('dialog', { name: 'Move beach.jpg' });
      await user.clear(within(dialog).getByLabelText('File name'));
      await user.type(within(dialog).getByLabelText('File name'), 'strand.jpg');
      await user.click(within(within(dialog).getByRole('group', { name: 'Destination folder' })).getByRole('button', { name: 'archive' }));
      const before = { dirs: server.callsOf('mediaGetDir').length, searches: server.callsOf('mediaSearchFiles').length };
      server.answer('mediaSearchFiles', success(aListing('/', [moved])));
      await user.click(within(dialog).getByRole('button', { name: 'Move' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
      expect(server.callsOf('mediaMoveFile').map((call) => call.body)).to.deep.equal([{ id: 'beach', newPath: '/archive', newFileName: 'strand.jpg' }]);
      await waitFor(() => expect(server.callsOf('mediaSearchFiles').length).to.be.greaterThan(before.searches));
      expect(server.callsOf('mediaSearchFiles').at(-1)!.body).to.deep.equal({ searchTerm: 'beach', directory: '/photos', withoutAltText: false });
      expect(server.callsOf('mediaGetDir').length).to.be.greaterThan(before.dirs);
      expect(screen.getByRole('searchbox', { name: 'Search files' })).to.have.property('value', 'beach');
      expect(details().getByRole('heading', { name: 'strand.jpg' })).to.exist;
      expect(within(grid()).getByRole('button', { name: 'strand.jpg' })).to.exist;
    });

    it('moves a file dragged onto a folder', async () => {
      const { server } = await openAt('/photos');
      server.answer('mediaMoveFile', success({ ...beach, path: '/photos/2024', position: 1 }));
      const transfer = dataTransfer();
      fireEvent.dragStart(within(grid()).getByRole('button', { name: 'beach.jpg' }), { dataTransfer: transfer });
      const folder = within(grid()).getByRole('button', { name: 'Open folder 2024' }).closest('li')!;
      fireEvent.dragOver(folder, { dataTransfer: transfer });
      fireEvent.drop(folder, { dataTransfer: transfer });
      await waitFor(() => expect(server.callsOf('mediaMoveFile').map((call) => call.body)).to.deep.equal([{ id: 'beach', newPath: '/photos/2024', newFileName: 'beach.jpg' }]));
      await waitFor(() => expect(gotDir(server).filter((path) => path === '/photos').length).to.be.greaterThan(1));
    });

    it('moves a folder dragged onto a folder of the tree', async () => {
      const { server } = await openAt('/photos');
      server.answer('mediaMoveDirectory', success({ id: 'f', path: '/archive/2024', folderName: '2024', position: 1 }));
      const transfer = dataTransfer();
      fireEvent.dragStart(within(grid()).getByRole('button', { name: 'Open folder 2024' }), { dataTransfer: transfer });
      const target = tree().getByRole('button', { name: 'archive' }).parentElement!;
      fireEvent.dragOver(target, { dataTransfer: transfer });
      fireEvent.drop(target, { dataTransfer: transfer });
      await waitFor(() => expect(server.callsOf('mediaMoveDirectory').map((call) => call.body)).to.deep.equal([{ oldPath: '/photos/2024', newPath: '/archive/2024' }]));
    });

    it('adds "Could not move file." and the reason to the media errors', async () => {
      const errors = createErrorStore();
      const { server } = await openAt('/photos', { errors });
      server.answer('mediaMoveFile', failure(409, errorItem('ML_03', 'newFileName', 'media')));
      const transfer = dataTransfer();
      fireEvent.dragStart(within(grid()).getByRole('button', { name: 'dunes.jpg' }), { dataTransfer: transfer });
      fireEvent.drop(within(grid()).getByRole('button', { name: 'Open folder 2024' }).closest('li')!, { dataTransfer: transfer });
      await waitFor(() => expect(shownErrors()).to.deep.equal(['Could not move file.', 'Cannot move or rename; already exists in this folder.']));
      expect(errors.get('media').map((error) => error.code)).to.deep.equal(['ML_05', 'ML_03']);
    });
  });

  describe('editing a file', () => {
    it('stores name, default alternative text and the shared flag', async () => {
      const { server, user } = await openAt('/photos');
      server.answer('mediaEditFile', success({ ...dunes, defaultAltText: 'Dunes in the wind', shared: true, position: 1 }));
      await user.click(within(grid()).getByRole('button', { name: 'dunes.jpg' }));
      expect(details().getByText('None yet')).to.exist;
      await user.click(details().getByRole('button', { name: 'Edit' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit dunes.jpg' });
      await user.type(within(dialog).getByLabelText('Default alternative text'), 'Dunes in the wind');
      await user.click(within(dialog).getByRole('checkbox', { name: 'Shared' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
      expect(server.callsOf('mediaEditFile').map((call) => call.body)).to.deep.equal([{ id: 'dunes', newPath: '/photos', newFileName: 'dunes.jpg', defaultAltText: 'Dunes in the wind', shared: true }]);
    });
  });

  describe('deleting a file', () => {
    it('names the pages that use it before deleting', async () => {
      const { server, user } = await openAt('/photos');
      server.answer('mediaListPagesByFile', success({ items: [aboutUs, contact], totalItems: 2, settingsUses: [] }));
      await user.click(within(grid()).getByRole('button', { name: 'beach.jpg' }));
      await user.click(details().getByRole('button', { name: 'Delete' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete beach.jpg' });
      const pages = await within(dialog).findByRole('list', { name: 'Pages that use it' });
      expect(within(pages).getAllByRole('listitem').map((page) => page.textContent)).to.deep.equal(['Over ons (nl-nl)', 'Contact (en-gb)']);
      expect(within(dialog).getByText('beach.jpg is used on 2 pages:')).to.exist;
      expect(server.callsOf('mediaDeleteFile')).to.deep.equal([]);
      const reads = server.callsOf('mediaGetDir').length;
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
      expect(server.callsOf('mediaDeleteFile').map((call) => call.body)).to.deep.equal([{ id: 'beach' }]);
      expect(server.callsOf('mediaGetDir').length).to.be.greaterThan(reads);
      expect(screen.queryByRole('complementary', { name: /^Details of / })).to.equal(null);
    });

    it('says when the site settings use it, in the dialog and in the details', async () => {
      const { server, user } = await openAt('/photos');
      server.answer('mediaListPagesByFile', success({ items: [], totalItems: 0, settingsUses: ['logo', 'seo_image'] }));
      await user.click(within(grid()).getByRole('button', { name: 'beach.jpg' }));
      expect(await details().findByText(/^The site settings use it as the logo and the default image for shared links\./)).to.exist;
      expect(details().getByRole('link', { name: 'Open the site settings' }).getAttribute('href')).to.equal('/cmsadmin/site-settings');
      await user.click(details().getByRole('button', { name: 'Delete' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete beach.jpg' });
      expect(await within(dialog).findByText(/^beach\.jpg is the site's logo \(site settings\)/)).to.exist;
      expect(within(dialog).getByText(/^beach\.jpg is the site's default image for shared links/)).to.exist;
      expect(within(dialog).queryByText('No page uses beach.jpg.')).to.equal(null);
    });

    it('says so when no page uses it', async () => {
      const { user } = await openAt('/photos');
      await user.click(within(grid()).getByRole('button', { name: 'dunes.jpg' }));
      await user.click(details().getByRole('button', { name: 'Delete' }));
      expect(await within(screen.getByRole('dialog')).findByText('No page uses dunes.jpg.')).to.exist;
    });
  });

  describe('videos', () => {
    it('refuses a link that is not YouTube or Vimeo without sending it', async () => {
      const { server, user } = await openAt('/photos');
      await user.click(screen.getByRole('button', { name: 'Add video' }));
      const dialog = screen.getByRole('dialog', { name: 'Add a video by its link' });
      await user.type(within(dialog).getByLabelText('Video link'), 'https://example.com/video');
      await user.type(within(dialog).getByLabelText('Name'), 'Intro');
      await user.click(within(dialog).getByRole('button', { name: 'Add video' }));
      await waitFor(() => expect(within(within(dialog).getByRole('alert')).getAllByRole('listitem').map((item) => item.textContent)).to.deep.equal(['Video link is not valid.']));
      expect(server.callsOf('mediaAddVideo')).to.deep.equal([]);
    });

    it('adds a video by its link to the folder shown', async () => {
      const { server, user } = await openAt('/photos');
      const video = anItem({ id: 'video', path: '/photos', fileName: 'Intro', kind: 'youtube', hash: null, size: null, width: null, height: null, videoId: 'dQw4w9WgXcQ', link: 'https://youtu.be/dQw4w9WgXcQ' });
      server.answer('mediaAddVideo', success({ ...video, position: 1 }));
      await user.click(screen.getByRole('button', { name: 'Add video' }));
      const dialog = screen.getByRole('dialog', { name: 'Add a video by its link' });
      await user.type(within(dialog).getByLabelText('Video link'), 'https://youtu.be/dQw4w9WgXcQ');
      await user.type(within(dialog).getByLabelText('Name'), 'Intro');
      await user.click(within(dialog).getByRole('button', { name: 'Add video' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
      expect(server.callsOf('mediaAddVideo').map((call) => call.body)).to.deep.equal([{ path: '/photos', link: 'https://youtu.be/dQw4w9WgXcQ', fileName: 'Intro', defaultAltText: '' }]);
      expect(details().getByRole('heading', { name: 'Intro' })).to.exist;
    });
  });

  describe('without manage-media', () => {
    it('shows the library and the details, but nothing that changes them', async () => {
      const { user } = await openAt('/photos', { signedIn: aUser({}, ['edit-page']) });
      expect(within(grid()).getByRole('button', { name: 'beach.jpg' }).getAttribute('draggable')).to.not.equal('true');
      for (const name of ['New folder', 'Add video', 'Rename or move folder…', 'Delete folder']) expect(screen.queryByRole('button', { name })).to.equal(null);
      expect(screen.queryByLabelText('Upload files')).to.equal(null);
      expect(screen.queryByRole('region', { name: /Drop files here/ })).to.equal(null);
      await user.click(within(grid()).getByRole('button', { name: 'beach.jpg' }));
      expect(details().getByRole('heading', { name: 'beach.jpg' })).to.exist;
      for (const name of ['Edit', 'Move to…', 'Delete']) expect(details().queryByRole('button', { name })).to.equal(null);
      expect(content()).to.exist;
    });
  });
});
