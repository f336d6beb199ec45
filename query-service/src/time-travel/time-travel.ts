import type { AuditEntryDoc } from '@pagelog/contracts/audit/audit-log';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { PublishedDoc } from '@pagelog/contracts/pages/page-docs';
import { readModels, SETTINGS_DOC_ID, temporalCollections } from '@pagelog/contracts/read-models';
import type { FacetCount, SearchRequest, SearchResponse, SnippetPart } from '@pagelog/contracts/search/search';
import { DEFAULT_SEARCH_COUNT } from '@pagelog/contracts/search/search';
import type { AsOfSiteReadName, AsOfView, PlannedChangeView, TimeTravelMoment } from '@pagelog/contracts/time-travel/time-travel';
import type { SiteReads } from '@pagelog/contracts/site/site-reads';
import { NOT_FOUND_SLUG, publicPath } from '@pagelog/contracts/slugs';
import type { TimeTravelTokens } from '@pagelog/service-kit/http/time-travel-tokens';
import type { QueryDeps } from '../core/query-deps';
import { readScope } from '../core/read-scope';
import { siteReads } from '../pages/public-reads';
import { readSettings } from '../settings/routes';
import type { TagDoc } from '@pagelog/contracts/tags/tag-docs';
import { readModelsAsOf } from './as-of-store';
import { depsWithPlanned, releaseChanges, scheduledBy } from './future';
import type { ReleaseDoc } from '@pagelog/contracts/releases/release';

/** The projections whose read models a view of the past reads: every temporal collection's, and the audit log's clock. */
export const timeTravelProjections: string[] = [
  ...new Set(Object.values(readModels).flatMap((m) => (temporalCollections.has(m.collection) ? [m.projection] : []))),
  readModels.auditLog.projection,
];

const auditLog = readModels.auditLog.collection;
const auditId = (position: number) => String(position).padStart(15, '0');

/** When the event at a position happened, as the audit log's clock keeps it (non-decreasing); null for 0 or an event it has not taken in. */
async function timeOf(deps: QueryDeps, position: number): Promise<string | null> {
  if (position <= 0) return null;
  const entry = await deps.readModels.get<AuditEntryDoc>(auditLog, auditId(position));
  return entry?.at ?? null;
}

/**
 * The moment a date or a position names (decision 0005): a position as it is (refused past the
 * head of the log); a date as the last position whose event happened at or before it (the audit
 * log's clock, indexed by time); neither, the head. A date after the last event is the head: the
 * site as it is now.
 */
export async function resolveMoment(deps: QueryDeps, input: { at?: string | undefined; position?: string | number | undefined }): Promise<TimeTravelMoment> {
  const headPosition = await deps.eventStore.headPosition();
  // The clock is read from the audit log: it must have taken in the head (read-your-writes style).
  await deps.readModels.waitForCheckpoints(timeTravelProjections, headPosition, deps.consistencyTimeoutMs);
  let position = headPosition;
  const now = (deps.clock ?? Date.now)();
  if (input.position !== undefined && input.position !== '') {
    position = Number(input.position);
    if (!Number.isSafeInteger(position) || position < 0 || position > headPosition) throw ValidationError.of('V_12', 'position', 'timeTravel');
  } else if (input.at) {
    // A date and time without an offset is read as UTC (the admin sends one with its offset).
    const time = Date.parse(/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(input.at) ? `${input.at}Z` : input.at);
    if (Number.isNaN(time)) throw ValidationError.of('V_12', 'at', 'timeTravel');
    const iso = new Date(time).toISOString();
    if (time > now) {
      // Later than now: the site as it will be, the present with what is planned by then (the schedules' and releases' projections at the head too).
      await deps.readModels.waitForCheckpoints([readModels.pageSchedules.projection, readModels.releases.projection, readModels.pages.projection, readModels.menus.projection], headPosition, deps.consistencyTimeoutMs);
      const [headAt, planned] = await Promise.all([timeOf(deps, headPosition), plannedBy(deps, iso)]);
      return { position: headPosition, at: headAt, headPosition, headAt, future: { at: iso, changes: planned.applied } };
    }
    const [last] = await deps.readModels.find<AuditEntryDoc>(auditLog, { range: { at: { lte: iso } }, orderBy: { field: 'at', direction: 'desc' }, limit: 1 });
    // Several events may share a time: the last of them (ids sort as positions, and ties are read by id, descending).
    position = last?.position ?? 0;
  }
  const [at, headAt] = await Promise.all([timeOf(deps, position), timeOf(deps, headPosition)]);
  return { position, at, headPosition, headAt };
}

