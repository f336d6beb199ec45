import { expect } from 'chai';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { toCurrentUser } from '../../../app/current-user';
import { createErrorStore } from '../../../core/errors/error-store';
import { failure, fakeUsersApi } from '../../../testing/fake-users-api';
import { aUser } from '../../../testing/users';
import { createUserStore, type SettingsFormValues, type UserFormValues } from './user-store';

const ada = aUser({ ID: 'u1', name: 'Ada' });
const bob = aUser({ ID: 'u2', name: 'Bob', email: 'bob@example.com' });
const newUser: UserFormValues = { name: 'Cy', email: 'cy@example.com', jobTitle: 'Writer', role: 'editor' };

function setUp() {
  const fake = fakeUsersApi([ada, bob]);
  const errors = createErrorStore();
  let refreshed = 0;
  const store = createUserStore({
    users: fake.api,
    errors,
    refreshCurrentUser: async () => {
      refreshed++;
    },
  });
  let listReloads = 0;
  store.onListChanged(async () => {
    listReloads++;
    await store.fetchPage(0, 25, '', '', 'asc');
  });
  return { fake, errors, store, reloads: () => listReloads, refreshed: () => refreshed };
}

describe('the user state', () => {
  it('keeps the listed users by ID', async () => {
    const { store } = setUp();
    const page = await store.fetchPage(0, 25, 'a', 'name', 'desc');
    expect(page).to.deep.equal({ items: [ada, bob], totalItems: 2 });
    expect(Object.keys(store.getState().byId)).to.deep.equal(['u1', 'u2']);
  });

  it('asks for the list with the page, search and sort', async () => {
    const { fake, store } = setUp();
    await store.fetchPage(3, 10, 'ada', 'email', 'desc');
    expect(fake.calls[0]!.args).to.deep.equal([{ pageIndex: 3, pageSize: 10, searchTerm: 'ada', columnToSort: 'email', sortOrder: 'desc' }]);
  });

  it('rejects a failed list fetch, for the list to log', async () => {
    const { fake, store } = setUp();
    fake.answer('listUsers', failure(403, errorItem('UM_01')));
    let rejected = false;
    await store.fetchPage(0, 25, '', '', 'asc').catch(() => (rejected = true));
    expect(rejected).to.equal(true);
  });

  it('keeps the current user ID and permissions', () => {
    const { store } = setUp();
    store.setCurrentUser(toCurrentUser(ada));
    expect(store.getState().currentUserID).to.equal('u1');
    expect(store.getState().permissions.map((grant) => grant.name)).to.include('manage-users');
    store.setCurrentUser(null);
    expect(store.getState()).to.deep.include({ currentUserID: 0, permissions: [] });
  });

  describe('creating a user', () => {
    it('posts email, role and profile, sets created and re-fetches the list', async () => {
      const { fake, store, reloads } = setUp();
      expect(await store.createUser(newUser)).to.equal(true);
      expect(fake.calls[0]).to.deep.equal({
        method: 'createUser',
        args: [{ email: 'cy@example.com', role: 'editor', profile: { name: 'Cy', jobTitle: 'Writer' } }],
      });
      expect(store.getState().created).to.equal(true);
      expect(reloads()).to.equal(1);
      expect(fake.methods()).to.deep.equal(['createUser', 'listUsers']);
    });

    it('clears the flag on the next request and leaves it cleared when that fails', async () => {
      const { fake, errors, store, reloads } = setUp();
      await store.createUser(newUser);
      const exists = errorItem('V_06', 'email', 'user');
      fake.answer('createUser', failure(409, exists));
      expect(await store.createUser(newUser)).to.equal(false);
      expect(store.getState().created).to.equal(false);
      expect(errors.get('users-overview')).to.deep.equal([exists]);
      expect(reloads()).to.equal(1);
    });

    it('checks the fields against the contract before calling, into users-overview', async () => {
      const { fake, errors, store } = setUp();
      expect(await store.createUser({ name: '', email: 'not an address', jobTitle: '', role: '' })).to.equal(false);
      expect(fake.calls).to.deep.equal([]);
      expect(errors.get('users-overview').map((error) => error.message)).to.have.members([
        'The Name field is required.',
        'The Email field must contain a valid email address.',
        'The role field is required.',
      ]);
    });

    it('clears users-overview before the call', async () => {
      const { errors, store } = setUp();
      errors.set('users-overview', [errorItem('UM_09')]);
      await store.createUser(newUser);
      expect(errors.get('users-overview')).to.deep.equal([]);
    });
  });

  describe('updating a user', () => {
    it('puts email, role and profile, sets updated and re-fetches the list', async () => {
      const { fake, store, reloads } = setUp();
      expect(await store.updateUser('u2', { ...newUser, name: 'Bobby' })).to.equal(true);
      expect(fake.calls[0]).to.deep.equal({
        method: 'updateUser',
        args: ['u2', { email: 'cy@example.com', role: 'editor', profile: { name: 'Bobby', jobTitle: 'Writer' } }],
      });
      expect(store.getState().updated).to.equal(true);
      expect(reloads()).to.equal(1);
    });

    it('re-reads the signed-in user when they updated themselves', async () => {
      const { store, refreshed } = setUp();
      store.setCurrentUser(toCurrentUser(ada));
      await store.updateUser('u2', newUser);
      expect(refreshed()).to.equal(0);
      await store.updateUser('u1', newUser);
      expect(refreshed()).to.equal(1);
    });

    it('puts a refusal into users-overview, without the flag', async () => {
      const { fake, errors, store } = setUp();
      fake.answer('updateUser', failure(403, errorItem('UM_01')));
      expect(await store.updateUser('u2', newUser)).to.equal(false);
      expect(store.getState().updated).to.equal(false);
      expect(errors.get('users-overview').map((error) => error.message)).to.deep.equal(['You are not authorized to do this action.']);
    });
  });

  describe('deleting a user', () => {
    it('deletes, sets deleted, forgets the user and re-fetches the list', async () => {
      const { fake, store, reloads } = setUp();
      fake.answer('listUsers', { status: 200, Success: true, Errors: [], data: { items: [ada], totalItems: 1 } });
      await store.fetchPage(0, 25, '', '', 'asc');
      expect(await store.deleteUser('u2')).to.equal(true);
      expect(fake.calls.find((call) => call.method === 'deleteUser')?.args).to.deep.equal(['u2']);
      expect(store.getState().deleted).to.equal(true);
      expect(store.getState().byId).to.not.have.property('u2');
      expect(reloads()).to.equal(1);
    });

    it('puts a failure into users-overview', async () => {
      const { fake, errors, store } = setUp();
      fake.answer('deleteUser', failure(500, errorItem('UM_10')));
      expect(await store.deleteUser('u2')).to.equal(false);
      expect(store.getState().deleted).to.equal(false);
      expect(errors.get('users-overview').map((error) => error.code)).to.deep.equal(['UM_10']);
    });
  });

  describe('storing personal settings', () => {
    const settings: SettingsFormValues = { name: 'Ada L.', jobTitle: 'Chief', currentPassword: '', newPassword: '', confirmNewPassword: '' };

    it('sends the profile of the signed-in user, without password fields when none are filled', async () => {
      const { fake, store, refreshed } = setUp();
      store.setCurrentUser(toCurrentUser(ada));
      expect(await store.storeSettings(settings, null)).to.equal(true);
      expect(fake.calls).to.deep.equal([{ method: 'updateUser', args: ['u1', { profile: { name: 'Ada L.', jobTitle: 'Chief' } }] }]);
      expect(store.getState().stored).to.equal(true);
      expect(refreshed()).to.equal(1);
    });

    it('sends the three password fields when changing the password', async () => {
      const { fake, store } = setUp();
      store.setCurrentUser(toCurrentUser(ada));
      const password = { currentPassword: 'Old-password1', newPassword: 'New-password1', confirmNewPassword: 'New-password1' };
      await store.storeSettings({ ...settings, ...password }, null);
      expect(fake.calls[0]!.args[1]).to.deep.equal({ profile: { name: 'Ada L.', jobTitle: 'Chief' }, ...password });
    });

    it('refuses a new password without the current one, or with a confirmation that differs, before calling', async () => {
      const { fake, errors, store } = setUp();
      store.setCurrentUser(toCurrentUser(ada));
      await store.storeSettings({ ...settings, newPassword: 'New-password1', confirmNewPassword: 'New-password1' }, null);
      expect(errors.get('user-settings').map((error) => error.message)).to.deep.equal(['The currentPassword field is required.']);
      await store.storeSettings({ ...settings, currentPassword: 'Old-password1', newPassword: 'New-password1', confirmNewPassword: 'Other-password1' }, null);
      expect(errors.get('user-settings').map((error) => error.message)).to.deep.equal(['The passwords do not match.']);
      expect(fake.calls).to.deep.equal([]);
      expect(store.getState().stored).to.equal(false);
    });

    it('stores the image after the user data, and clears the flag on request', async () => {
      const { fake, store } = setUp();
      store.setCurrentUser(toCurrentUser(ada));
      await store.storeSettings(settings, null);
      fake.answer('uploadImage', failure(400, errorItem('UM_06', 'profileImage')));
      expect(await store.storeSettings(settings, { remove: false, file: new Blob(['gif']) })).to.equal(false);
      expect(fake.methods()).to.deep.equal(['updateUser', 'updateUser', 'uploadImage']);
      expect(store.getState().stored).to.equal(false);
    });

    it('shows AUTH_02 from the server in user-settings', async () => {
      const { fake, errors, store } = setUp();
      store.setCurrentUser(toCurrentUser(ada));
      fake.answer('updateUser', failure(400, errorItem('AUTH_02', 'currentPassword', 'user')));
      await store.storeSettings({ ...settings, currentPassword: 'Wrong-password1', newPassword: 'New-password1', confirmNewPassword: 'New-password1' }, null);
      expect(errors.get('user-settings').map((error) => error.message)).to.deep.equal(['This current password does not match our records.']);
    });
  });
});
