import type { Block } from '@pagelog/contracts/blocks/block';
import { readLinkTarget } from '@pagelog/contracts/blocks/link-target';
import { blockLinks, type BlockLink } from '@pagelog/contracts/blocks/links';
import { API_BASE } from '@pagelog/contracts/endpoints';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { errorItem, messageFor } from '@pagelog/contracts/error-catalogue';
import type { Locale } from '@pagelog/contracts/locales';
import { isValidSlug, parsePublicPath, publicPath } from '@pagelog/contracts/slugs';
import type { LinkedPage, PagesDeps } from './pages-deps';
import { readSettings } from './settings';

const model = 'pageVersion';

/** Paths on the site that are no page's: the API (library files among them) and the admin. */
const notPages = [`${API_BASE}/`, '/cmsadmin'];

/** A link as the warnings find it: where it stands, and the page it means (by id, or by locale and slug). */
type PageRef = { property: string; link: string } & ({ kind: 'id'; pageId: string } | { kind: 'slug'; locale: string; slug: string });

/** The catalogue's message, followed by what it is about: "…not published: "Over ons" (/over-ons)." */
function withDetail(code: 'PM_02' | 'PM_03', property: string, detail: string): ErrorItem {
  return { ...errorItem(code, property, model), message: `${messageFor(code).replace(/\.$/, '')}: ${detail}.` };
}

/**
 * What a version's links say about the pages they point at, for the answer of a store or a
 * publication: a warning for each link (a `link` prop, an href in rich text) to a page of this
 * site, by id or by path, that the site does not show (PM_02, naming the page) or that does not
 * exist (PM_03, naming the link). The command is carried out either way: a page may go live
 * later, and an editor may link to it ahead of that. Links to the page itself are left out (it
 * is shown whenever the link is), and so are paths that cannot be a page's (an API file, the admin).
 *
 * Read from the read models, as of `seenUpTo` (the position the caller has seen, so a page it
 * just published counts as live). They answer advice, not a decision: when they cannot be read,
 * the answer goes without warnings rather than failing a command that was carried out.
 */
export async function linkWarnings(deps: PagesDeps, blocks: readonly Block[], { pageId, seenUpTo }: { pageId: string; seenUpTo?: number }): Promise<ErrorItem[]> {
  const links = blockLinks(blocks);
  if (links.length === 0) return [];
  try {
    const defaultLocale = (await readSettings(deps.store))?.defaultLocale;
    if (!defaultLocale) return [];
    const refs = pageRefs(links, defaultLocale);
    const byId = await deps.lookups.linkedPages(
      refs.flatMap((ref) => (ref.kind === 'id' ? [ref.pageId] : [])),
      seenUpTo,
    );
    const bySlug = new Map<string, LinkedPage | null>();
    for (const ref of refs) {
      if (ref.kind !== 'slug') continue;
      const key = `${ref.locale}:${ref.slug}`;
      if (!bySlug.has(key)) bySlug.set(key, await deps.lookups.pageAtSlug(ref.locale, ref.slug, seenUpTo));
    }
    return refs.flatMap((ref) => {
      const page = ref.kind === 'id' ? (byId.get(ref.pageId) ?? null) : (bySlug.get(`${ref.locale}:${ref.slug}`) ?? null);
      if (page === null) return [withDetail('PM_03', ref.property, ref.link)];
      if (page.live || page.pageID === pageId) return [];
      return [withDetail('PM_02', ref.property, `"${page.title}" (${publicPath(page.locale, page.slug, defaultLocale)})`)];
    });
  } catch (err) {
    deps.logger.warn({ err, pageId }, 'the links of a page could not be checked; answered without warnings');
    return [];
  }
}

/** The links that name a page of this site: by id, or by a path that can be a page's. */
function pageRefs(links: readonly BlockLink[], defaultLocale: Locale): PageRef[] {
  return links.flatMap(({ property, link }): PageRef[] => {
    const target = readLinkTarget(link);
    if (target?.kind === 'page') return [{ property, link: target.href, kind: 'id', pageId: target.pageId }];
    if (target?.kind !== 'path' || notPages.some((prefix) => target.path.toLowerCase().startsWith(prefix))) return [];
    const { locale, slug } = parsePublicPath(target.path, defaultLocale);
    // A path no slug can match (a file such as /brochure.pdf) is not a page's address.
    return isValidSlug(slug) ? [{ property, link: target.href, kind: 'slug', locale, slug }] : [];
  });
}
