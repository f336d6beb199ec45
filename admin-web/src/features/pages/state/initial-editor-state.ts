import type { PageView, VersionContent } from '@pagelog/contracts/pages/page';
import type { EditorActivity, EditorPage, EditorState, EditorTab, EditorVersion, PageSettingsValues } from './editor-state';

/** How the page editor starts: the state of a page and its draft as loaded, and its parts. */

/** The activity a tab starts in. */
export function activityOfTab(tab: EditorTab): EditorActivity {
  if (tab === 'page-settings') return 'EditingPageSettings';
  if (tab === 'seo-settings') return 'EditingSEOSettings';
  return 'Editing';
}

/** A version's content with every field present (older versions may lack some). */
export function versionContentOf(version: Partial<VersionContent>): VersionContent {
  return {
    title: version.title ?? '',
    blocks: (version.blocks ?? []).map((block) => ({ ...block, props: block.props ?? {}, anchorPoint: block.anchorPoint ?? '' })),
    seoTitle: version.seoTitle ?? '',
    seoDescription: version.seoDescription ?? '',
    seoKeywords: version.seoKeywords ?? [],
    seoImage: version.seoImage ?? [],
  };
}

export function pageSettingsOf(page: Pick<PageView, 'slug' | 'anchor' | 'typeData'>): PageSettingsValues {
  return { slug: page.slug, anchor: page.anchor ?? '', typeData: { ...(page.typeData ?? {}) } };
}

export function initialEditorState(page: EditorPage, version: EditorVersion, tab: EditorTab = 'overview'): EditorState {
  const content = versionContentOf(version);
  const settings = pageSettingsOf(page);
  return {
    pageId: page.id,
    tab,
    activity: activityOfTab(tab),
    activityBlockKey: null,
    editingBlockKey: null,
    content,
    settings,
    shouldUpdateLinks: false,
    saved: { content, settings },
    unsaved: false,
    revision: page.revision,
    contentRevision: page.revision,
    versionId: page.draftVersionID || version.id,
    lastBlockChange: null,
    conflict: null,
    formGeneration: 0,
  };
}
