import type { Block } from './block';
import { blockType } from './block-types';
import { htmlAttributes } from './html-attributes';
import { readLinkTarget } from './link-target';
import { singleLinkWidgets } from './block-definition';
import { propWidgets } from './prop-widgets';

/**
 * Internal links in block props: a prop the block type declares as one address (widget `link`,
 * `image` or `file`: a call to action's URL, an image's source) or an href inside a prop it declares as HTML (widget `html`:
 * rich text). Other props are never read as links, whatever they hold. A link is internal when the link rule accepts it (link-target.ts)
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

/**
 * The block's props with each prop declared as a link or as HTML passed through `map`, which is
 * told which of the two it is; other props and unknown block types are left as they are.
 */
function mapLinkProps(block: Block, map: (text: string, widget: 'link' | 'html') => string): Record<string, unknown> {
  const definition = blockType(block.type);
  if (!definition || block.props === null || typeof block.props !== 'object') return block.props;
  let props = block.props;
  for (const [name, widget] of propWidgets(definition)) {
    const value = props[name];
    const kind = widget === 'html' ? 'html' : singleLinkWidgets.includes(widget) ? 'link' : null;
    if (kind === null || typeof value !== 'string') continue;
    const next = map(value, kind);
    if (next !== value) props = { ...props, [name]: next };
  }
  return props;
}

/** The hrefs in markup (rich text). */
function hrefsOf(html: string) {
  return html.includes('<') ? htmlAttributes(html).filter((a) => a.name === 'href') : [];
}

/** The links a prop holds: itself for a link prop, its hrefs for an HTML prop. */
function linksOf(text: string, widget: 'link' | 'html'): string[] {
  return widget === 'link' ? [text] : hrefsOf(text).map((href) => href.value);
}

/** An attribute value written back in double quotes, with what would end or change it escaped. */
function quoted(value: string): string {
  return `"${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
}

/** The internal paths the blocks link to, each once. */
export function internalLinks(blocks: readonly Block[], origins: readonly string[] = []): string[] {
  const found = new Set<string>();
  for (const block of blocks) {
    mapLinkProps(block, (text, widget) => {
      for (const link of linksOf(text, widget)) {
        const path = internalPath(link, origins);
        if (path !== null) found.add(path);
      }
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
    props: mapLinkProps(block, (text, widget) => {
      if (widget === 'link') return rewrite(text) ?? text;
      // Replaced from the end, so the offsets of the hrefs before stay right.
      let next = text;
      for (const href of hrefsOf(text).reverse()) {
        const link = rewrite(href.value);
        if (link !== null) next = next.slice(0, href.start) + quoted(link) + next.slice(href.end);
      }
      return next;
    }),
  }));
  return { blocks: changed ? result : [...blocks], changed };
}
