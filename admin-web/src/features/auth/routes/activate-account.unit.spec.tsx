import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import { errorItem, messageFor } from '@pagelog/contracts/error-catalogue';
import { fakeServer } from '../../../testing/fake-server';
import { renderAdmin } from '../../../testing/render';
import { failure, success } from '../../../testing/replies';

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const summary = () => {
  const list = document.querySelector('.error-list[data-collection="activate-account"]');
  return list ? within(list as HTMLElement).getAllByRole('listitem').map((item) => item.textContent) : [];
};

async function openActivation(server = fakeServer({ authResetAccount: success({}) })) {
  const view = renderAdmin('/activate-account?token=abc', { signedIn: null, server });
  await screen.findByRole('heading', { name: 'Activate account' });
  return view;
}

describe('the activation form', () => {
  it('says a message once, even when the password breaks two rules that share it', async () => {
    const { user, server } = await openActivation();
    await user.type(field('Password'), 'abcdefghij');
    await user.type(field('Confirm password'), 'abcdefghij');
    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    await waitFor(() => expect(summary()).to.deep.equal([messageFor('V_09', 'password')]));
    expect(server.callsOf('authResetAccount')).to.deep.equal([]);
  });

  it('drops "do not match" once either field makes them match, and the summary follows each field', async () => {
    const { user } = await openActivation();
    await user.type(field('Password'), 'Geheim!wachtwoord');
    await user.type(field('Confirm password'), 'Geheim!wachtwoort');
    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    await waitFor(() => expect(summary()).to.deep.equal([messageFor('V_03', 'confirm')]));
    expect(field('Confirm password').getAttribute('aria-invalid')).to.equal('true');

    // The password is changed to the confirmation: they match now.
    await user.clear(field('Password'));
    await user.type(field('Password'), 'Geheim!wachtwoort');
    await waitFor(() => expect(summary()).to.deep.equal([]));
    expect(field('Confirm password').getAttribute('aria-invalid')).to.equal(null);
    // Shortened, the password says what it lacks, in the order of the fields.
    await user.clear(field('Password'));
    await user.type(field('Password'), 'Kort!');
    await waitFor(() => expect(summary()).to.deep.equal([messageFor('V_10', 'password'), messageFor('V_03', 'confirm')]));
  });

  it('shows the server\'s refusal until the field it is about changes, beside what the checks find meanwhile', async () => {
    const server = fakeServer({ authResetAccount: failure(400, errorItem('AUTH_04', 'password', 'user')) });
    const { user } = await openActivation(server);
    await user.type(field('Password'), 'Welkom!2025');
    await user.type(field('Confirm password'), 'Welkom!2025');
    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    await waitFor(() => expect(summary()).to.deep.equal([messageFor('AUTH_04', 'password')]));
    // The confirmation alone changed: the server's word on the password stands, and they differ now.
    await user.type(field('Confirm password'), 'x');
    await waitFor(() => expect(summary()).to.deep.equal([messageFor('AUTH_04', 'password'), messageFor('V_03', 'confirm')]));
    await user.type(field('Password'), 'x');
    await waitFor(() => expect(summary()).to.deep.equal([]));
  });
});
