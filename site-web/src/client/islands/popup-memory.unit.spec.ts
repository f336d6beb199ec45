import { expect } from 'chai';
import { answered, popupSchedule, POPUP_STORAGE_KEY, readPopupMemory, writePopupMemory } from './popup-memory';

/** A Storage that keeps its items in a map, or refuses every call (a blocked private mode). */
function storage(refuse = false): Storage {
  const items = new Map<string, string>();
  const no = () => {
    throw new Error('SecurityError');
  };
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => (refuse ? no() : (items.get(key) ?? null)),
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => items.delete(key),
    setItem: (key, value) => (refuse ? no() : void items.set(key, value)),
  };
}

describe('what the browser remembers of the newsletter popup', () => {
  const now = Date.UTC(2026, 11, 2, 12);

  it('waits the delay from the first page view, also on later pages', () => {
    const first = popupSchedule({}, 20, now);
    expect(first.waitMs).to.equal(20_000);
    expect(first.memory).to.deep.equal({ firstSeenAt: now });
    expect(popupSchedule(first.memory, 20, now + 15_000).waitMs).to.equal(5_000);
    expect(popupSchedule(first.memory, 20, now + 60_000).waitMs).to.equal(0);
  });

  it('stays away for the hidden period after an answer, then waits the delay again', () => {
    const declined = answered('declined', 3_600, now);
    expect(popupSchedule(declined, 20, now + 3_599_000).waitMs).to.equal(null);
    const later = popupSchedule(declined, 20, now + 3_600_000);
    expect(later.waitMs).to.equal(20_000);
    expect(later.memory).to.deep.equal({ firstSeenAt: now + 3_600_000 });
    expect(popupSchedule(answered('accepted', 365 * 86_400, now), 0, now + 200 * 86_400_000).waitMs).to.equal(null);
  });

  it('keeps the memory in localStorage and reads back only what it wrote', () => {
    const store = storage();
    expect(readPopupMemory(store)).to.deep.equal({});
    expect(writePopupMemory(store, answered('accepted', 10, now))).to.equal(true);
    expect(readPopupMemory(store)).to.deep.equal({ outcome: 'accepted', hiddenUntil: now + 10_000, firstSeenAt: now });
    store.setItem(POPUP_STORAGE_KEY, '{"hiddenUntil":"soon","outcome":"maybe"}');
    expect(readPopupMemory(store)).to.deep.equal({});
    store.setItem(POPUP_STORAGE_KEY, 'not json');
    expect(readPopupMemory(store)).to.deep.equal({});
  });

  it('remembers nothing where storage is blocked, so the popup is not shown there', () => {
    expect(readPopupMemory(null)).to.equal(null);
    expect(writePopupMemory(storage(true), {})).to.equal(false);
  });
});
