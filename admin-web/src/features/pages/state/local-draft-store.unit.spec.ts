import { expect } from 'chai';
import { memoryStorage as fakeStorage } from '../../../testing/memory-storage';
import { aPage, aVersion } from '../../../testing/pages';
import { pageSettingsOf, versionContentOf } from './initial-editor-state';
import { createLocalDraftStore, draftDiffers, draftKey, forgetDrafts, type LocalDraft } from './local-draft-store';

const content = versionContentOf(aVersion());
const settings = pageSettingsOf(aPage());

function aDraft(overrides: Partial<LocalDraft> = {}): LocalDraft {
  return { pageId: 'page-1', revision: 3, versionId: 'version-1', content: { ...content, title: 'Onbewaard' }, settings, savedAt: '2025-03-02T11:00:00.000Z', ...overrides };
}

describe('the drafts kept in the browser', () => {
  it('keep a draft per page until it is cleared', () => {
    const storage = fakeStorage();
    const drafts = createLocalDraftStore(storage, 'user-1');
    drafts.save(aDraft());
    drafts.save(aDraft({ pageId: 'page-2' }));
    expect(drafts.load('page-1')).to.deep.equal(aDraft());
    expect(storage.items.has(draftKey('user-1', 'page-2'))).to.equal(true);
    drafts.clear('page-1');
    expect(drafts.load('page-1')).to.equal(null);
    expect(drafts.load('page-2')?.pageId).to.equal('page-2');
  });

  it('are each user\'s own: another user on this browser is not offered them', () => {
    const storage = fakeStorage();
    createLocalDraftStore(storage, 'user-1').save(aDraft());
    const other = createLocalDraftStore(storage, 'user-2');
    expect(other.load('page-1')).to.equal(null);
    other.clear('page-1');
    expect(createLocalDraftStore(storage, 'user-1').load('page-1')).to.deep.equal(aDraft());
  });

  it('ignore the drafts of the old per-page format, which belong to no known user', () => {
    const storage = fakeStorage();
    storage.items.set('pagelog.page-draft.page-1', JSON.stringify(aDraft()));
    expect(createLocalDraftStore(storage, 'user-1').load('page-1')).to.equal(null);
  });

  it('are forgotten for one user, with every draft of the old format, and no one else\'s', () => {
    const storage = fakeStorage();
    const mine = createLocalDraftStore(storage, 'user-1');
    mine.save(aDraft());
    mine.save(aDraft({ pageId: 'page-2' }));
    createLocalDraftStore(storage, 'user-2').save(aDraft());
    // An id that starts like another's does not share its keys.
    createLocalDraftStore(storage, 'user-1:2').save(aDraft());
    storage.items.set('pagelog.page-draft.page-3', JSON.stringify(aDraft({ pageId: 'page-3' })));
    storage.items.set('pagelog.theme', 'dark');
    forgetDrafts(storage, 'user-1');
    expect([...storage.items.keys()]).to.deep.equal([draftKey('user-2', 'page-1'), draftKey('user-1:2', 'page-1'), 'pagelog.theme']);
    forgetDrafts(null, 'user-1');
  });

  it('answer null for nothing kept, unreadable text or a draft of another page', () => {
    const storage = fakeStorage();
    const drafts = createLocalDraftStore(storage, 'user-1');
    expect(drafts.load('page-1')).to.equal(null);
    storage.items.set(draftKey('user-1', 'page-1'), '{not json');
    expect(drafts.load('page-1')).to.equal(null);
    storage.items.set(draftKey('user-1', 'page-1'), JSON.stringify(aDraft({ pageId: 'page-9' })));
    expect(drafts.load('page-1')).to.equal(null);
    storage.items.set(draftKey('user-1', 'page-1'), JSON.stringify({ pageId: 'page-1' }));
    expect(drafts.load('page-1')).to.equal(null);
  });

  it('never throw into the editor when the storage refuses, or there is none', () => {
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      createLocalDraftStore(fakeStorage(true), 'user-1').save(aDraft());
    } finally {
      console.error = original;
    }
    expect(logged).to.have.length(1);
    const none = createLocalDraftStore(null, 'user-1');
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
