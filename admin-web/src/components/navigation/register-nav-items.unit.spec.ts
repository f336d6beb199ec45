import { expect } from 'chai';
import { registerNavItems, registeredNavItems } from './register-nav-items';

describe('registerNavItems', () => {
  it('makes registered items available, in registration order, until unregistered', () => {
    const unregister = registerNavItems([
      { key: 'test-a', labelKey: 'nav.a', to: '/a', permission: 'p-a' },
      { key: 'test-b', labelKey: 'nav.b', to: '/b', children: [{ key: 'test-b1', labelKey: 'nav.b1', to: '/b/1' }] },
    ]);
    try {
      const keys = registeredNavItems().map((item) => item.key);
      expect(keys).to.include.ordered.members(['test-a', 'test-b']);
    } finally {
      unregister();
    }
    const remaining = registeredNavItems().map((item) => item.key);
    expect(remaining).to.not.include('test-a');
    expect(remaining).to.not.include('test-b');
  });

  it('replaces an entry registered again under the same key', () => {
    const first = registerNavItems([{ key: 'test-same', labelKey: 'nav.old', to: '/old' }]);
    const second = registerNavItems([{ key: 'test-same', labelKey: 'nav.new', to: '/new' }]);
    try {
      const same = registeredNavItems().filter((item) => item.key === 'test-same');
      expect(same).to.have.length(1);
      expect(same[0]?.to).to.equal('/new');
      first(); // the older registration no longer owns the key, so this leaves it alone
      expect(registeredNavItems().some((item) => item.key === 'test-same')).to.equal(true);
    } finally {
      second();
    }
    expect(registeredNavItems().some((item) => item.key === 'test-same')).to.equal(false);
  });
});
