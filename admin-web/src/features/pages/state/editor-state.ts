import { dequal } from 'dequal';
import type { Block, BlockFile, BlockImage } from '@pagelog/contracts/blocks/block';
import type { PageView, PageVersionView, SeoImage, VersionContent } from '@pagelog/contracts/pages/page';
import { replaceBlockType } from './block-helpers';
import { activityOfTab, initialEditorState, versionContentOf } from './initial-editor-state';

/** The editor's tabs, in order. */
export const editorTabs = ['overview', 'page-settings', 'seo-settings', 'translations'] as const;
export type EditorTab = (typeof editorTabs)[number];

/** Spec section 4, "Editor activity". */
export type EditorActivity =
  | 'Editing'
  | 'AddingBlock'
  | 'EditingPageSettings'
  | 'EditingSEOSettings'
  | 'AddTranslation'
  | 'ReplaceBlock'
  | 'AcceptRequest';

/** The page's own settings, saved with PUT /page/{id}/save (the title belongs to the version). */
export interface PageSettingsValues {
  slug: string;
  anchor: string;
  typeData: Record<string, unknown>;
}

/** The last removal or replacement of a block, which Undo reverses. */
export interface LastBlockChange {
  kind: 'removed' | 'replaced';
  block: Block;
  index: number;
}

/** A save that clashed with changes saved since the editor's version (a 409). */
export interface EditorConflict {
  currentRevision: number;
  /** What clashed, as the API names it: title, seoTitle, blocks.<key>, blocks.order; settings.<field> for page settings. */
  conflicts: string[];
  /** The newer version, for a clash of version content. */
  current?: VersionContent & { versionId: string };
  /** The page's newer settings, for a clash of page settings. */
  currentSettings?: PageSettingsValues;
}

export interface EditorState {
  pageId: string;
  tab: EditorTab;
  activity: EditorActivity;
  /** The block an activity is about (the one being replaced), or null. */
  activityBlockKey: string | null;
  /** The block whose form is open, or null. */
  editingBlockKey: string | null;
  /** The version content on screen. */
  content: VersionContent;
  /** The page settings on screen. */
  settings: PageSettingsValues;
  /** Whether a slug change should update links to the page in other pages' drafts. */
  shouldUpdateLinks: boolean;
  /** What was last loaded or saved, which Save compares with. */
  saved: { content: VersionContent; settings: PageSettingsValues };
  /** Spec section 4: set by every edit, cleared by a save. */
  unsaved: boolean;
  /** The page revision for the next page command. */
  revision: number;
  /** The revision the content on screen is based on: a store sends it, so that the API can merge. */
  contentRevision: number;
  /** The draft version that stores go to. */
  versionId: string;
  lastBlockChange: LastBlockChange | null;
  conflict: EditorConflict | null;
  /**
   * Grows whenever the content on screen is replaced rather than edited (a restored draft, the
   * saved version taken after a conflict, an undo): forms that keep their own field state start
   * afresh from it.
   */
  formGeneration: number;
}

