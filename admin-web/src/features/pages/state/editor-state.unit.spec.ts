import { expect } from 'chai';
import { aBlock, aPage, aVersion } from '../../../testing/pages';
import { newBlock } from './block-helpers';
import {
  contentChanged,
  editorReducer,
  settingsChanged,
  type EditorAction,
  type EditorState,
} from './editor-state';
import { initialEditorState } from './initial-editor-state';

function loaded(): EditorState {
  return initialEditorState(aPage(), aVersion());
}

function run(state: EditorState, ...actions: EditorAction[]): EditorState {
  return actions.reduce(editorReducer, state);
}

const keys = (state: EditorState) => state.content.blocks.map((block) => block.key);

describe('the page editor state', () => {
  describe('when a page is loaded', () => {
    const state = loaded();

    it('starts in Editing on the Overview tab, with nothing unsaved', () => {
      expect(state).to.include({ tab: 'overview', activity: 'Editing', unsaved: false });
    });

    it('holds the draft content and the page settings, based on the page revision', () => {
      expect(state.content.title).to.equal('Over ons');
      expect(keys(state)).to.deep.equal(['block-1', 'block-2']);
      expect(state.settings).to.deep.equal({ slug: 'over-ons', anchor: '', typeData: { author: 'Ada', publicationDate: '', summary: '' } });
      expect(state).to.include({ revision: 3, contentRevision: 3, versionId: 'version-1' });
    });
  });

  describe('activities', () => {
    it('follow the tab: page settings and SEO settings have their own', () => {
      const state = loaded();
      expect(run(state, { type: 'openTab', tab: 'page-settings' }).activity).to.equal('EditingPageSettings');
      expect(run(state, { type: 'openTab', tab: 'seo-settings' }).activity).to.equal('EditingSEOSettings');
      expect(run(state, { type: 'openTab', tab: 'translations' }).activity).to.equal('Editing');
    });

    it('return to the tab\'s activity when one ends', () => {
      const state = run(loaded(), { type: 'openTab', tab: 'translations' }, { type: 'startActivity', activity: 'AddTranslation' });
      expect(state.activity).to.equal('AddTranslation');
      expect(run(state, { type: 'endActivity' }).activity).to.equal('Editing');
      const review = run(loaded(), { type: 'openTab', tab: 'seo-settings' }, { type: 'startActivity', activity: 'AcceptRequest' });
      expect(run(review, { type: 'endActivity' }).activity).to.equal('EditingSEOSettings');
    });

    it('remember which block ReplaceBlock is about', () => {
      const state = run(loaded(), { type: 'startActivity', activity: 'ReplaceBlock', blockKey: 'block-2' });
      expect(state).to.include({ activity: 'ReplaceBlock', activityBlockKey: 'block-2' });
    });

    it('do not count as unsaved changes', () => {
      const state = run(loaded(), { type: 'openTab', tab: 'seo-settings' }, { type: 'startActivity', activity: 'AddingBlock' }, { type: 'endActivity' });
      expect(state.unsaved).to.equal(false);
    });
  });

  describe('edits', () => {
    const edits: [string, EditorAction][] = [
      ['the title', { type: 'setTitle', title: 'Wie wij zijn' }],
      ['an SEO field', { type: 'setSeo', field: 'seoDescription', value: 'Over het bureau' }],
      ['the SEO keywords', { type: 'setSeoKeywords', keywords: ['onderzoek'] }],
      ['the SEO image', { type: 'setSeoImage', image: ['/media/team.jpg'] }],
      ['a block\'s props', { type: 'setBlockProps', key: 'block-1', props: { text: 'Hallo', level: 2 } }],
      ['a block\'s anchor', { type: 'setBlockAnchor', key: 'block-1', anchor: 'intro' }],
      ['a block\'s library files', { type: 'setBlockMedia', key: 'block-1', files: [{ hash: 'c'.repeat(64), fileName: 'report.pdf' }] }],
      ['the SEO image from the library', { type: 'setSeoImage', image: [{ hash: 'b'.repeat(64), fileName: 'beach.jpg', altText: '', fileID: 'beach' }] }],
      ['the slug', { type: 'setSlug', slug: 'wie-wij-zijn' }],
      ['the page anchor', { type: 'setPageAnchor', anchor: 'top' }],
      ['the type data', { type: 'setTypeData', typeData: { author: 'Bea', publicationDate: '', summary: '' } }],
      ['adding a block', { type: 'addBlock', block: newBlock('image', 'block-3') }],
      ['removing a block', { type: 'removeBlock', key: 'block-1' }],
      ['moving a block', { type: 'moveBlock', key: 'block-1', offset: 1 }],
      ['replacing a block', { type: 'replaceBlock', key: 'block-1', blockType: 'callToAction' }],
    ];
    for (const [what, action] of edits) {
      it(`mark unsaved changes: ${what}`, () => {
        expect(run(loaded(), action).unsaved).to.equal(true);
      });
    }

    it('that change nothing leave the mark alone', () => {
      const state = loaded();
      for (const action of [
        { type: 'setTitle', title: 'Over ons' },
        { type: 'setBlockProps', key: 'block-1', props: { level: 2, text: 'Welkom' } },
        { type: 'setBlockMedia', key: 'block-1', images: [], files: [] },
        { type: 'moveBlock', key: 'block-1', offset: -1 },
        { type: 'moveBlock', key: 'block-2', offset: 1 },
        { type: 'setSlug', slug: 'over-ons' },
        { type: 'setShouldUpdateLinks', value: true },
      ] as EditorAction[]) {
        expect(run(state, action).unsaved, action.type).to.equal(false);
      }
    });

    it('tell version content from page settings', () => {
      const title = run(loaded(), { type: 'setTitle', title: 'Nieuw' });
      expect([contentChanged(title), settingsChanged(title)]).to.deep.equal([true, false]);
      const slug = run(loaded(), { type: 'setSlug', slug: 'nieuw' });
      expect([contentChanged(slug), settingsChanged(slug)]).to.deep.equal([false, true]);
    });
  });

  describe('blocks', () => {
    it('are added at the end with their key and default props, ending AddingBlock with the new block open', () => {
      const state = run(loaded(), { type: 'startActivity', activity: 'AddingBlock' }, { type: 'addBlock', block: newBlock('callToAction', 'block-3') });
      expect(keys(state)).to.deep.equal(['block-1', 'block-2', 'block-3']);
      expect(state.content.blocks[2]).to.deep.include({ type: 'callToAction', props: { style: 'primary', text: '' }, anchorPoint: '' });
      expect(state).to.include({ activity: 'Editing', editingBlockKey: 'block-3' });
    });

    it('can be added at a position', () => {
      const state = run(loaded(), { type: 'addBlock', block: newBlock('image', 'first'), index: 0 });
      expect(keys(state)).to.deep.equal(['first', 'block-1', 'block-2']);
    });

    it('move up and down by one, not past either end', () => {
      const down = run(loaded(), { type: 'moveBlock', key: 'block-1', offset: 1 });
      expect(keys(down)).to.deep.equal(['block-2', 'block-1']);
      expect(keys(run(down, { type: 'moveBlock', key: 'block-1', offset: 1 }))).to.deep.equal(['block-2', 'block-1']);
      expect(keys(run(down, { type: 'moveBlock', key: 'block-1', offset: -1 }))).to.deep.equal(['block-1', 'block-2']);
    });

    it('move to where another block is (drag and drop)', () => {
      const state = run(loaded(), { type: 'addBlock', block: newBlock('image', 'block-3') }, { type: 'moveBlockTo', key: 'block-3', overKey: 'block-1' });
      expect(keys(state)).to.deep.equal(['block-3', 'block-1', 'block-2']);
    });

    it('are removed with a way back: undo puts the block where it was', () => {
      const removed = run(loaded(), { type: 'editBlock', key: 'block-1' }, { type: 'removeBlock', key: 'block-1' });
      expect(keys(removed)).to.deep.equal(['block-2']);
      expect(removed.editingBlockKey).to.equal(null);
      expect(removed.lastBlockChange).to.deep.include({ kind: 'removed', index: 0 });
      const undone = run(removed, { type: 'undoBlockChange' });
      expect(undone.content.blocks).to.deep.equal(loaded().content.blocks);
      expect(undone.lastBlockChange).to.equal(null);
    });

    it('are replaced by another type, keeping key, anchor and the props that fit', () => {
      const state = run(
        loaded(),
        { type: 'setBlockAnchor', key: 'block-1', anchor: 'intro' },
        { type: 'startActivity', activity: 'ReplaceBlock', blockKey: 'block-1' },
        { type: 'replaceBlock', key: 'block-1', blockType: 'callToAction' },
      );
      expect(state.content.blocks[0]).to.deep.include({ type: 'callToAction', key: 'block-1', anchorPoint: 'intro' });
      // heading.text fits callToAction.text; level has no counterpart; the rest are defaults.
      expect(state.content.blocks[0]!.props).to.deep.equal({ text: 'Welkom', style: 'primary' });
      expect(state.activity).to.equal('Editing');
      const undone = run(state, { type: 'undoBlockChange' });
      expect(undone.content.blocks[0]).to.deep.include({ type: 'heading', props: { text: 'Welkom', level: 2 } });
    });
  });

  describe('saving', () => {
    it('clears the mark once settings and version are saved', () => {
      const edited = run(loaded(), { type: 'setTitle', title: 'Nieuw' }, { type: 'setSlug', slug: 'nieuw' });
      const saved = run(
        edited,
        { type: 'settingsSaved', sent: edited.settings, settings: edited.settings, revision: 4, contentUnaffected: true },
        { type: 'versionStored', content: edited.content, versionId: 'version-1', revision: 5 },
        { type: 'saveFinished' },
      );
      expect(saved).to.include({ unsaved: false, revision: 5, contentRevision: 5 });
    });

    it('keeps the mark for edits made while the save was on its way', () => {
      const edited = run(loaded(), { type: 'setTitle', title: 'Nieuw' });
      const sent = edited.content;
      const saved = run(edited, { type: 'setTitle', title: 'Nieuwer' }, { type: 'versionStored', content: sent, versionId: 'version-1', revision: 4 }, { type: 'saveFinished' });
      expect(saved.unsaved).to.equal(true);
    });

    it('follows the new draft a settings save started on a live page, so the next store goes into it', () => {
      const edited = run(loaded(), { type: 'setSlug', slug: 'nieuw' });
      const saved = run(edited, { type: 'settingsSaved', sent: edited.settings, settings: edited.settings, revision: 5, contentUnaffected: true, versionId: 'version-2' });
      expect(saved).to.include({ versionId: 'version-2', revision: 5, contentRevision: 5 });
    });

    it('leaves the content based on the old revision when others wrote between (so the store merges)', () => {
      const edited = run(loaded(), { type: 'setSlug', slug: 'nieuw' });
      const saved = run(edited, { type: 'settingsSaved', sent: edited.settings, settings: edited.settings, revision: 7, contentUnaffected: false });
      expect(saved).to.include({ revision: 7, contentRevision: 3 });
    });

    it('keeps the version on screen after a conflict and can store it over the newer one', () => {
      const edited = run(loaded(), { type: 'setTitle', title: 'Mijn titel' });
      const current = { ...loaded().content, title: 'Hun titel', versionId: 'version-1' };
      const clashed = run(edited, { type: 'conflict', conflict: { currentRevision: 9, conflicts: ['title'], current } });
      expect(clashed.content.title).to.equal('Mijn titel');
      expect(clashed.unsaved).to.equal(true);
      const mine = run(clashed, { type: 'keepMine' });
      expect(mine).to.include({ contentRevision: 9, conflict: null, unsaved: true });
      expect(mine.content.title).to.equal('Mijn titel');
    });

    it('takes the newer version on "use the saved version"', () => {
      const edited = run(loaded(), { type: 'setTitle', title: 'Mijn titel' });
      const current = { ...loaded().content, title: 'Hun titel', versionId: 'version-2' };
      const theirs = run(edited, { type: 'conflict', conflict: { currentRevision: 9, conflicts: ['title'], current } }, { type: 'useSaved' });
      expect(theirs.content.title).to.equal('Hun titel');
      expect(theirs).to.include({ contentRevision: 9, versionId: 'version-2', unsaved: false, conflict: null });
    });

    it('bases the next saves on a tag change that directly followed, leaving unsaved work as it is', () => {
      const edited = run(loaded(), { type: 'setTitle', title: 'Nog niet bewaard' });
      const tagged = run(edited, { type: 'tagsSaved', revision: 4 });
      expect(tagged).to.include({ revision: 4, contentRevision: 4, unsaved: true });
      expect(tagged.content).to.equal(edited.content);
    });

    it('leaves the revisions alone after a tag change with others\' events between (their saves find out)', () => {
      const tagged = run(loaded(), { type: 'tagsSaved', revision: 6 });
      expect(tagged).to.include({ revision: 3, contentRevision: 3 });
    });

    it('restores a draft kept in the browser as unsaved work based on its own revision', () => {
      const content = { ...loaded().content, blocks: [aBlock({ key: 'x', props: { text: 'Bewaard', level: 3 } })] };
      const state = run(loaded(), { type: 'restoreDraft', content, settings: { slug: 'bewaard', anchor: '', typeData: {} }, revision: 2 });
      expect(state).to.include({ unsaved: true, contentRevision: 2 });
      expect(keys(state)).to.deep.equal(['x']);
      expect(state.settings.slug).to.equal('bewaard');
    });
  });
});
