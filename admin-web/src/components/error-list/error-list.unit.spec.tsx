import { expect } from 'chai';
import { renderToString } from 'react-dom/server';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { createErrorStore } from '../../core/errors/error-store';
import { ErrorStoreProvider } from '../../core/errors/error-store-context';
import { ErrorList } from './error-list';

describe('the error list', () => {
  it('shows the messages of its own collection as an announced list', () => {
    const store = createErrorStore();
    store.set('user-settings', [errorItem('AUTH_02', 'currentPassword', 'user'), errorItem('V_08', 'confirmNewPassword', 'user')]);
    store.set('login', [errorItem('AUTH_01')]);
    const html = renderToString(
      <ErrorStoreProvider store={store}>
        <ErrorList collection="user-settings" />
      </ErrorStoreProvider>,
    );
    expect(html).to.include('role="alert"');
    expect([...html.matchAll(/<li>(.*?)<\/li>/g)].map((match) => match[1])).to.deep.equal([
      'This current password does not match our records.',
      'The passwords do not match.',
    ]);
  });

  it('falls back to the catalogue for an item without a message', () => {
    const store = createErrorStore();
    store.set('login', [{ code: 'AUTH_03', property: '', model: 'user', message: '' }, { code: 'X_99', property: '', model: '', message: '' }]);
    const html = renderToString(
      <ErrorStoreProvider store={store}>
        <ErrorList collection="login" />
      </ErrorStoreProvider>,
    );
    expect(html).to.include('<li>Too many login attempts. Try again after 10 minutes.</li>');
    expect(html).to.include('<li>Error (code: X_99)</li>');
  });

  it('renders nothing while its collection is empty', () => {
    const html = renderToString(
      <ErrorStoreProvider>
        <ErrorList collection="login" />
      </ErrorStoreProvider>,
    );
    expect(html).to.equal('');
  });
});
