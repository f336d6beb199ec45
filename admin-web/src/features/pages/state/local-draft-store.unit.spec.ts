import { expect } from 'chai';
import { aPage, aVersion } from '../../../testing/pages';
import { pageSettingsOf, versionContentOf } from './editor-state';
import { createLocalDraftStore, draftDiffers, draftKey, type DraftStorage, type LocalDraft } from './local-draft-store';

/** A Storage over a Map; `refuse` makes setItem throw as a full storage does. */
function fakeStorage(refuse = false): DraftStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem(key, value) {
      if (refuse) throw new Error('QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key) => void items.delete(key),
  };
}

const content = versionContentOf(aVersion());
const settings = pageSettingsOf(aPage());

function aDraft(overrides: Partial<LocalDraft> = {}): LocalDraft {
  return { pageId: 'page-1', revision: 3, versionId: 'version-1', content: { ...content, title: 'Onbewaard' }, settings, savedAt: '2025-03-02T11:00:00.000Z', ...overrides };
}

describe('the drafts kept in the browser', () => {
  it('keep a draft per page until it is cleared', () => {
    const storage = fakeStorage();
    const drafts = createLocalDraftStore(storage);
    drafts.save(aDraft());
    drafts.save(aDraft({ pageId: 'page-2' }));
    expect(drafts.load('page-1')).to.deep.equal(aDraft());
    expect(storage.items.has(draftKey('page-2'))).to.equal(true);
    drafts.clear('page-1');
    expect(drafts.load('page-1')).to.equal(null);
    expect(drafts.load('page-2')?.pageId).to.equal('page-2');
  });

  it('answer null for nothing kept, unreadable text or a draft of another page', () => {
    const storage = fakeStorage();
    const drafts = createLocalDraftStore(storage);
    expect(drafts.load('page-1')).to.equal(null);
    storage.items.set(draftKey('page-1'), '{not json');
    expect(drafts.load('page-1')).to.equal(null);
    storage.items.set(draftKey('page-1'), JSON.stringify(aDraft({ pageId: 'page-9' })));
    expect(drafts.load('page-1')).to.equal(null);
    storage.items.set(draftKey('page-1'), JSON.stringify({ pageId: 'page-1' }));
    expect(drafts.load('page-1')).to.equal(null);
  });

  it('never throw into the editor when the storage refuses, or there is none', () => {
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      createLocalDraftStore(fakeStorage(true)).save(aDraft());
    } finally {
      console.error = original;
    }
    expect(logged).to.have.length(1);
    const none = createLocalDraftStore(null);
    none.save(aDraft());
    expect(none.load('page-1')).to.equal(null);
  });

  it('tell whether a draft holds anything the server\'s page does not, whatever the key order', () => {
    expect(draftDiffers(aDraft(), content, settings)).to.equal(true);
    const reordered = JSON.parse(JSON.stringify({ ...content, blocks: content.blocks.map(({ props, ...rest }) => ({ props, ...rest })) }));
    expect(draftDiffers(aDraft({ content: reordered }), content, settings)).to.equal(false);
    expect(draftDiffers(aDraft({ content, settings: { ...settings, slug: 'anders' } }), content, settings)).to.equal(true);
  });
});
