import type { FacetCount } from '@pagelog/contracts/search/search';
import type { SqliteDatabase } from '../sqlite/open-database';
import type { SearchDocument } from './search-index';

/** Names ↔ small integers, so a document's facts are a few numbers. */
class Codes {
  private readonly byName = new Map<string, number>();
  readonly names: string[] = [];

  code(name: string): number {
    let code = this.byName.get(name);
    if (code === undefined) {
      code = this.names.length;
      this.names.push(name);
      this.byName.set(name, code);
    }
    return code;
  }

  /** The code of a name, or -1 when no document has ever had it. */
  find(name: string): number {
    return this.byName.get(name) ?? -1;
  }
}

export interface FactsFilter {
  locales: string[];
  pageTypes: string[];
  tags: string[];
}

export interface FilteredMatches {
  /** The matches every filter lets through, ascending. */
  matches: number[];
  facets: { pageTypes: FacetCount[]; locales: FacetCount[]; tags: FacetCount[] };
}


/**
 * The facts (locale, page type, date, tags) of every document of one generation, in memory, by
 * full-text row id. A search of a common word matches most of the site; filtering, totalling and
 * counting facets over tens of thousands of matches one SQL row at a time cost far more than the
 * full-text query itself (issue 15's figures: 45 % of a search at 100,000 pages was the facets),
 * while over these arrays it is a loop. They are loaded once per generation, kept up to date by
 * the instance's own writes, and loaded again when `search_state.version` says another
 * connection wrote. The order of every document by date (newest first) is made again on the
 * first search after a change.
 */
export class SearchFacts {
  private present = new Uint8Array(0);
  private locale = new Uint16Array(0);
  private pageType = new Uint16Array(0);
  private date = new Float64Array(0);
  private ids: (string | undefined)[] = [];
  /**
   * Each document's tag codes in one flat array, `stride` slots a document (the most tags a
   * document has had; the array is laid out again when one has more): a search of a common word
   * counts the tags of tens of thousands of matches, and an array per document would be a jump
   * through memory for each.
   */
  private tagSlots = new Int32Array(0);
  private tagCount = new Uint8Array(0);
  private stride = 4;
  private readonly locales = new Codes();
  private readonly pageTypes = new Codes();
  private readonly tags = new Codes();
  /** A tag's name, as last written (a rename rewrites the documents that carry it). */
  private readonly tagNames: string[] = [];
  /** Row ids newest first (date descending, then id descending), and each row id's place in it; null when out of date. */
  private order: { byDate: Int32Array; place: Int32Array } | null = null;

  private constructor(public version: number) {}

  /** Reads a generation's documents and tags (two statements, in the caller's transaction). */
  static load(db: SqliteDatabase, docsTable: string, tagsTable: string, version: number): SearchFacts {
    const facts = new SearchFacts(version);
    const docs = db.prepare(`SELECT n, id, locale, page_type, date FROM ${docsTable}`).raw().iterate() as IterableIterator<
      [number, string, string, string, string | null]
    >;
    for (const [n, id, locale, pageType, date] of docs) facts.set(n, id, locale, pageType, date, []);
    const tags = db.prepare(`SELECT doc, tag_id, name FROM ${tagsTable}`).raw().iterate() as IterableIterator<[number, string, string]>;
    for (const [doc, tagId, name] of tags) {
      const code = facts.tags.code(tagId);
      facts.tagNames[code] = name;
      if (facts.present[doc]) facts.addTag(doc, code);
    }
    return facts;
  }

  put(n: number, doc: SearchDocument): void {
    const tags = doc.tags.map((tag) => {
      const code = this.tags.code(tag.id);
      this.tagNames[code] = tag.name;
      return code;
    });
    this.set(n, doc.id, doc.locale, doc.pageType, doc.date, [...new Set(tags)]);
  }

  remove(n: number): void {
    if (n >= this.present.length || !this.present[n]) return;
    this.present[n] = 0;
    this.ids[n] = undefined;
    this.tagCount[n] = 0;
    this.order = null;
  }

  /** Every document's row id, ascending. */
  all(): number[] {
    const ns: number[] = [];
    for (let n = 0; n < this.present.length; n++) if (this.present[n]) ns.push(n);
    return ns;
  }

