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
 * and it is a page by id (`page:<id>`), a path on this site (`/over-ons`, `/en-gb/about#team`) or
 * a full URL on one of the site's own origins. Paths are compared without query, fragment,
 * trailing slash or case; a percent-encoded character is an ordinary character of the path
 * (`/%5Chost` is a path here, as it is to a browser).
 */

function normalisePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}

/**
 * What the link index keeps a link by page id under, beside the paths: `page:<id>`, which no path
 * can be (paths start with `/`). Such a link needs no rewriting when its page moves.
 */
export function pageLinkKey(pageId: string): string {
  return `page:${pageId}`;
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

/**
 * The internal paths the blocks link to, and the pages they link to by id (as `pageLinkKey`),
 * each once: what the link index keeps of a page.
 */
export function internalLinks(blocks: readonly Block[], origins: readonly string[] = []): string[] {
  const found = new Set<string>();
  for (const block of blocks) {
    mapLinkProps(block, (text, widget) => {
      for (const link of linksOf(text, widget)) {
        const target = readLinkTarget(link);
        const key = target?.kind === 'page' ? pageLinkKey(target.pageId) : internalPath(link, origins);
        if (key !== null) found.add(key);
      }
      return text;
    });
  }
  return [...found];
}

/** One link a block holds, where it stands. */
export interface BlockLink {
  /** The block's place in the list. */
  index: number;
  /** Where the link stands, as the command side names properties: `blocks[3].props.url`. */
  property: string;
  /** What the prop is declared as: one link (a `link` prop) or rich text (`html`). */
  widget: 'link' | 'html';
  /** The link as written. */
  link: string;
}

/**
 * The links the blocks lead visitors to, in order: every `link` prop and every href of their
 * rich text (the addresses of images and files are not links to pages, and are left out).
 */
export function blockLinks(blocks: readonly Block[]): BlockLink[] {
  const found: BlockLink[] = [];
  blocks.forEach((block, index) => {
    const definition = blockType(block.type);
    if (!definition || block.props === null || typeof block.props !== 'object') return;
    for (const [name, widget] of propWidgets(definition)) {
      const value = block.props[name];
      if (typeof value !== 'string' || (widget !== 'link' && widget !== 'html')) continue;
      const property = `blocks[${index}].props.${name}`;
      for (const link of linksOf(value, widget)) found.push({ index, property, widget, link });
    }
  });
  return found;
}

/** The ids of the pages a block links to by id, each once. */
export function linkedPageIds(block: Block): string[] {
  const found = new Set<string>();
  mapLinkProps(block, (text, widget) => {
    for (const link of linksOf(text, widget)) {
      const target = readLinkTarget(link);
      if (target?.kind === 'page') found.add(target.pageId);
    }
    return text;
  });
  return [...found];
}

/**
 * The block with every link by page id pointed at where `pathOf` says its page is now, the anchor
 * kept. A page `pathOf` does not know (not live) leaves a link prop empty, so a component leaves its
 * link (a call to action's button) out; an href in rich text keeps its `page:` value, which the
 * public site's sanitiser drops, so the text stays without a link. Never a broken address.
 */
export function resolvePageLinks(block: Block, pathOf: (pageId: string) => string | null): Block {
  const resolve = (link: string): string | null => {
    const target = readLinkTarget(link);
    if (target?.kind !== 'page') return null;
    const path = pathOf(target.pageId);
    return path === null ? '' : path + target.suffix;
  };
  const props = mapLinkProps(block, (text, widget) => {
    if (widget === 'link') return resolve(text) ?? text;
    let next = text;
    for (const href of hrefsOf(text).reverse()) {
      const link = resolve(href.value);
      if (link !== null && link !== '') next = next.slice(0, href.start) + quoted(link) + next.slice(href.end);
    }
    return next;
  });
  return props === block.props ? block : { ...block, props };
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
