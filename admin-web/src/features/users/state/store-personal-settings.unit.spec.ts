import { expect } from 'chai';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { createErrorStore } from '../../../core/errors/error-store';
import { fakeUsersApi } from '../../../testing/fake-users-api';
import { failure } from '../../../testing/replies';
import { storePersonalSettings, type ImageRequest } from './store-personal-settings';

describe('storing personal settings', () => {
  const user = { profile: { name: 'Ada', jobTitle: 'Editor' } };
  const image = new Blob(['png'], { type: 'image/png' });

  function store(imageRequest: ImageRequest | null) {
    const fake = fakeUsersApi();
    const errors = createErrorStore();
    const run = () => storePersonalSettings({ users: fake.api, errors }, { userId: 'u1', user, image: imageRequest });
    return { fake, errors, run };
  }

  it('saves only the user data when there is no image request', async () => {
    const { fake, run } = store(null);
    expect(await run()).to.equal(true);
    expect(fake.calls).to.deep.equal([{ method: 'updateUser', args: ['u1', user] }]);
  });

  it('saves the user data first, then uploads the new image', async () => {
    const { fake, run } = store({ remove: false, file: image });
    expect(await run()).to.equal(true);
    expect(fake.methods()).to.deep.equal(['updateUser', 'uploadImage']);
    expect(fake.calls[1]!.args).to.deep.equal(['u1', image]);
  });

  it('saves the user data first, then deletes the image when removal is requested, uploading nothing', async () => {
    const { fake, run } = store({ remove: true, file: image });
    expect(await run()).to.equal(true);
    expect(fake.methods()).to.deep.equal(['updateUser', 'deleteImage']);
  });

  it('makes no image call for a request with neither removal nor a file', async () => {
    const { fake, run } = store({ remove: false, file: null });
    expect(await run()).to.equal(true);
    expect(fake.methods()).to.deep.equal(['updateUser']);
  });

  it('puts the errors of failed user data into users-overview and user-settings, and leaves the image alone', async () => {
    const { fake, errors, run } = store({ remove: false, file: image });
    const wrongPassword = errorItem('AUTH_02', 'currentPassword', 'user');
    fake.answer('updateUser', failure(400, wrongPassword));
    expect(await run()).to.equal(false);
    expect(fake.methods()).to.deep.equal(['updateUser']);
    expect(errors.get('user-settings')).to.deep.equal([wrongPassword]);
    expect(errors.get('users-overview')).to.deep.equal([wrongPassword]);
    expect(errors.get('user-profile-image')).to.deep.equal([]);
  });

  it('adds the errors of a failed upload to user-profile-image', async () => {
    const { fake, errors, run } = store({ remove: false, file: image });
    const tooLarge = errorItem('UM_08', 'profileImage', 'user');
    fake.answer('uploadImage', failure(400, tooLarge));
    expect(await run()).to.equal(false);
    expect(errors.get('user-profile-image')).to.deep.equal([tooLarge]);
    expect(errors.get('user-settings')).to.deep.equal([]);
  });

  it('adds the errors of a failed removal to user-profile-image', async () => {
    const { fake, errors, run } = store({ remove: true, file: null });
    fake.answer('deleteImage', failure(500));
    expect(await run()).to.equal(false);
    expect(errors.get('user-profile-image').map((error) => error.code)).to.deep.equal(['G_01']);
  });

  it('clears the collections of an earlier attempt first', async () => {
    const { errors, run } = store(null);
    errors.set('user-settings', [errorItem('AUTH_02')]);
    errors.set('user-profile-image', [errorItem('UM_05')]);
    await run();
    expect(errors.get('user-settings')).to.deep.equal([]);
    expect(errors.get('user-profile-image')).to.deep.equal([]);
  });
});
