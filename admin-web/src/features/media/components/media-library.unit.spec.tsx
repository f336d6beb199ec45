import { expect } from 'chai';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { createErrorStore } from '../../../core/errors/error-store';
import { formatDateTime } from '../../../core/format/date-time';
import { aFolder, aListing, anItem, fakeUploads, renderMediaLibrary } from '../../../testing/media';
import { beach, content, dunes, gotDir, grid, library, openAt, photo, shownErrors, tileNames, tree } from '../../../testing/media-library';
import { failure, success } from '../../../testing/replies';

describe('the media library', () => {
  const consoleError = console.error;
  beforeEach(() => {
    console.error = () => {};
  });
  afterEach(() => {
    console.error = consoleError;
  });

  it('shows the folder in the address: its folders first, then its files', async () => {
    const { server } = await openAt('/photos');
    expect(gotDir(server)).to.include('/photos');
    expect(tileNames()).to.deep.equal(['Open folder 2024', 'beach.jpg', 'dunes.jpg', 'report.pdf']);
    expect(within(screen.getByRole('navigation', { name: 'Folder path' })).getAllByRole('listitem').map((step) => step.textContent)).to.deep.equal(['Media library', 'photos']);
  });

  it('shows the folder as a table in the list view', async () => {
    const { user } = await openAt('/photos');
    await user.click(screen.getByRole('button', { name: 'List' }));
    const row = within(content()).getByRole('button', { name: 'beach.jpg' }).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).to.deep.equal(['beach.jpg', 'Image', '1.4 MB', '2560 × 1440', formatDateTime(beach.updatedAt)]);
  });

  describe('fetching a folder', () => {
    it('replaces the content and resets the search', async () => {
      const { server, user } = await openAt('/');
      server.answer('mediaSearchFiles', success(aListing('/', [beach])));
      await user.type(screen.getByRole('searchbox', { name: 'Search files' }), 'beach');
      await within(content()).findByRole('button', { name: 'beach.jpg' });
      await user.click(tree().getByRole('button', { name: 'archive' }));
      await within(content()).findByRole('button', { name: 'old.jpg' });
      expect(screen.getByRole('searchbox', { name: 'Search files' })).to.have.property('value', '');
      expect(tileNames()).to.deep.equal(['old.jpg']);
      expect(gotDir(server).at(-1)).to.equal('/archive');
    });
  });

  describe('searching', () => {
    it('searches below the folder shown, and for images without alternative text', async () => {
      const { server, user } = await openAt('/photos');
      server.answer('mediaSearchFiles', success(aListing('/', [dunes])));
      await user.type(screen.getByRole('searchbox', { name: 'Search files' }), 'dun');
      await within(grid()).findByRole('button', { name: 'dunes.jpg' });
      await user.click(screen.getByRole('checkbox', { name: 'Only images without alternative text' }));
      await waitFor(() => expect(server.callsOf('mediaSearchFiles').at(-1)!.body).to.deep.equal({ searchTerm: 'dun', directory: '/photos', withoutAltText: true }));
      // Debounced: the first key at once, the rest together, not one call per key.
      const terms = server.callsOf('mediaSearchFiles').map((call) => (call.body as { searchTerm: string }).searchTerm);
      expect(terms[0]).to.equal('d');
      expect(terms.length).to.be.lessThan(4);
      expect(screen.getByRole('heading', { name: 'Search results in /photos' })).to.exist;
    });
  });

  describe('uploading', () => {
    it('sends the chosen files to the folder shown, one by one, with a progress bar each', async () => {
      const uploads = fakeUploads();
      uploads.answer('hold');
      const { user, server } = await openAt('/photos', { uploads });
      await user.upload(screen.getByLabelText('Upload files'), [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]);
      await waitFor(() => expect(uploads.sent).to.have.length(1));
      expect(screen.getAllByRole('progressbar').map((bar) => bar.getAttribute('aria-label'))).to.deep.equal(['Upload of a.jpg', 'Upload of b.jpg', 'Upload of c.jpg']);
      uploads.sent[0]!.progress(0.25);
      await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Upload of a.jpg' })).to.have.property('value', 0.25));
      // The second leaves only when the first is answered.
      expect(uploads.sent).to.have.length(1);
      const stored = (index: number, fileName: string) => {
        const item = anItem({ id: fileName, path: '/photos', fileName });
        server.store(item);
        uploads.sent[index]!.finish(success({ item, duplicate: false, position: 300 + index }));
      };
      stored(0, 'a.jpg');
      await waitFor(() => expect(uploads.sent).to.have.length(2));
      stored(1, 'b.jpg');
      await waitFor(() => expect(uploads.sent).to.have.length(3));
      stored(2, 'c.jpg');
      expect(uploads.sent.map((sent) => [uploads.field(sent, 'path'), uploads.field(sent, 'f')])).to.deep.equal([
        ['/photos', 'a.jpg'],
        ['/photos', 'b.jpg'],
        ['/photos', 'c.jpg'],
      ]);
      // Each is added to the folder as it is stored.
      await waitFor(() => expect(tileNames()).to.deep.equal(['Open folder 2024', 'beach.jpg', 'dunes.jpg', 'a.jpg', 'b.jpg', 'c.jpg', 'report.pdf']));
    });

    it('stops at the first answer that is not 200 and shows its errors from the media collection', async () => {
      const errors = createErrorStore();
      const uploads = fakeUploads();
      uploads.answer(success({ item: anItem({ id: 'a', fileName: 'a.jpg' }), duplicate: false, position: 300 }), failure(415, errorItem('ML_11', 'f', 'media')));
      const { user } = await openAt('/photos', { uploads, errors });
      await user.upload(screen.getByLabelText('Upload files'), [photo('a.jpg'), photo('b.svg'), photo('c.jpg')]);
      await waitFor(() => expect(shownErrors()).to.deep.equal(['This type of file is not supported.']));
      expect(uploads.sent.map((sent) => uploads.field(sent, 'f'))).to.deep.equal(['a.jpg', 'b.svg']);
      expect(errors.get('media').map((error) => error.code)).to.deep.equal(['ML_11']);
      const rows = within(screen.getByRole('region', { name: 'Uploads' })).getAllByRole('listitem');
      await waitFor(() => expect(within(rows[2]!).getByRole('status').textContent).to.equal('Not uploaded: an upload before it failed.'));
    });

    it('refuses a file over 100 MB without sending it', async () => {
      const uploads = fakeUploads();
      const { user } = await openAt('/photos', { uploads });
      const huge = photo('huge.jpg');
      Object.defineProperty(huge, 'size', { value: 100 * 1024 * 1024 + 1 });
      await user.upload(screen.getByLabelText('Upload files'), [huge]);
      await waitFor(() => expect(shownErrors()).to.deep.equal(['Uploaded file exceeds the size limit.']));
      expect(uploads.sent).to.deep.equal([]);
    });

    it('takes files dropped on the folder', async () => {
      const uploads = fakeUploads();
      await openAt('/photos', { uploads });
      const zone = screen.getByRole('region', { name: 'Drop files here to upload them to /photos' });
      const files = [photo('dropped.jpg')];
      fireEvent.dragOver(zone, { dataTransfer: { types: ['Files'], files } });
      fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files } });
      await waitFor(() => expect(uploads.sent.map((sent) => [uploads.field(sent, 'path'), uploads.field(sent, 'f')])).to.deep.equal([['/photos', 'dropped.jpg']]));
    });

    it('says where the same file is already, and uploads a copy only when asked', async () => {
      const uploads = fakeUploads();
      const copy = anItem({ id: 'copy', path: '/photos', fileName: 'beach copy.jpg' });
      uploads.answer(success({ item: beach, duplicate: true, position: 300 }), success({ item: copy, duplicate: false, position: 301 }));
      const { user, server } = await openAt('/photos', { uploads });
      await user.upload(screen.getByLabelText('Upload files'), [photo('beach copy.jpg')]);
      expect(await screen.findByText('This file is already in the library at /photos/beach.jpg.')).to.exist;
      server.store(copy);
      await user.click(screen.getByRole('button', { name: 'Upload a copy anyway' }));
      await waitFor(() => expect(uploads.sent).to.have.length(2));
      expect(uploads.field(uploads.sent[1]!, 'allowDuplicate')).to.equal('true');
      await within(grid()).findByRole('button', { name: 'beach copy.jpg' });
    });

    it('selects the file that is there already when the user uses that one', async () => {
      const uploads = fakeUploads();
      uploads.answer(success({ item: beach, duplicate: true, position: 300 }));
      const { user } = await openAt('/', { uploads });
      await user.upload(screen.getByLabelText('Upload files'), [photo('again.jpg')]);
      await user.click(await screen.findByRole('button', { name: 'Use that one' }));
      expect(await screen.findByRole('complementary', { name: 'Details of beach.jpg' })).to.exist;
      await within(grid()).findByRole('button', { name: 'beach.jpg', pressed: true });
    });

    it('cancels an upload on the way', async () => {
      const uploads = fakeUploads();
      uploads.answer('hold');
      const { user } = await openAt('/photos', { uploads });
      await user.upload(screen.getByLabelText('Upload files'), [photo('slow.jpg')]);
      await user.click(await screen.findByRole('button', { name: 'Cancel the upload of slow.jpg' }));
      await waitFor(() => expect(screen.getByText('Upload cancelled.')).to.exist);
      expect(uploads.sent[0]!.aborted).to.equal(true);
    });
  });

  describe('folders', () => {
    it('creates a folder in the folder shown and appends it', async () => {
      const { server, user } = await openAt('/photos');
      await user.click(screen.getByRole('button', { name: 'New folder' }));
      const dialog = screen.getByRole('dialog', { name: 'New folder' });
      await user.type(within(dialog).getByLabelText('Folder name'), '2025');
      await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
      expect(server.callsOf('mediaCreateDir').map((call) => call.body)).to.deep.equal([{ path: '/photos', folderName: '2025' }]);
      expect(tileNames().slice(0, 2)).to.deep.equal(['Open folder 2024', 'Open folder 2025']);
    });

    it('shows "Folder could not be created." with the reason', async () => {
      const { server, user } = await openAt('/photos');
      server.answer('mediaCreateDir', failure(400, errorItem('V_06', 'folderName', 'media')));
      await user.click(screen.getByRole('button', { name: 'New folder' }));
      const dialog = screen.getByRole('dialog', { name: 'New folder' });
      await user.type(within(dialog).getByLabelText('Folder name'), '2024');
      await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
      await waitFor(() => expect(within(within(dialog).getByRole('alert')).getAllByRole('listitem').map((item) => item.textContent)).to.deep.equal(['Folder could not be created.', 'Folder name already exists.']));
    });

    it('renames or moves the folder shown, follows it, and reads again', async () => {
      const { server, user, router } = await openAt('/photos');
      server.answer('mediaMoveDirectory', success({ ...aFolder('/archive/pictures'), position: 1 }));
      await user.click(screen.getByRole('button', { name: 'Rename or move folder…' }));
      const dialog = screen.getByRole('dialog', { name: 'Rename or move photos' });
      await user.clear(within(dialog).getByLabelText('Folder name'));
      await user.type(within(dialog).getByLabelText('Folder name'), 'pictures');
      await user.click(within(within(dialog).getByRole('group', { name: 'Put it in' })).getByRole('button', { name: 'archive' }));
      const reads = server.callsOf('mediaGetDir').length;
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
      expect(server.callsOf('mediaMoveDirectory').map((call) => call.body)).to.deep.equal([{ oldPath: '/photos', newPath: '/archive/pictures' }]);
      expect(router.state.location.search).to.equal(`?path=${encodeURIComponent('/archive/pictures')}`);
      expect(server.callsOf('mediaGetDir').length).to.be.greaterThan(reads);
    });

    it('offers no folder inside the one being moved as its new place', async () => {
      const { user } = await openAt('/photos');
      await user.click(screen.getByRole('button', { name: 'Rename or move folder…' }));
      const places = within(within(screen.getByRole('dialog')).getByRole('group', { name: 'Put it in' }));
      expect(places.getByRole('button', { name: 'photos' })).to.have.property('disabled', true);
      expect(places.getByRole('button', { name: 'archive' })).to.have.property('disabled', false);
    });

    it('deletes the empty folder shown and goes to the one above', async () => {
      const server = library();
      const view = renderMediaLibrary('/photos/2024', { server });
      await screen.findByText('This folder is empty.');
      await view.user.click(screen.getByRole('button', { name: 'Delete folder' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete 2024' });
      await view.user.click(within(dialog).getByRole('button', { name: 'Delete folder' }));
      await waitFor(() => expect(view.router.state.location.search).to.equal(`?path=${encodeURIComponent('/photos')}`));
      expect(server.callsOf('mediaDeleteDirectory').map((call) => call.body)).to.deep.equal([{ path: '/photos/2024' }]);
      await screen.findByRole('button', { name: 'beach.jpg' });
    });

    it('keeps a folder that still holds something, saying why', async () => {
      const { server, user } = await openAt('/photos');
      server.answer('mediaDeleteDirectory', failure(422, errorItem('V_07', 'path', 'media')));
      await user.click(screen.getByRole('button', { name: 'Delete folder' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete photos' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete folder' }));
      await waitFor(() => expect(within(within(dialog).getByRole('alert')).getAllByRole('listitem').map((item) => item.textContent)).to.deep.equal(['This operation cannot be executed.']));
    });
  });
});
