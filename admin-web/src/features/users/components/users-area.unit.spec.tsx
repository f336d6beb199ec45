import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { errorItem, messageFor } from '@pagelog/contracts/error-catalogue';
import { seededRoles } from '@pagelog/contracts/permissions';
import { fakeServer, type FakeServer } from '../../../testing/fake-server';
import { renderAdmin } from '../../../testing/render';
import { failure, success } from '../../../testing/replies';
import { aUser } from '../../../testing/users';

const ada = aUser({ ID: 'u1', name: 'Ada' });
const bob = aUser({ ID: 'u2', name: 'Bob', email: 'bob@example.com', jobTitle: 'Writer' }, ['edit-page']);

/** User management as Ada sees it, over a server that lists Ada and Bob and knows the seeded roles. */
async function openUsers(server = fakeServer({ userList: success({ items: [ada, bob], totalItems: 2 }), roleList: success(seededRoles) })) {
  const view = renderAdmin('/users', { signedIn: ada, server });
  await screen.findByRole('cell', { name: 'Bob' });
  server.calls.length = 0;
  return view;
}

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;
const listReads = (server: FakeServer) => server.callsOf('userList').length;
const dialogErrors = (dialog: HTMLElement) => within(within(dialog).getByRole('alert')).getAllByRole('listitem').map((item) => item.textContent);

async function fillUserForm(user: UserEvent, dialog: HTMLElement, values: { name?: string; email?: string; jobTitle?: string; role?: string }) {
  const form = within(dialog);
  for (const [label, value] of [['Name', values.name], ['Email', values.email], ['Job title', values.jobTitle]] as const) {
    if (value === undefined) continue;
    await user.clear(form.getByLabelText(label));
    if (value !== '') await user.type(form.getByLabelText(label), value);
  }
  if (values.role !== undefined) {
    // The roles are read when the form opens.
    await form.findByRole('option', { name: values.role });
    await user.selectOptions(form.getByRole('combobox', { name: 'Role' }), values.role);
  }
}

