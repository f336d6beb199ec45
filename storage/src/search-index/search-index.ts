import type { FacetCount, SearchTagRef, SnippetPart } from '@pagelog/contracts/search/search';

/**
 * The search-index port (issue 15): full-text documents of pages, searched with stemming per
 * locale, accents ignored, the last word as a prefix, typo tolerance, title above body, facets and
 * paging. Three adapters pass one contract suite (search-index.contract.ts): SQLite FTS5 (the
 * embedded default), PostgreSQL full-text search and Elasticsearch.
 *
 * The index holds **targets**, each with its own checkpoint in the log: `public` (published
 * pages, the site's search) and `admin` (every page that is not deleted, its draft's title and
 * slug, the admin's page search). A target's documents live in **generations**: searches read the
 * active one; a full reindex fills a new one beside it and then activates it in one step, so
 * searches keep answering while it runs. Each target also keeps a small JSON **meta** document
 * (the reindex's progress, the jobs' states), written with the documents and the checkpoint.
 */

export type SearchTarget = 'public' | 'admin';
export const searchTargets: readonly SearchTarget[] = ['public', 'admin'];

/** One page as the index holds it. */
export interface SearchDocument {
  /** The page's id. */
  id: string;
  locale: string;
  pageType: string;
  title: string;
  /** The page's slug (no locale prefix); the reader makes the public path from it. */
  slug: string;
  /** The SEO description (public target; '' in the admin target). */
  description: string;
  /**
   * Every block's text in reading order, one block per line: headings, rich text as plain text,
   * quotes, image alt texts and captions, download names, table cells ('' in the admin target).
   */
  body: string;
  /** The page's public tags (never private ones), by id with their current names. */
  tags: SearchTagRef[];
  /** The page's list date (ISO), used to sort when there is no term; null when it has none. */
  date: string | null;
}

/** A search as an adapter takes it: the request with its defaults filled in. */
export interface IndexQuery {
  /** Words to find; '' lists every document the filters let through, newest first by date. */
  term: string;
  /** Empty: any locale. The words are stemmed by these locales' languages (all four when empty). */
  locales: string[];
  pageTypes: string[];
  /** Documents carrying every one of these tag ids. */
  tags: string[];
  count: number;
  offset: number;
  /**
   * 'full' (public): title, description, tags and body, title matches ranked first, with facets.
   * 'title-slug' (admin): titles and slugs only; facets may be left empty, snippets are (the admin's
   * page search reads the ids only, up to a thousand of them).
   */
  fields: 'full' | 'title-slug';
}

export interface IndexHit {
  id: string;
  locale: string;
  pageType: string;
  title: string;
  slug: string;
  /** Text around the best match (body, else description, else title), matched words highlighted. */
  snippet: SnippetPart[];
  date: string | null;
  tags: SearchTagRef[];
  score: number;
}

export interface IndexAnswer {
  /** Every document that matches, not just this page of them. */
  total: number;
  hits: IndexHit[];
  /** Counts over every match (not just this page), largest first; a filter's own facet still lists the other values. */
  facets: { pageTypes: FacetCount[]; locales: FacetCount[]; tags: FacetCount[] };
}

/** What a target holds about itself. */
export interface TargetState {
  /** Global log position the target has taken in (0: none). */
  checkpoint: number;
  /** The generation searches read. */
  active: number;
  /** A generation being filled beside the active one, or null. */
  building: number | null;
  meta: Record<string, unknown>;
}

export interface IndexWrite {
  /** Documents to add or replace (by id). */
  put?: SearchDocument[];
  /** Ids to take out (absent ids are fine). */
  remove?: string[];
  /** The generations the changes go to (the active one, and the one being built, if any). */
  generations: number[];
  /** Moves the target's checkpoint, in the same transaction where the engine has one. */
  checkpoint?: number;
  /** Replaces the target's meta document, likewise. */
  meta?: Record<string, unknown>;
  /** Only while this holder has the target (see SearchIndex.claim); otherwise FencedOff and nothing changes. */
  holder?: string;
}

/**
 * A change refused because another process claimed the target since this one did: it lost its
 * lease (a pause longer than the lease, say) and must stand by rather than write again.
 */
export class FencedOff extends Error {
  constructor(target: SearchTarget, holder: string) {
    super(`search index ${target}: ${holder} no longer holds the target`);
    this.name = 'FencedOff';
  }
}

export interface SearchIndex {
  /** 'sqlite', 'postgres' or 'elasticsearch'. */
  readonly engine: string;
  /** Creates what the index needs (tables, indices, generation 1 active); safe to call again. */
  init(): Promise<void>;
  state(target: SearchTarget): Promise<TargetState>;
  /**
   * Applies documents and removals to the named generations and moves checkpoint and meta: one
   * transaction on SQLite and PostgreSQL; on Elasticsearch documents first, then the state, so a
   * crash between them repeats the write (idempotent).
   */
  write(target: SearchTarget, changes: IndexWrite): Promise<void>;
  /** Searches the active generation. */
  search(target: SearchTarget, query: IndexQuery): Promise<IndexAnswer>;
  /** Documents in a generation (default: the active one). */
  count(target: SearchTarget, generation?: number): Promise<number>;
  /**
   * Ids of the documents that carry this tag, in the active generation and in the one being built:
   * a rename during a reindex must reach the pages already rebuilt too.
   */
  idsWithTag(target: SearchTarget, tagId: string): Promise<string[]>;
  /**
   * Records `holder` as the one process that feeds the target from now on. Every change below
   * that names a holder (the runner's do) is refused with FencedOff once another has claimed it,
   * and refused in the same transaction as the change where the engine has one: the fence
   * behind the runner's lease, which alone cannot stop a process that paused past it.
   */
  claim(target: SearchTarget, holder: string): Promise<void>;
  /** Makes a new, empty generation and records it as `building`; answers its number. */
  createGeneration(target: SearchTarget, holder?: string): Promise<number>;
  /** Makes `generation` (the building one) the active one in one step, then drops the old one. */
  activate(target: SearchTarget, generation: number, holder?: string): Promise<void>;
  /** Drops a generation that is not active (an abandoned build) and clears `building` if it was that. */
  dropGeneration(target: SearchTarget, generation: number, holder?: string): Promise<void>;
  /** Removes every document of a generation (it stays, empty). */
  clear(target: SearchTarget, generation: number, holder?: string): Promise<void>;
  close(): Promise<void>;
}