  /**
   * The matches that pass every filter, and the facets over `matches`: page types without the
   * page-type filter, locales without the locale filter (so a filter's own facet still lists the
   * other values), tags with every filter. Throws when a match has no facts (the caller reloads).
   */
  filter(matches: readonly number[], filter: FactsFilter, facets: boolean): FilteredMatches {
    const locales = filter.locales.length > 0 ? new Set(filter.locales.map((name) => this.locales.find(name))) : null;
    const pageTypes = filter.pageTypes.length > 0 ? new Set(filter.pageTypes.map((name) => this.pageTypes.find(name))) : null;
    const tags = [...new Set(filter.tags)].map((id) => this.tags.find(id));
    const localeOk = new Uint8Array(this.locales.names.length).map((_, code) => (!locales || locales.has(code) ? 1 : 0));
    const pageTypeOk = new Uint8Array(this.pageTypes.names.length).map((_, code) => (!pageTypes || pageTypes.has(code) ? 1 : 0));
    const localeCounts = new Int32Array(this.locales.names.length);
    const pageTypeCounts = new Int32Array(this.pageTypes.names.length);
    const tagCounts = new Int32Array(this.tags.names.length);
    const passed: number[] = [];
    // Locals, not fields, in the loop: it runs once per match (tens of thousands for a common word).
    const { present, tagSlots, tagCount, stride, locale: localeOf, pageType: pageTypeOf } = this;
    const size = present.length;
    const tagFilter = tags.length > 0;
    const carries = (first: number, count: number, tag: number) => {
      for (let t = first; t < first + count; t++) if (tagSlots[t] === tag) return true;
      return false;
    };
    for (let i = 0; i < matches.length; i++) {
      const n = matches[i]!;
      if (n >= size || present[n] === 0) throw new StaleFacts(n);
      const first = n * stride;
      const count = tagCount[n]!;
      if (tagFilter && !tags.every((tag) => carries(first, count, tag))) continue;
      const locale = localeOf[n]!;
      const pageType = pageTypeOf[n]!;
      if (pageTypeOk[pageType]) localeCounts[locale]!++;
      if (!localeOk[locale]) continue;
      pageTypeCounts[pageType]!++;
      if (!pageTypeOk[pageType]) continue;
      passed.push(n);
      for (let t = first; t < first + count; t++) tagCounts[tagSlots[t]!]!++;
    }
    if (!facets) return { matches: passed, facets: { pageTypes: [], locales: [], tags: [] } };
    const counted = (counts: Int32Array, names: string[], labels?: string[]): FacetCount[] => {
      const list: FacetCount[] = [];
      counts.forEach((count, code) => {
        if (count > 0) list.push({ value: names[code]!, count, ...(labels ? { label: labels[code]! } : {}) });
      });
      return list.sort((a, b) => b.count - a.count || compare(a.label ?? '', b.label ?? '') || compare(a.value, b.value));
    };
    return {
      matches: passed,
      facets: {
        pageTypes: counted(pageTypeCounts, this.pageTypes.names),
        locales: counted(localeCounts, this.locales.names),
        tags: counted(tagCounts, this.tags.names, this.tagNames),
      },
    };
  }

  /** Up to `count` of `ns`, the newest (date descending, then id descending), newest first. */
  newest(ns: readonly number[], count: number, without?: readonly number[]): number[] {
    const { byDate, place } = this.ordered();
    const marked = new Uint8Array(byDate.length);
    for (let i = 0; i < ns.length; i++) marked[place[ns[i]!]!] = 1;
    if (without) for (let i = 0; i < without.length; i++) marked[place[without[i]!]!] = 0;
    const found: number[] = [];
    for (let r = 0; r < byDate.length && found.length < count; r++) if (marked[r]) found.push(byDate[r]!);
    return found;
  }

  private ordered(): { byDate: Int32Array; place: Int32Array } {
    if (!this.order) {
      const byDate = Int32Array.from(this.all());
      byDate.sort((a, b) => this.date[b]! - this.date[a]! || compare(this.ids[b]!, this.ids[a]!));
      const place = new Int32Array(this.present.length);
      byDate.forEach((n, r) => {
        place[n] = r;
      });
      this.order = { byDate, place };
    }
    return this.order;
  }

  private set(n: number, id: string, locale: string, pageType: string, date: string | null, tags: readonly number[]): void {
    if (n >= this.present.length) this.grow(n + 1);
    this.present[n] = 1;
    this.ids[n] = id;
    this.locale[n] = this.locales.code(locale);
    this.pageType[n] = this.pageTypes.code(pageType);
    this.date[n] = dateValue(date);
    this.tagCount[n] = 0;
    for (const tag of tags) this.addTag(n, tag);
    this.order = null;
  }

  private addTag(n: number, code: number): void {
    const count = this.tagCount[n]!;
    if (count >= this.stride) this.widen(count + 1);
    this.tagSlots[n * this.stride + count] = code;
    this.tagCount[n] = count + 1;
  }

  /** Lays the tag slots out again with room for `needed` tags a document. */
  private widen(needed: number): void {
    const stride = Math.max(needed, this.stride * 2);
    const slots = new Int32Array(this.present.length * stride);
    for (let n = 0; n < this.present.length; n++) {
      slots.set(this.tagSlots.subarray(n * this.stride, n * this.stride + this.tagCount[n]!), n * stride);
    }
    this.tagSlots = slots;
    this.stride = stride;
  }

  private grow(needed: number): void {
    const size = Math.max(needed, this.present.length * 2, 1024);
    const larger = <T extends Uint8Array | Uint16Array | Float64Array>(array: T, make: (size: number) => T): T => {
      const next = make(size);
      next.set(array);
      return next;
    };
    const slots = new Int32Array(size * this.stride);
    slots.set(this.tagSlots);
    this.tagSlots = slots;
    this.tagCount = larger(this.tagCount, (k) => new Uint8Array(k));
    this.present = larger(this.present, (k) => new Uint8Array(k));
    this.locale = larger(this.locale, (k) => new Uint16Array(k));
    this.pageType = larger(this.pageType, (k) => new Uint16Array(k));
    this.date = larger(this.date, (k) => new Float64Array(k));
  }
}

/** A match the facts do not know: they are older than the index (another connection wrote). */
export class StaleFacts extends Error {
  constructor(n: number) {
    super(`search facts have no document ${n}`);
  }
}

function dateValue(date: string | null): number {
  if (date === null) return -Infinity;
  const value = Date.parse(date);
  return Number.isNaN(value) ? -Infinity : value;
}

/** By code point, as SQLite's BINARY collation orders text. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
