import { expect } from 'chai';
import { mount } from './newsletter-popup';
import { POPUP_STORAGE_KEY } from './popup-memory';

describe("the newsletter popup's loader", () => {
  beforeEach(() => window.localStorage.clear());

  it('remembers the first page view even when the delay is days away, so a later view can open it', () => {
    const root = document.createElement('div');
    const before = Date.now();
    mount(root, { delaySeconds: 40 * 86_400, hiddenAfterAcceptSeconds: 0, hiddenAfterDeclineSeconds: 0 });
    const memory = JSON.parse(window.localStorage.getItem(POPUP_STORAGE_KEY) ?? '{}') as { firstSeenAt?: number };
    expect(memory.firstSeenAt).to.be.a('number').and.be.at.least(before);
  });

  it('leaves the memory as it is while the popup is hidden after an answer', () => {
    const hidden = { outcome: 'declined', hiddenUntil: Date.now() + 60_000, firstSeenAt: 1 };
    window.localStorage.setItem(POPUP_STORAGE_KEY, JSON.stringify(hidden));
    mount(document.createElement('div'), { delaySeconds: 0 });
    expect(JSON.parse(window.localStorage.getItem(POPUP_STORAGE_KEY)!)).to.deep.equal(hidden);
  });
});