export type EditorAction =
  | { type: 'loaded'; page: EditorPage; version: EditorVersion }
  | { type: 'openTab'; tab: EditorTab }
  | { type: 'startActivity'; activity: EditorActivity; blockKey?: string }
  | { type: 'endActivity' }
  | { type: 'editBlock'; key: string | null }
  | { type: 'setTitle'; title: string }
  | { type: 'setSeo'; field: 'seoTitle' | 'seoDescription'; value: string }
  | { type: 'setSeoKeywords'; keywords: string[] }
  | { type: 'setSeoImage'; image: SeoImage[] }
  | { type: 'addBlock'; block: Block; index?: number }
  | { type: 'replaceBlock'; key: string; blockType: string }
  | { type: 'removeBlock'; key: string }
  | { type: 'undoBlockChange' }
  | { type: 'dismissBlockChange' }
  | { type: 'moveBlock'; key: string; offset: number }
  | { type: 'moveBlockTo'; key: string; overKey: string }
  | { type: 'setBlockProps'; key: string; props: Record<string, unknown> }
  | { type: 'setBlockAnchor'; key: string; anchor: string }
  /** The block's library images or files (a list not given stays as it is). */
  | { type: 'setBlockMedia'; key: string; images?: BlockImage[]; files?: BlockFile[] }
  | { type: 'setSlug'; slug: string }
  | { type: 'setPageAnchor'; anchor: string }
  | { type: 'setTypeData'; typeData: Record<string, unknown> }
  | { type: 'setShouldUpdateLinks'; value: boolean }
  | { type: 'restoreDraft'; content: VersionContent; settings: PageSettingsValues; revision: number }
  /** `sent` is what the editor asked for; `settings` what is now saved (with others' changes to other settings). */
  | { type: 'settingsSaved'; sent: PageSettingsValues; settings: PageSettingsValues; revision: number; contentUnaffected: boolean; versionId?: string }
  | { type: 'versionStored'; content: VersionContent; versionId: string; revision: number }
  /** The page's tags changed (page-level, decision 0023) and the page is at `revision` now. */
  | { type: 'tagsSaved'; revision: number }
  /** A page-level change that touches neither content nor settings on screen (a schedule): as tagsSaved. */
  | { type: 'pageLevelSaved'; revision: number }
  | { type: 'saveFinished' }
  | { type: 'conflict'; conflict: EditorConflict }
  | { type: 'keepMine' }
  | { type: 'useSaved' };

/** What the editor needs of the page and of its draft version. */
export type EditorPage = Pick<PageView, 'id' | 'slug' | 'anchor' | 'typeData' | 'revision' | 'draftVersionID'>;
export type EditorVersion = Pick<PageVersionView, 'id'> & Partial<VersionContent>;

/** Whether the version content differs from what was last loaded or saved. */
export function contentChanged(state: EditorState): boolean {
  return !dequal(state.content, state.saved.content);
}

/** Whether the page settings differ from what was last loaded or saved. */
export function settingsChanged(state: EditorState): boolean {
  return !dequal(state.settings, state.saved.settings);
}

/** Whether the slug on screen differs from the saved one. */
export function slugChanged(state: EditorState): boolean {
  return state.settings.slug.trim() !== state.saved.settings.slug;
}

function indexOfBlock(blocks: readonly Block[], key: string): number {
  return blocks.findIndex((block) => block.key === key);
}

function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  const [item] = result.splice(from, 1);
  result.splice(to, 0, item as T);
  return result;
}

/**
 * An edit of the version content. It marks unsaved changes while the page on screen differs from
 * what was saved: an edit put back (a word typed and deleted) clears the mark again.
 */
function editContent(state: EditorState, content: VersionContent, change: Partial<EditorState> = {}): EditorState {
  if (content === state.content && Object.keys(change).length === 0) return state;
  const next = { ...state, ...change, content };
  return { ...next, unsaved: contentChanged(next) || settingsChanged(next) };
}

function editSettings(state: EditorState, settings: PageSettingsValues): EditorState {
  const next = { ...state, settings };
  return { ...next, unsaved: contentChanged(next) || settingsChanged(next) };
}

function setBlocks(state: EditorState, blocks: Block[], change: Partial<EditorState> = {}): EditorState {
  return editContent(state, { ...state.content, blocks }, change);
}

