import { expect } from 'chai';
import { render, screen, within } from '@testing-library/react';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { createErrorStore } from '../../core/errors/error-store';
import { ErrorStoreProvider } from '../../core/errors/error-store-context';
import { ErrorList } from './error-list';

function renderList(store = createErrorStore(), collection: Parameters<typeof ErrorList>[0]['collection'] = 'login') {
  return render(
    <ErrorStoreProvider store={store}>
      <ErrorList collection={collection} />
    </ErrorStoreProvider>,
  );
}

const messages = () => within(screen.getByRole('alert')).getAllByRole('listitem').map((item) => item.textContent);

describe('the error list', () => {
  it('shows the messages of its own collection as an announced list', () => {
    const store = createErrorStore();
    store.set('user-settings', [errorItem('AUTH_02', 'currentPassword', 'user'), errorItem('V_08', 'confirmNewPassword', 'user')]);
    store.set('login', [errorItem('AUTH_01')]);
    renderList(store, 'user-settings');
    expect(messages()).to.deep.equal(['This current password does not match our records.', 'The passwords do not match.']);
  });

  it('falls back to the catalogue for an item without a message', () => {
    const store = createErrorStore();
    store.set('login', [{ code: 'AUTH_03', property: '', model: 'user', message: '' }, { code: 'X_99', property: '', model: '', message: '' }]);
    renderList(store);
    expect(messages()).to.deep.equal(['Too many login attempts. Try again after 10 minutes.', 'Error (code: X_99)']);
  });

  it('renders nothing while its collection is empty, and shows errors as they arrive', async () => {
    const store = createErrorStore();
    const { container } = renderList(store);
    expect(container.innerHTML).to.equal('');
    store.set('login', [errorItem('AUTH_01')]);
    expect(await screen.findByRole('alert')).to.have.property('textContent', 'These credentials do not match our records.');
  });
});
