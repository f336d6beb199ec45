import { expect } from 'chai';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { FocalPoint, MediaItemView } from '@pagelog/contracts/media/media';
import { aDocument, aFolder, aListing, anItem, mediaServer } from '../../../testing/media';
import { grid, openAt, shownErrors } from '../../../testing/media-library';
import { failure, success } from '../../../testing/replies';
import { aUser } from '../../../testing/users';

const details = () => within(screen.getByRole('complementary', { name: /^Details of / }));
const marker = () => screen.getByTestId('focal-point-marker');
const markerAt = () => [marker().style.left, marker().style.top];
const fieldValues = () => [details().getByLabelText('Focal point, horizontal %'), details().getByLabelText('Focal point, vertical %')].map((field) => (field as HTMLInputElement).value);

/**
 * A library whose /photos holds a photo, an SVG and a PDF; edit-file stores what it is sent, and
 * get-dir answers the item as stored, as the API does.
 */
function libraryWithPhoto(focalPoint: FocalPoint | null = null) {
  let photo = anItem({ id: 'beach', path: '/photos', fileName: 'beach.jpg', focalPoint });
  const others = [anItem({ id: 'logo', path: '/photos', fileName: 'logo.svg', kind: 'svg', contentType: 'image/svg+xml' }), aDocument({ id: 'report', path: '/photos' })];
  const listing = (path: string) => (path === '/photos' ? aListing('/photos', [photo, ...others]) : aListing(path, path === '/' ? [aFolder('/photos')] : []));
  return mediaServer(
    {},
    {
      mediaGetDir: (call) => success(listing((call.body as { path: string }).path)),
      mediaEditFile: (call) => {
        const body = call.body as { focalPoint?: FocalPoint | null };
        if (body.focalPoint !== undefined) photo = { ...photo, focalPoint: body.focalPoint };
        return success({ ...photo, position: 1 } satisfies MediaItemView & { position: number });
      },
    },
  );
}

async function openPhoto(focalPoint: FocalPoint | null = null, options: Parameters<typeof openAt>[1] = {}) {
  const server = libraryWithPhoto(focalPoint);
  const view = await openAt('/photos', { server, ...options });
  await view.user.click(within(grid()).getByRole('button', { name: 'beach.jpg' }));
  return { ...view, server };
}

const sentFocalPoints = (server: ReturnType<typeof libraryWithPhoto>) => server.callsOf('mediaEditFile').map((call) => call.body);

describe('the focal point of a library image', () => {
  const consoleError = console.error;
  beforeEach(() => {
    console.error = () => {};
  });
  afterEach(() => {
    console.error = consoleError;
  });

  it('is set by a click on the preview, stored with edit-file alone (alt text and shared flag left as they are) and shown by the marker', async () => {
    const { server } = await openPhoto();
    expect(markerAt()).to.deep.equal(['50%', '50%']);
    const picture = details().getByRole('img', { name: 'A beach at dawn' });
    picture.getBoundingClientRect = () => ({ left: 10, top: 20, width: 200, height: 100, right: 210, bottom: 120, x: 10, y: 20, toJSON: () => ({}) });
    fireEvent.click(picture, { clientX: 60, clientY: 95 });
    await waitFor(() => expect(sentFocalPoints(server)).to.deep.equal([{ id: 'beach', newPath: '/photos', newFileName: 'beach.jpg', focalPoint: { x: 0.25, y: 0.75 } }]));
    expect(await details().findByText('Focal point saved: 25 % across, 75 % down.')).to.exist;
    expect(markerAt()).to.deep.equal(['25%', '75%']);
    expect(fieldValues()).to.deep.equal(['25', '75']);
  });

  it('is set from the keyboard with the two percent fields', async () => {
    const { server, user } = await openPhoto();
    const horizontal = details().getByLabelText('Focal point, horizontal %');
    await user.clear(horizontal);
    await user.type(horizontal, '12.5');
    await user.clear(details().getByLabelText('Focal point, vertical %'));
    await user.type(details().getByLabelText('Focal point, vertical %'), '80');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sentFocalPoints(server)).to.deep.equal([{ id: 'beach', newPath: '/photos', newFileName: 'beach.jpg', focalPoint: { x: 0.125, y: 0.8 } }]));
    expect(await details().findByText('Focal point saved: 12.5 % across, 80 % down.')).to.exist;
    expect(markerAt()).to.deep.equal(['12.5%', '80%']);
    // Past the edge is the edge; the same point again is not sent again.
    await user.clear(horizontal);
    await user.type(horizontal, '140');
    await user.click(details().getByRole('button', { name: 'Set focal point' }));
    await waitFor(() => expect(sentFocalPoints(server)).to.have.length(2));
    expect((sentFocalPoints(server)[1] as { focalPoint: FocalPoint }).focalPoint).to.deep.equal({ x: 1, y: 0.8 });
    await waitFor(() => expect(fieldValues()).to.deep.equal(['100', '80']));
    await user.click(details().getByRole('button', { name: 'Set focal point' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentFocalPoints(server)).to.have.length(2);
  });

  it('shows the stored point, and "Reset to centre" stores none', async () => {
    const { server, user } = await openPhoto({ x: 0.2, y: 0.3 });
    expect(markerAt()).to.deep.equal(['20%', '30%']);
    expect(fieldValues()).to.deep.equal(['20', '30']);
    await user.click(details().getByRole('button', { name: 'Reset to centre' }));
    await waitFor(() => expect(sentFocalPoints(server)).to.deep.equal([{ id: 'beach', newPath: '/photos', newFileName: 'beach.jpg', focalPoint: null }]));
    expect(await details().findByText('Focal point saved: the centre.')).to.exist;
    expect(markerAt()).to.deep.equal(['50%', '50%']);
    expect(details().getByRole('button', { name: 'Reset to centre' })).to.have.property('disabled', true);
  });

  it('goes back to the stored point and shows why when the change is refused', async () => {
    const { server, user } = await openPhoto({ x: 0.2, y: 0.3 });
    server.answer('mediaEditFile', failure(400, errorItem('V_12', 'focalPoint', 'media')));
    await user.click(details().getByRole('button', { name: 'Reset to centre' }));
    await waitFor(() => expect(shownErrors()).to.have.length(1));
    expect(markerAt()).to.deep.equal(['20%', '30%']);
    expect(fieldValues()).to.deep.equal(['20', '30']);
  });

  it('is offered for raster images only', async () => {
    const { user } = await openPhoto();
    expect(details().getByRole('group', { name: 'Focal point' })).to.exist;
    await user.click(within(grid()).getByRole('button', { name: 'logo.svg' }));
    expect(details().getByRole('img')).to.exist;
    expect(details().queryByRole('group', { name: 'Focal point' })).to.equal(null);
    await user.click(within(grid()).getByRole('button', { name: 'report.pdf' }));
    expect(details().queryByLabelText('Focal point, horizontal %')).to.equal(null);
  });

  it('is only shown, never offered, without manage-media', async () => {
    const { server } = await openPhoto({ x: 0.2, y: 0.3 }, { signedIn: aUser({}, ['edit-page']) });
    expect(details().getByRole('img', { name: 'A beach at dawn' })).to.exist;
    expect(details().queryByRole('group', { name: 'Focal point' })).to.equal(null);
    expect(details().queryByRole('button', { name: 'Reset to centre' })).to.equal(null);
    expect(server.callsOf('mediaEditFile')).to.deep.equal([]);
  });
});
