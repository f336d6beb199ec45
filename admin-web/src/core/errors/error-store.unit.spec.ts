import { expect } from 'chai';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { createErrorStore } from './error-store';

describe('the error collections', () => {
  const wrongCredentials = errorItem('AUTH_01', '', 'user');
  const tooMany = errorItem('AUTH_03', '', 'user');
  const tooLarge = errorItem('UM_05', 'profileImage', 'user');

  it('start empty', () => {
    expect(createErrorStore().get('login')).to.deep.equal([]);
  });

  it('keep each named collection apart', () => {
    const store = createErrorStore();
    store.set('login', [wrongCredentials]);
    store.set('user-profile-image', [tooLarge]);
    expect(store.get('login')).to.deep.equal([wrongCredentials]);
    expect(store.get('user-profile-image')).to.deep.equal([tooLarge]);
    expect(store.get('forgot-password')).to.deep.equal([]);
  });

  it('replace on set, append on add, empty on clear', () => {
    const store = createErrorStore();
    store.set('login', [wrongCredentials]);
    store.set('login', [tooMany]);
    expect(store.get('login')).to.deep.equal([tooMany]);
    store.add('login', [wrongCredentials]);
    expect(store.get('login')).to.deep.equal([tooMany, wrongCredentials]);
    store.clear('login');
    expect(store.get('login')).to.deep.equal([]);
  });

  it('tell subscribers about changes, but not about clearing an empty collection', () => {
    const store = createErrorStore();
    let changes = 0;
    const stop = store.subscribe(() => changes++);
    store.clear('login');
    expect(changes).to.equal(0);
    store.set('login', [wrongCredentials]);
    store.clear('login');
    expect(changes).to.equal(2);
    stop();
    store.set('login', [tooMany]);
    expect(changes).to.equal(2);
  });

  it('hand out a stable value between changes (for useSyncExternalStore)', () => {
    const store = createErrorStore();
    store.set('media', [tooLarge]);
    expect(store.get('media')).to.equal(store.get('media'));
  });
});