/** The editor's state machine: activities, edits and the unsaved mark. Pure. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'loaded':
      return { ...initialEditorState(action.page, action.version, state.tab), formGeneration: state.formGeneration + 1 };

    case 'openTab':
      return { ...state, tab: action.tab, activity: activityOfTab(action.tab), activityBlockKey: null };

    case 'startActivity':
      return { ...state, activity: action.activity, activityBlockKey: action.blockKey ?? null };

    case 'endActivity':
      return { ...state, activity: activityOfTab(state.tab), activityBlockKey: null };

    case 'editBlock':
      return { ...state, editingBlockKey: action.key };

    case 'setTitle':
      if (action.title === state.content.title) return state;
      return editContent(state, { ...state.content, title: action.title });

    case 'setSeo':
      if (action.value === state.content[action.field]) return state;
      return editContent(state, { ...state.content, [action.field]: action.value });

    case 'setSeoKeywords':
      if (dequal(action.keywords, state.content.seoKeywords)) return state;
      return editContent(state, { ...state.content, seoKeywords: action.keywords });

    case 'setSeoImage':
      if (dequal(action.image, state.content.seoImage)) return state;
      return editContent(state, { ...state.content, seoImage: action.image });

    case 'addBlock': {
      const blocks = [...state.content.blocks];
      const index = action.index === undefined ? blocks.length : Math.max(0, Math.min(action.index, blocks.length));
      blocks.splice(index, 0, action.block);
      // The new block's form opens, since its required props are still empty.
      return setBlocks(state, blocks, {
        activity: activityOfTab(state.tab),
        activityBlockKey: null,
        editingBlockKey: action.block.key,
      });
    }

    case 'replaceBlock': {
      const index = indexOfBlock(state.content.blocks, action.key);
      const end = { activity: activityOfTab(state.tab), activityBlockKey: null };
      const old = state.content.blocks[index];
      if (!old || old.type === action.blockType) return { ...state, ...end };
      const blocks = [...state.content.blocks];
      blocks[index] = replaceBlockType(old, action.blockType);
      return setBlocks(state, blocks, { ...end, lastBlockChange: { kind: 'replaced', block: old, index } });
    }

    case 'removeBlock': {
      const index = indexOfBlock(state.content.blocks, action.key);
      const block = state.content.blocks[index];
      if (!block) return state;
      return setBlocks(
        state,
        state.content.blocks.filter((candidate) => candidate.key !== action.key),
        {
          lastBlockChange: { kind: 'removed', block, index },
          editingBlockKey: state.editingBlockKey === action.key ? null : state.editingBlockKey,
        },
      );
    }

    case 'undoBlockChange': {
      const change = state.lastBlockChange;
      if (!change) return state;
      const blocks = [...state.content.blocks];
      if (change.kind === 'removed') {
        blocks.splice(Math.min(change.index, blocks.length), 0, change.block);
      } else {
        const index = indexOfBlock(blocks, change.block.key);
        if (index === -1) blocks.splice(Math.min(change.index, blocks.length), 0, change.block);
        else blocks[index] = change.block;
      }
      return setBlocks(state, blocks, { lastBlockChange: null, formGeneration: state.formGeneration + 1 });
    }

    case 'dismissBlockChange':
      return state.lastBlockChange ? { ...state, lastBlockChange: null } : state;

    case 'moveBlock': {
      const from = indexOfBlock(state.content.blocks, action.key);
      const to = from + action.offset;
      if (from === -1 || to < 0 || to >= state.content.blocks.length || to === from) return state;
      return setBlocks(state, moved(state.content.blocks, from, to));
    }

    case 'moveBlockTo': {
      const from = indexOfBlock(state.content.blocks, action.key);
      const to = indexOfBlock(state.content.blocks, action.overKey);
      if (from === -1 || to === -1 || from === to) return state;
      return setBlocks(state, moved(state.content.blocks, from, to));
    }

    case 'setBlockProps': {
      const index = indexOfBlock(state.content.blocks, action.key);
      const block = state.content.blocks[index];
      if (!block || dequal(block.props, action.props)) return state;
      const blocks = [...state.content.blocks];
      blocks[index] = { ...block, props: { ...action.props } };
      return setBlocks(state, blocks);
    }

    case 'setBlockAnchor': {
      const index = indexOfBlock(state.content.blocks, action.key);
      const block = state.content.blocks[index];
      if (!block || block.anchorPoint === action.anchor) return state;
      const blocks = [...state.content.blocks];
      blocks[index] = { ...block, anchorPoint: action.anchor };
      return setBlocks(state, blocks);
    }

    case 'setBlockMedia': {
      const index = indexOfBlock(state.content.blocks, action.key);
      const block = state.content.blocks[index];
      if (!block) return state;
      const next: Block = { ...block, __images: action.images ?? block.__images ?? [], __files: action.files ?? block.__files ?? [] };
      if (dequal(next, block)) return state;
      const blocks = [...state.content.blocks];
      blocks[index] = next;
      return setBlocks(state, blocks);
    }

    case 'setSlug':
      if (action.slug === state.settings.slug) return state;
      return editSettings(state, { ...state.settings, slug: action.slug });

    case 'setPageAnchor':
      if (action.anchor === state.settings.anchor) return state;
      return editSettings(state, { ...state.settings, anchor: action.anchor });

    case 'setTypeData':
      if (dequal(action.typeData, state.settings.typeData)) return state;
      return editSettings(state, { ...state.settings, typeData: { ...action.typeData } });

    case 'setShouldUpdateLinks':
      return { ...state, shouldUpdateLinks: action.value };

    case 'restoreDraft':
      return {
        ...state,
        content: versionContentOf(action.content),
        settings: { ...action.settings, typeData: { ...action.settings.typeData } },
        contentRevision: action.revision,
        unsaved: true,
        editingBlockKey: null,
        lastBlockChange: null,
        formGeneration: state.formGeneration + 1,
      };

    case 'settingsSaved':
      return {
        ...state,
        // Others' changes to other settings show, unless the editor changed the settings meanwhile.
        settings: dequal(state.settings, action.sent) ? action.settings : state.settings,
        saved: { ...state.saved, settings: action.settings },
        revision: action.revision,
        // Settings belong to the draft: storing them into a live page started a new draft.
        versionId: action.versionId || state.versionId,
        // Only the editor's own settings event lies between: the content's base moves along.
        contentRevision: action.contentUnaffected ? action.revision : state.contentRevision,
        shouldUpdateLinks: false,
      };

    case 'versionStored':
      return {
        ...state,
        saved: { ...state.saved, content: action.content },
        versionId: action.versionId || state.versionId,
        revision: action.revision,
        contentRevision: action.revision,
        conflict: null,
      };

    case 'tagsSaved':
    case 'pageLevelSaved':
      // Tags touch neither the content nor the settings on screen. When the tag change is the
      // only event since the editor's revision, the next saves are based on it (no merge, no
      // 409 for nothing); with others' events between, their saves find out as they always do.
      if (action.revision !== state.revision + 1) return state;
      return { ...state, revision: action.revision, contentRevision: state.contentRevision === state.revision ? action.revision : state.contentRevision };

    case 'saveFinished':
      // Edits made while the save was on its way stay unsaved.
      return { ...state, unsaved: contentChanged(state) || settingsChanged(state) };

    case 'conflict':
      return { ...state, conflict: action.conflict };

    case 'keepMine': {
      const conflict = state.conflict;
      if (!conflict) return state;
      // Based on the newest revision, the next store overwrites what clashed with the editor's work.
      return {
        ...state,
        conflict: null,
        contentRevision: conflict.current ? conflict.currentRevision : state.contentRevision,
        revision: Math.max(state.revision, conflict.currentRevision),
        saved: conflict.currentSettings ? { ...state.saved, settings: conflict.currentSettings } : state.saved,
        unsaved: true,
      };
    }

    case 'useSaved': {
      const conflict = state.conflict;
      if (!conflict) return state;
      const next: EditorState = {
        ...state,
        conflict: null,
        revision: Math.max(state.revision, conflict.currentRevision),
        formGeneration: state.formGeneration + 1,
      };
      if (conflict.current) {
        const { versionId, ...rest } = conflict.current;
        const content = versionContentOf(rest);
        next.content = content;
        next.saved = { ...next.saved, content };
        next.versionId = versionId || state.versionId;
        next.contentRevision = conflict.currentRevision;
        next.editingBlockKey = null;
        next.lastBlockChange = null;
      }
      if (conflict.currentSettings) {
        next.settings = conflict.currentSettings;
        next.saved = { ...next.saved, settings: conflict.currentSettings };
      }
      return { ...next, unsaved: contentChanged(next) || settingsChanged(next) };
    }

    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}