/** Text of a page for the search of a past moment: its title, description and the words of its blocks (tags dropped). */
function textOf(doc: PublishedDoc): string {
  const words: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      // Ids, hashes, keys and addresses are not what a visitor searches.
      if (!/^(id|key|hash|fileID|type|url|href|src|__.*)$/i.test(key)) words.push(value.replace(/<[^>]*>/g, ' '));
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, key);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, k);
    }
  };
  walk(doc.pageVersion.seoDescription ?? '', 'text');
  walk(doc.pageVersion.blocks, 'blocks');
  return words.join(' ').replace(/\s+/g, ' ').trim();
}

function snippetOf(text: string, terms: string[]): SnippetPart[] {
  const lower = text.toLowerCase();
  const first = Math.min(...terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0), Number.MAX_SAFE_INTEGER);
  const start = first === Number.MAX_SAFE_INTEGER ? 0 : Math.max(0, first - 60);
  const window = text.slice(start, start + 200);
  const parts: SnippetPart[] = [];
  const pattern = new RegExp(`(${terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  let last = 0;
  for (const match of window.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: window.slice(last, match.index), highlight: false });
    parts.push({ text: match[0], highlight: true });
    last = match.index + match[0].length;
  }
  if (last < window.length) parts.push({ text: window.slice(last), highlight: false });
  return start > 0 ? [{ text: '… ', highlight: false }, ...parts] : parts;
}

/**
 * The site search as of a moment: the pages published then whose title or text hold every word
 * of the term (or, without words, carry the asked tags), the title's matches first. The search
 * index keeps only the present, so a view of the past reads the pages it had (a few thousand at
 * most) and matches them here: plainer than the index's ranking and stemming, but it finds what
 * the site held then and nothing it did not.
 */
export async function searchAsOf(deps: QueryDeps, request: SearchRequest): Promise<SearchResponse> {
  const terms = request.term.toLowerCase().split(/\s+/).filter((t) => t !== '');
  const tags = request.tags ?? [];
  if (terms.length === 0 && tags.length === 0) return { total: 0, results: [], facets: { pageTypes: [], locales: [], tags: [] } };
  // Only public tags filter, as in the index's public target: a private tag's id finds nothing.
  const publicTags = tags.length === 0 ? new Map<string, TagDoc>() : await deps.readModels.getMany<TagDoc>(readModels.tags.collection, tags);
  if (tags.some((t) => publicTags.get(t)?.visibility !== 'public')) return { total: 0, results: [], facets: { pageTypes: [], locales: [], tags: [] } };
  const [settings, docs] = await Promise.all([readSettings(deps), deps.readModels.find<PublishedDoc>(readModels.publicPages.collection, { orderBy: { field: 'listDate', direction: 'desc' } })]);
  const matches: { doc: PublishedDoc; text: string; score: number }[] = [];
  for (const doc of docs) {
    if (doc.slug === NOT_FOUND_SLUG) continue;
    if (tags.some((t) => !(doc.tags ?? []).includes(t))) continue;
    const title = doc.pageVersion.title.toLowerCase();
    const text = textOf(doc);
    const all = `${title} ${text.toLowerCase()}`;
    if (!terms.every((t) => all.includes(t))) continue;
    matches.push({ doc, text, score: terms.filter((t) => title.includes(t)).length * 2 + 1 });
  }
  const facet = (values: string[]): FacetCount[] => {
    const counts = new Map<string, number>();
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  };
  const facets = { pageTypes: facet(matches.map((m) => m.doc.type)), locales: facet(matches.map((m) => m.doc.locale)), tags: [] as FacetCount[] };
  const filtered = matches.filter((m) => (request.locales ?? []).length === 0 || request.locales!.includes(m.doc.locale)).filter((m) => (request.pageTypes ?? []).length === 0 || request.pageTypes!.includes(m.doc.type));
  filtered.sort((a, b) => b.score - a.score);
  const offset = request.offset ?? 0;
  const page = filtered.slice(offset, offset + (request.count ?? DEFAULT_SEARCH_COUNT));
  return {
    total: filtered.length,
    results: page.map(({ doc, text, score }) => ({
      id: doc.id,
      locale: doc.locale,
      pageType: doc.type,
      title: doc.pageVersion.title,
      path: publicPath(doc.locale, doc.slug, settings.defaultLocale),
      snippet: snippetOf(text, terms),
      date: doc.listDate ?? null,
      tags: [],
      score,
    })),
    facets,
  };
}

/** What is planned by a moment (ISO): the pages' schedules, in the order they happen, laid over the present. */
export async function plannedBy(deps: QueryDeps, until: string): Promise<{ deps: QueryDeps; applied: PlannedChangeView[] }> {
  return depsWithPlanned(deps, await scheduledBy(deps, until));
}

/** Whether the site existed at a position: its settings were there (before them, nothing can be shown). */
export async function siteExistedAt(deps: QueryDeps, position: number): Promise<boolean> {
  return (await deps.readModels.getAt(readModels.settings.collection, SETTINGS_DOC_ID, position)) !== null;
}

/** The public site's reads over other read models (the past's, or the present with planned changes): the same functions, and the plain search. */
function siteReadsOver(view: QueryDeps): SiteReads {
  const reads = siteReads(view, { perRender: false });
  return { ...reads, search: (request) => searchAsOf(view, request) };
}

/** The public site's reads as of a position: the same functions, over the read models as they were then. */
export function siteReadsAt(deps: QueryDeps, position: number): SiteReads {
  return siteReadsOver({ ...deps, readModels: readScope(readModelsAsOf(deps.readModels, position)) });
}

/**
 * What a time-travel token opens: the moment and the site's reads as of it, once the projections
 * have taken that moment in; null for a token this server did not sign, or one that expired.
 */
export async function openMoment(deps: QueryDeps & { timeTravel: TimeTravelTokens }, token: string, options: { withTime?: boolean } = {}): Promise<{ view: AsOfView; reads: SiteReads } | null> {
  const opened = deps.timeTravel.open(token);
  if (!opened) return null;
  const expiresAt = new Date(opened.expiresAt).toISOString();
  if (opened.kind === 'past') {
    await deps.readModels.waitForCheckpoints(timeTravelProjections, opened.position, deps.consistencyTimeoutMs);
    const view: AsOfView = { kind: 'past', position: opened.position, at: options.withTime === false ? null : await timeOf(deps, opened.position), expiresAt };
    return { view, reads: siteReadsAt(deps, opened.position) };
  }
  // The site as it will be, or with a release published: the present (once the projections have
  // it) with what is planned by then, or the release's pages, laid over it.
  const position = await deps.eventStore.headPosition();
  await deps.readModels.waitForCheckpoints([...timeTravelProjections, readModels.pageSchedules.projection, readModels.releases.projection, readModels.pages.projection, readModels.menus.projection], position, deps.consistencyTimeoutMs);
  if (opened.kind === 'release') {
    const release = await deps.readModels.get<ReleaseDoc>(readModels.releases.collection, opened.releaseId);
    // Deleted, or no longer to come (published or rolled back: the site itself, or time travel to then, shows it).
    if (!release || (release.status !== 'open' && release.status !== 'scheduled')) return null;
    const changes = await releaseChanges(deps, release, new Date((deps.clock ?? Date.now)()).toISOString());
    const previewed = await depsWithPlanned(deps, changes);
    // Nothing to lay over: it would be refused (or holds nothing), so the banner says the site is shown without it.
    const view: AsOfView = { kind: 'release', position, at: null, releaseName: release.name, ...(changes.length === 0 ? { releaseNotReady: true } : {}), expiresAt };
    return { view, reads: siteReadsOver({ ...previewed.deps, readModels: readScope(previewed.deps.readModels) }) };
  }
  const at = new Date(opened.at).toISOString();
  const planned = await plannedBy(deps, at);
  return { view: { kind: 'future', position, at, expiresAt }, reads: siteReadsOver({ ...planned.deps, readModels: readScope(planned.deps.readModels) }) };
}

/** One of the site's reads as of a token's moment, by name (the distributed site's POST /time-travel/site-read). */
export async function asOfSiteRead(reads: SiteReads, read: AsOfSiteReadName, args: unknown[]): Promise<unknown> {
  const fn = reads[read] as ((...a: unknown[]) => Promise<unknown>) | undefined;
  if (!fn) return null;
  return fn(...args);
}
