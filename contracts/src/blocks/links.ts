import type { Block } from './block';
import { htmlAttributes } from './html-attributes';
import { readLinkTarget } from './link-target';

/**
 * Internal links in block props: a prop that is a link by itself (a call to action's URL) or an
 * href inside HTML (rich text). A link is internal when the link rule accepts it (link-target.ts)
 * and it is a path on this site (`/over-ons`, `/en-gb/about#team`) or a full URL on one of the
 * site's own origins. Paths are compared without query, fragment, trailing slash or case; a
 * percent-encoded character is an ordinary character of the path (`/%5Chost` is a path here, as
 * it is to a browser).
 */

function normalisePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}

/** Stands for every http(s) origin in `origins` (the link index uses it to find candidates). */
export const ANY_ORIGIN = '*';

/** The site path a link points to, or null when it leads elsewhere (another site, mailto:, #anchor) or the link rule refuses it. */
export function internalPath(link: string, origins: readonly string[] = []): string | null {
  const target = readLinkTarget(link);
  if (target?.kind === 'path') return normalisePath(target.path);
  if (target?.kind !== 'web') return null;
  if (origins.includes(ANY_ORIGIN)) return normalisePath(target.path);
  const href = target.href.toLowerCase();
  for (const origin of origins) {
    const base = origin.replace(/\/+$/, '').toLowerCase();
    if (base === '' || !href.startsWith(base)) continue;
    const rest = target.href.slice(base.length);
    if (rest === '' || /^[/?#]/.test(rest)) return normalisePath(rest.replace(/[?#].*$/s, ''));
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

/** The hrefs in a text that holds markup (rich text); none in plain text. */
function hrefsOf(text: string) {
  return text.includes('<') ? htmlAttributes(text).filter((a) => a.name === 'href') : [];
}

function linksOfText(text: string, origins: readonly string[]): string[] {
  const found: string[] = [];
  const whole = internalPath(text, origins);
  if (whole !== null) found.push(whole);
  for (const href of hrefsOf(text)) {
    const path = internalPath(href.value, origins);
    if (path !== null) found.push(path);
  }
  return found;
}

/** An attribute value written back in double quotes, with what would end or change it escaped. */
function quoted(value: string): string {
  return `"${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
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
  /** The link pointed at `toPath`, or null when it does not lead to `fromPath`. */
  const rewrite = (link: string): string | null => {
    if (internalPath(link, origins) !== from) return null;
    const target = readLinkTarget(link);
    changed = true;
    return toPath + (target?.kind === 'path' || target?.kind === 'web' ? target.suffix : '');
  };
  const result = blocks.map((block) => ({
    ...block,
    props: mapStrings(block.props, (text) => {
      const whole = rewrite(text);
      if (whole !== null) return whole;
      // Replaced from the end, so the offsets of the hrefs before stay right.
      let next = text;
      for (const href of hrefsOf(text).reverse()) {
        const link = rewrite(href.value);
        if (link !== null) next = next.slice(0, href.start) + quoted(link) + next.slice(href.end);
      }
      return next;
    }) as Record<string, unknown>,
  }));
  return { blocks: changed ? result : [...blocks], changed };
}
