import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { fakeServer } from '../../../testing/fake-server';
import { renderAdmin } from '../../../testing/render';
import { failure } from '../../../testing/replies';
import { aUser } from '../../../testing/users';

function openSettings(signedIn = aUser()) {
  const server = fakeServer();
  return renderAdmin('/user/settings', { signedIn, server });
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const saved = () => screen.queryByText('Your settings have been saved.');
/** The messages of the form's error lists, by the part of the form they are in. */
const errorsIn = (scope: HTMLElement = document.body) =>
  within(scope)
    .queryAllByRole('alert')
    .flatMap((list) => within(list).getAllByRole('listitem').map((item) => item.textContent));

async function fill(user: UserEvent, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value !== '') await user.type(field(label), value);
  }
}

const password = { 'Current password': 'Old-password1', 'New password': 'New-password1', 'Confirm new password': 'New-password1' };

describe('the personal settings', () => {
  it('send the profile of the signed-in user, without password fields when none are filled, and read the user again', async () => {
    const { server, user } = openSettings();
    await fill(user, { Name: 'Ada L.', 'Job title': 'Chief' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your settings have been saved.')).to.exist;
    expect(server.callsOf('userUpdate').map((call) => [call.params, call.body])).to.deep.equal([[{ id: 'user-1' }, { profile: { name: 'Ada L.', jobTitle: 'Chief' } }]]);
    expect(server.endpoints()).to.include('userCurrent');
  });

  it('send the three password fields when changing the password, and empty them once saved', async () => {
    const { server, user } = openSettings();
    await fill(user, password);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your settings have been saved.')).to.exist;
    expect(server.callsOf('userUpdate')[0]!.body).to.deep.equal({
      profile: { name: 'Ada Admin', jobTitle: 'Editor in chief' },
      currentPassword: 'Old-password1',
      newPassword: 'New-password1',
      confirmNewPassword: 'New-password1',
    });
    expect(field('Current password').value).to.equal('');
    expect(field('Name').value).to.equal('Ada Admin');
  });

  it('refuse a new password without the current one, or with a confirmation that differs, before sending anything', async () => {
    const { server, user } = openSettings();
    await fill(user, { 'New password': 'New-password1', 'Confirm new password': 'New-password1' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorsIn()).to.deep.equal(['The currentPassword field is required.']));
    await fill(user, { ...password, 'Confirm new password': 'Other-password1' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorsIn()).to.deep.equal(['The passwords do not match.']));
    expect(server.callsOf('userUpdate')).to.deep.equal([]);
    expect(saved()).to.equal(null);
  });

  it('show AUTH_02 from the server among the form\'s errors', async () => {
    const { server, user } = openSettings();
    server.answer('userUpdate', failure(400, errorItem('AUTH_02', 'currentPassword', 'user')));
    await fill(user, { ...password, 'Current password': 'Wrong-password1' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorsIn()).to.deep.equal(['This current password does not match our records.']));
    expect(field('Current password').getAttribute('aria-invalid')).to.equal('true');
    expect(saved()).to.equal(null);
  });

  it('store a new image after the user data, and show what went wrong with it beside it', async () => {
    const { server, user } = openSettings();
    server.answer('userImageStore', failure(400, errorItem('UM_06', 'profileImage')));
    await user.upload(field('Profile image'), new File(['png'], 'me.png', { type: 'image/png' }));
    expect(screen.getByRole('img', { name: 'Preview of your new profile image' })).to.exist;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const imagePart = screen.getByRole('group', { name: 'Profile image' });
    await waitFor(() => expect(errorsIn(imagePart)).to.deep.equal(['Unsupported image format; select JPEG or PNG.']));
    expect(server.endpoints().filter((endpoint) => endpoint.startsWith('userImage') || endpoint === 'userUpdate')).to.deep.equal(['userUpdate', 'userImageStore']);
    expect(server.callsOf('userImageStore')[0]!.params).to.deep.equal({ id: 'user-1' });
    expect(saved()).to.equal(null);
  });

  it('refuse an image of another type before sending anything', async () => {
    const { server } = openSettings();
    // As a browser does when "All files" is chosen in its file dialog.
    const upload = userEvent.setup({ applyAccept: false });
    await upload.upload(field('Profile image'), new File(['gif'], 'me.gif', { type: 'image/gif' }));
    expect(errorsIn(screen.getByRole('group', { name: 'Profile image' }))).to.deep.equal(['Unsupported image format; select JPEG or PNG.']);
    // (The navigation reads the requests awaiting review on its own.)
    expect(server.endpoints().filter((endpoint) => endpoint !== 'pageFetchRequest')).to.deep.equal([]);
  });

  it('remove the image with Remove image and Save', async () => {
    const { server, user } = openSettings(aUser({ image: '/api/cms/user/user-1/image' }));
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.getByText('The profile image will be removed when you save.')).to.exist;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your settings have been saved.')).to.exist;
    expect(server.callsOf('userImageDelete').map((call) => call.params)).to.deep.equal([{ id: 'user-1' }]);
  });
});
