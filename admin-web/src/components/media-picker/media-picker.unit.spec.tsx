import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import type { MediaItemView } from '@pagelog/contracts/media/media';
import { aDocument, aFolder, aListing, anItem, fakeUploads, mediaServer, type FakeUploads } from '../../testing/media';
import { renderInApp, type AppOptions } from '../../testing/render';
import { success } from '../../testing/replies';
import { aUser } from '../../testing/users';
import { UploadRequestProvider } from './media-services';
import { MediaPicker, type PickerMode } from './media-picker';

const logo = anItem({ id: 'logo', path: '/brand', fileName: 'logo.png', kind: 'image' });
const guide = aDocument({ id: 'guide', path: '/brand', fileName: 'guide.pdf' });
const intro = anItem({ id: 'intro', path: '/brand', fileName: 'Intro', kind: 'youtube', hash: null, videoId: 'dQw4w9WgXcQ' });

function library() {
  return mediaServer({
    '/': aListing('/', [aFolder('/brand'), anItem({ id: 'cover', fileName: 'cover.jpg' })]),
    '/brand': aListing('/brand', [logo, guide, intro]),
  });
}

function openPicker(mode: PickerMode, options: AppOptions & { uploads?: FakeUploads } = {}) {
  const chosen: MediaItemView[] = [];
  let closed = 0;
  const uploads = options.uploads ?? fakeUploads();
  const view = renderInApp(
    <UploadRequestProvider createRequest={uploads.createRequest}>
      <MediaPicker mode={mode} onChoose={(item) => chosen.push(item)} onClose={() => closed++} />
    </UploadRequestProvider>,
    { server: library(), ...options },
  );
  return { ...view, chosen, closed: () => closed, uploads, dialog: () => within(screen.getByRole('dialog')) };
}

describe('the media picker', () => {
  it('browses into a folder and hands back the chosen image', async () => {
    const { user, chosen, dialog } = openPicker('image');
    expect(screen.getByRole('dialog', { name: 'Choose an image' })).to.exist;
    await user.click(await dialog().findByRole('button', { name: 'Open folder brand' }));
    await user.click(await dialog().findByRole('button', { name: 'logo.png' }));
    await user.click(dialog().getByRole('button', { name: 'Choose' }));
    expect(chosen).to.deep.equal([logo]);
  });

  it('offers only images in image mode, and files but not videos in file mode', async () => {
    const images = openPicker('image');
    await images.user.click(await images.dialog().findByRole('button', { name: 'Open folder brand' }));
    await images.dialog().findByRole('button', { name: 'logo.png' });
    expect(images.dialog().queryByRole('button', { name: 'guide.pdf' })).to.equal(null);
    expect(images.dialog().queryByRole('button', { name: 'Intro' })).to.equal(null);
    images.unmount();

    const files = openPicker('file');
    expect(screen.getByRole('dialog', { name: 'Choose a file' })).to.exist;
    await files.user.click(await files.dialog().findByRole('button', { name: 'Open folder brand' }));
    await files.user.click(await files.dialog().findByRole('button', { name: 'guide.pdf' }));
    expect(files.dialog().queryByRole('button', { name: 'Intro' })).to.equal(null);
    await files.user.click(files.dialog().getByRole('button', { name: 'Choose' }));
    expect(files.chosen).to.deep.equal([guide]);
  });

  it('chooses nothing until an item is selected, and closes on Cancel', async () => {
    const { user, dialog, closed, chosen } = openPicker('image');
    await dialog().findByRole('button', { name: 'cover.jpg' });
    expect(dialog().getByRole('button', { name: 'Choose' })).to.have.property('disabled', true);
    await user.click(dialog().getByRole('button', { name: 'Cancel' }));
    expect(closed()).to.equal(1);
    expect(chosen).to.deep.equal([]);
  });

  it('searches below the folder shown', async () => {
    const server = library();
    server.answer('mediaSearchFiles', success(aListing('/', [logo])));
    const { user, dialog } = openPicker('image', { server });
    await user.type(dialog().getByRole('searchbox', { name: 'Search files' }), 'logo');
    await dialog().findByRole('button', { name: 'logo.png' });
    expect(server.callsOf('mediaSearchFiles')[0]!.body).to.deep.equal({ searchTerm: 'l', directory: '/', withoutAltText: false });
  });

  it('uploads into the folder shown and offers the new image to choose', async () => {
    const uploads = fakeUploads();
    const fresh = anItem({ id: 'fresh', path: '/brand', fileName: 'fresh.jpg' });
    uploads.answer(success({ item: fresh, duplicate: false, position: 300 }));
    const { user, dialog, chosen } = openPicker('image', { uploads });
    await user.click(await dialog().findByRole('button', { name: 'Open folder brand' }));
    await dialog().findByRole('button', { name: 'logo.png' });
    await user.upload(dialog().getByLabelText('Upload files'), [new File([new Uint8Array(10)], 'fresh.jpg', { type: 'image/jpeg' })]);
    await waitFor(() => expect(dialog().getByRole('button', { name: 'Choose' })).to.have.property('disabled', false));
    expect(uploads.field(uploads.sent[0]!, 'path')).to.equal('/brand');
    await user.click(dialog().getByRole('button', { name: 'Choose' }));
    expect(chosen).to.deep.equal([fresh]);
  });

  it('offers the image already in the library when the same bytes are uploaded', async () => {
    const uploads = fakeUploads();
    uploads.answer(success({ item: logo, duplicate: true, position: 300 }));
    const { user, dialog, chosen } = openPicker('image', { uploads });
    await dialog().findByRole('button', { name: 'cover.jpg' });
    await user.upload(dialog().getByLabelText('Upload files'), [new File([new Uint8Array(10)], 'logo-again.png', { type: 'image/png' })]);
    expect(await dialog().findByText('This file is already in the library at /brand/logo.png.')).to.exist;
    await user.click(dialog().getByRole('button', { name: 'Use that one' }));
    await user.click(dialog().getByRole('button', { name: 'Choose' }));
    expect(chosen).to.deep.equal([logo]);
  });

  it('offers no upload without manage-media', async () => {
    const { dialog } = openPicker('image', { signedIn: aUser({}, ['edit-page']) });
    await dialog().findByRole('button', { name: 'cover.jpg' });
    expect(dialog().queryByLabelText('Upload files')).to.equal(null);
  });
});
