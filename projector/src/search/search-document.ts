import type { Block } from '@pagelog/contracts/blocks/block';
import type { PageStreamEvent } from '@pagelog/contracts/events/page-events';
import { listDateOf } from '@pagelog/contracts/pages/page-docs';
import { pageType } from '@pagelog/contracts/pages/page-types';
import { blockText, propsText } from '@pagelog/contracts/search/block-text';
import type { SearchTagRef } from '@pagelog/contracts/search/search';
import type { TagVisibility } from '@pagelog/contracts/tags/tag';
import type { StoredEvent } from '@pagelog/storage/event-store/load-stream';
import type { SearchDocument } from '@pagelog/storage/search-index/search-index';

/** A tag as the documents need it: its current name, whether the site may show it, and whether it was merged away. */
export interface TagInfo {
  name: string;
  visibility: TagVisibility;
  locale: string;
  /** Merged into another tag: its pages are given that one (PageTagsChanged), so it names nothing now. */
  merged?: boolean;
}

/** A page's documents in the two targets: null where it does not belong (not live; deleted). */
export interface PageSearchDocuments {
  public: SearchDocument | null;
  admin: SearchDocument | null;
}

/** What a version of the page shows: the draft's, or the live one's. */
interface Content {
  title: string;
  seoDescription: string;
  blocks: Block[];
  typeData: Record<string, unknown>;
}

interface PageSearchState {
  created: boolean;
  deleted: boolean;
  locale: string;
  type: string;
  slug: string;
  tags: string[];
  draft: Content;
  /** The published content, null while the page is not on the site. */
  live: Content | null;
  firstPublishedAt: string | null;
}

const initial: PageSearchState = {
  created: false,
  deleted: false,
  locale: '',
  type: '',
  slug: '',
  tags: [],
  draft: { title: '', seoDescription: '', blocks: [], typeData: {} },
  live: null,
  firstPublishedAt: null,
};

/**
 * A page's state as search sees it, the way the public-pages projection reads the same events:
 * the draft becomes the live version on PagePublished; unpublishing and deleting take it off;
 * the slug, the tags and (in events from before drafts held it) the type data are page-level and
 * hold at once.
 */
function evolve(state: PageSearchState, event: StoredEvent<PageStreamEvent>): PageSearchState {
  switch (event.type) {
    case 'PageCreated': {
      const d = event.data;
      return { ...state, created: true, locale: d.locale, type: d.type, slug: d.slug, draft: { title: d.title, seoDescription: '', blocks: [], typeData: d.typeData ?? {} } };
    }
    case 'PageVersionStored': {
      const d = event.data;
      return { ...state, draft: { ...state.draft, title: d.title, seoDescription: d.seoDescription ?? '', blocks: d.blocks ?? [] } };
    }
    case 'PageLinksUpdated':
      return { ...state, draft: { ...state.draft, blocks: event.data.blocks ?? [] } };
    case 'PageSettingsStored':
      return { ...state, draft: { ...state.draft, typeData: event.data.typeData ?? {} } };
    case 'PageTypeDataChanged': {
      const typeData = event.data.typeData ?? {};
      return { ...state, draft: { ...state.draft, typeData }, live: state.live && { ...state.live, typeData } };
    }
    case 'PagePublished':
      return { ...state, live: state.draft, firstPublishedAt: state.firstPublishedAt ?? event.metadata.occurredAt };
    case 'PageUnpublished':
      return { ...state, live: null };
    case 'PageSlugChanged':
      return { ...state, slug: event.data.slug };
    case 'PageTagsChanged':
      return { ...state, tags: event.data.tags ?? [] };
    case 'PageDeleted':
      return { ...state, deleted: true, live: null };
    case 'PageDraftStarted':
    case 'PageAnchorChanged':
    case 'PublicationRequested':
    case 'PageChangeScheduled':
    case 'TranslationMarkedUpToDate':
    case 'PageScheduleCancelled':
    case 'PageScheduleCarriedOut':
    case 'PageScheduleFailed':
    case 'PublicationRequestResent':
    case 'PublicationRequestRevoked':
    case 'PublicationAccepted':
    case 'PublicationRejected':
    case 'ClaimFenced':
      return state;
    default: {
      const forgotten: never = event;
      return forgotten;
    }
  }
}

function stateOf(events: readonly StoredEvent<PageStreamEvent>[]): PageSearchState {
  return events.reduce(evolve, initial);
}

/** The tag ids a page carries now (public and private), to look them up before its documents are made. */
export function pageTagIds(events: readonly StoredEvent<PageStreamEvent>[]): string[] {
  return stateOf(events).tags;
}

/**
 * A page's search documents from its whole stream (oldest first) and its tags by id. Public: the
 * live version (title, SEO description, the text of every block and of the type data), public
 * tags only, dated by its list date; null when the page is not on the site. Admin: every page
 * not deleted, by its draft's title and its slug, with all its tags (private ones help editors
 * find their pages; only administrators search this target). Unknown and merged tags are left out.
 * `only: 'admin'` skips the public document (its block text is what costs).
 */
export function searchDocuments(events: readonly StoredEvent<PageStreamEvent>[], tags: (id: string) => TagInfo | undefined, only?: 'admin'): PageSearchDocuments {
  const state = stateOf(events);
  if (!state.created || state.deleted) return { public: null, admin: null };
  const id = (events[0]!.data as { pageId: string }).pageId;
  const refs = (keep: (tag: TagInfo) => boolean): SearchTagRef[] =>
    [...new Set(state.tags)].flatMap((tagId) => {
      const tag = tags(tagId);
      return tag && !tag.merged && keep(tag) ? [{ id: tagId, name: tag.name }] : [];
    });
  const base = { id, locale: state.locale, pageType: state.type, slug: state.slug };
  const admin: SearchDocument = {
    ...base,
    title: state.draft.title,
    description: '',
    body: '',
    tags: refs(() => true),
    // A page never published is dated by the publication date its type data names, if any.
    date: listDateOf((state.live ?? state.draft).typeData, state.firstPublishedAt ?? '') || null,
  };
  const { live } = state;
  // The admin target's runner needs no block text (the costly part: a reindex makes every page's).
  if (!live || only === 'admin') return { public: null, admin };
  const definition = pageType(state.type);
  const body = [definition ? propsText(definition.typeData, live.typeData) : '', ...live.blocks.map(blockText)].filter((text) => text !== '').join('\n');
  return {
    public: {
      ...base,
      title: live.title,
      description: live.seoDescription,
      body,
      tags: refs((tag) => tag.visibility === 'public'),
      date: listDateOf(live.typeData, state.firstPublishedAt!),
    },
    admin,
  };
}

