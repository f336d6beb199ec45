import type { Block } from './block';

/**
 * Internal links in block props: a prop that is a link by itself (a call to action's URL) or an
 * href inside HTML (rich text). A link is internal when it is a path on this site (`/over-ons`,
 * `/en-gb/about#team`) or a full URL on one of the site's own origins. Paths are compared without
 * query, fragment, trailing slash or case.
 */

const hrefAttribute = /(\bhref\s*=\s*)(["'])(.*?)\2/gi;

function splitSuffix(link: string): { path: string; suffix: string } {
  const cut = link.search(/[?#]/);
  return cut === -1 ? { path: link, suffix: '' } : { path: link.slice(0, cut), suffix: link.slice(cut) };
}

function normalisePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}

/** Stands for every http(s) origin in `origins` (the link index uses it to find candidates). */
export const ANY_ORIGIN = '*';

/** The site path a link points to, or null when it leads elsewhere (another site, mailto:, #anchor). */
export function internalPath(link: string, origins: readonly string[] = []): string | null {
  const value = link.trim();
  if (value.startsWith('/') && !value.startsWith('//')) return normalisePath(splitSuffix(value).path);
  if (origins.includes(ANY_ORIGIN)) {
    const m = /^https?:\/\/[^/?#\s]+(\/[^\s]*)?$/i.exec(value);
    if (m) return normalisePath(splitSuffix(m[1] ?? '/').path);
  }
  for (const origin of origins) {
    const base = origin.replace(/\/+$/, '');
    if (base !== '' && value.toLowerCase().startsWith(`${base.toLowerCase()}/`)) return normalisePath(splitSuffix(value.slice(base.length)).path);
    if (base !== '' && value.toLowerCase() === base.toLowerCase()) return '/';
  }
  return null;
}

/** Every string in a props tree, with a way to replace it. */
function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, map));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, map)]));
  }
  return value;
}

function linksOfText(text: string, origins: readonly string[]): string[] {
  const found: string[] = [];
  const whole = internalPath(text, origins);
  if (whole !== null && !/\s/.test(text.trim())) found.push(whole);
  for (const m of text.matchAll(hrefAttribute)) {
    const path = internalPath(m[3] ?? '', origins);
    if (path !== null) found.push(path);
  }
  return found;
}

/** The internal paths the blocks link to, each once. */
export function internalLinks(blocks: readonly Block[], origins: readonly string[] = []): string[] {
  const found = new Set<string>();
  for (const block of blocks) {
    mapStrings(block.props, (text) => {
      for (const path of linksOfText(text, origins)) found.add(path);
      return text;
    });
  }
  return [...found];
}

/**
 * The blocks with every internal link to `fromPath` pointing at `toPath` instead (query and
 * fragment kept); `changed` tells whether any link moved.
 */
export function rewriteLinks(blocks: readonly Block[], fromPath: string, toPath: string, origins: readonly string[] = []): { blocks: Block[]; changed: boolean } {
  const from = normalisePath(fromPath);
  let changed = false;
  const rewrite = (link: string): string => {
    if (internalPath(link, origins) !== from) return link;
    changed = true;
    return toPath + splitSuffix(link.trim()).suffix;
  };
  const result = blocks.map((block) => ({
    ...block,
    props: mapStrings(block.props, (text) => {
      const whole = internalPath(text, origins);
      if (whole !== null && !/\s/.test(text.trim())) return rewrite(text);
      return text.replace(hrefAttribute, (all, prefix: string, quote: string, href: string) => {
        const next = rewrite(href);
        return next === href ? all : `${prefix}${quote}${next}${quote}`;
      });
    }) as Record<string, unknown>,
  }));
  return { blocks: changed ? result : [...blocks], changed };
}