describe('user management', () => {
  const consoleError = console.error;
  beforeEach(() => {
    console.error = () => {};
  });
  afterEach(() => {
    console.error = consoleError;
  });

  it('lists the users with their email, role, job title and status', async () => {
    await openUsers();
    const cells = within(rowOf('Bob')).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).to.deep.equal(['Bob', 'bob@example.com', 'Custom', 'Writer', 'Active']);
  });

  it('links each user to what they did in the audit log, for those who may see it', async () => {
    await openUsers();
    expect(within(rowOf('Bob')).getByRole('link', { name: 'What Bob did, in the audit log' }).getAttribute('href')).to.equal('/cmsadmin/audit-log?actor=u2');
  });

  it('offers no audit log link without view-audit', async () => {
    const manager = aUser({ ID: 'u1', name: 'Ada' }, ['manage-users']);
    renderAdmin('/users', { signedIn: manager, server: fakeServer({ userList: success({ items: [manager, bob], totalItems: 2 }), roleList: success(seededRoles) }) });
    await screen.findByRole('cell', { name: 'Bob' });
    expect(screen.queryByRole('link', { name: /in the audit log/ })).to.equal(null);
  });

  it('offers to edit every user, and to delete everyone but the signed-in user', async () => {
    await openUsers();
    expect(within(rowOf('Bob')).getByRole('button', { name: 'Edit Bob' })).to.exist;
    expect(within(rowOf('Bob')).getByRole('button', { name: 'Delete Bob' })).to.exist;
    expect(within(rowOf('Ada')).getByRole('button', { name: 'Edit Ada' })).to.exist;
    expect(within(rowOf('Ada')).queryByRole('button', { name: 'Delete Ada' })).to.equal(null);
  });

  describe('adding a user', () => {
    it('sends email, role and profile, closes and reads the list again', async () => {
      const { server, user } = await openUsers();
      await user.click(screen.getByRole('button', { name: 'Add user' }));
      const dialog = screen.getByRole('dialog', { name: 'Add user' });
      await fillUserForm(user, dialog, { name: 'Cy', email: 'cy@example.com', jobTitle: 'Writer', role: 'Editor' });
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
      expect(server.callsOf('userCreate').map((call) => call.body)).to.deep.equal([{ email: 'cy@example.com', role: 'editor', profile: { name: 'Cy', jobTitle: 'Writer' } }]);
      await waitFor(() => expect(listReads(server)).to.equal(1));
    });

    it('keeps the form open with the server\'s refusal, and the list as it was', async () => {
      const { server, user } = await openUsers();
      server.answer('userCreate', failure(409, errorItem('V_06', 'email', 'user')));
      await user.click(screen.getByRole('button', { name: 'Add user' }));
      const dialog = screen.getByRole('dialog', { name: 'Add user' });
      await fillUserForm(user, dialog, { name: 'Cy', email: 'bob@example.com', role: 'Editor' });
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(dialogErrors(dialog)).to.deep.equal([messageFor('V_06', 'email')]));
      expect(within(dialog).getByLabelText('Email').getAttribute('aria-invalid')).to.equal('true');
      expect(listReads(server)).to.equal(0);
    });

    it('checks the fields against the contract before sending anything', async () => {
      const { server, user } = await openUsers();
      await user.click(screen.getByRole('button', { name: 'Add user' }));
      const dialog = screen.getByRole('dialog', { name: 'Add user' });
      await fillUserForm(user, dialog, { email: 'not an address' });
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(dialogErrors(dialog)).to.have.members(['The Name field is required.', 'The Email field must contain a valid email address.', 'The role field is required.']),
      );
      expect(server.callsOf('userCreate')).to.deep.equal([]);
    });

    it('lists its errors in the order of the fields on screen, and keeps the list in step as they are fixed', async () => {
      const { server, user } = await openUsers();
      await user.click(screen.getByRole('button', { name: 'Add user' }));
      const dialog = screen.getByRole('dialog', { name: 'Add user' });
      await fillUserForm(user, dialog, { email: 'not an address' });
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(dialogErrors(dialog)).to.deep.equal(['The Name field is required.', 'The Email field must contain a valid email address.', 'The role field is required.']),
      );
      await fillUserForm(user, dialog, { name: 'Cy' });
      await waitFor(() => expect(dialogErrors(dialog)).to.deep.equal(['The Email field must contain a valid email address.', 'The role field is required.']));
      expect(within(dialog).getByLabelText('Name').getAttribute('aria-invalid')).to.equal(null);
      await fillUserForm(user, dialog, { email: 'cy at example', role: 'Editor' });
      await waitFor(() => expect(dialogErrors(dialog)).to.deep.equal(['The Email field must contain a valid email address.']));
      await fillUserForm(user, dialog, { email: 'cy@example.com' });
      await waitFor(() => expect(within(dialog).queryByRole('alert')).to.equal(null));
      expect(server.callsOf('userCreate')).to.deep.equal([]);
    });

    it('lists the server\'s errors in the order of the fields too', async () => {
      const { server, user } = await openUsers();
      server.answer('userCreate', failure(400, errorItem('V_12', 'role', 'user'), errorItem('V_06', 'email', 'user'), errorItem('V_11', 'profile.jobTitle', 'user')));
      await user.click(screen.getByRole('button', { name: 'Add user' }));
      const dialog = screen.getByRole('dialog', { name: 'Add user' });
      await fillUserForm(user, dialog, { name: 'Cy', email: 'bob@example.com', role: 'Editor' });
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(dialogErrors(dialog)).to.deep.equal([messageFor('V_06', 'email'), messageFor('V_11', 'jobTitle'), messageFor('V_12', 'role')]));
    });

    it('opens without the errors of the dialog before', async () => {
      const { user } = await openUsers();
      await user.click(screen.getByRole('button', { name: 'Add user' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
      await within(screen.getByRole('dialog')).findByRole('alert');
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
      await user.click(screen.getByRole('button', { name: 'Add user' }));
      expect(within(screen.getByRole('dialog')).queryByRole('alert')).to.equal(null);
    });
  });

  describe('editing a user', () => {
    it('sends the changed fields, closes and reads the list again', async () => {
      const { server, user } = await openUsers();
      await user.click(screen.getByRole('button', { name: 'Edit Bob' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit user' });
      expect(within(dialog).getByLabelText('Email')).to.have.property('value', 'bob@example.com');
      await fillUserForm(user, dialog, { name: 'Bobby', role: 'Editor' });
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
      expect(server.callsOf('userUpdate').map((call) => [call.params, call.body])).to.deep.equal([
        [{ id: 'u2' }, { email: 'bob@example.com', role: 'editor', profile: { name: 'Bobby', jobTitle: 'Writer' } }],
      ]);
      await waitFor(() => expect(listReads(server)).to.equal(1));
      expect(server.endpoints()).to.not.include('userCurrent');
    });

    it('reads the signed-in user again when they edited themselves', async () => {
      const { server, user } = await openUsers();
      await user.click(screen.getByRole('button', { name: 'Edit Ada' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit user' });
      await fillUserForm(user, dialog, { name: 'Ada L.' });
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
      expect(server.endpoints()).to.include('userCurrent');
    });

    it('shows a refusal in the form', async () => {
      const { server, user } = await openUsers();
      server.answer('userUpdate', failure(403, errorItem('UM_01')));
      await user.click(screen.getByRole('button', { name: 'Edit Bob' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit user' });
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(dialogErrors(dialog)).to.deep.equal(['You are not authorized to do this action.']));
    });
  });

  describe('deleting a user', () => {
    it('asks first, deletes, closes and shows the list without them', async () => {
      const server = fakeServer({ roleList: success(seededRoles) });
      server.answer('userList', success({ items: [ada, bob], totalItems: 2 }), success({ items: [ada], totalItems: 1 }));
      const { user } = await openUsers(server);
      await user.click(screen.getByRole('button', { name: 'Delete Bob' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Delete user' }));
      expect(dialog.getByText('Are you sure you want to delete Bob? This cannot be undone.')).to.exist;
      await user.click(dialog.getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('cell', { name: 'Bob' })).to.equal(null));
      expect(server.callsOf('userDelete').map((call) => call.params)).to.deep.equal([{ id: 'u2' }]);
      expect(screen.queryByRole('dialog')).to.equal(null);
    });

    it('shows a failure in the dialog and keeps the user', async () => {
      const { server, user } = await openUsers();
      server.answer('userDelete', failure(500, errorItem('UM_10')));
      await user.click(screen.getByRole('button', { name: 'Delete Bob' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete user' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(dialogErrors(dialog)).to.deep.equal(['Failed to delete user.']));
      expect(listReads(server)).to.equal(0);
    });
  });
});
