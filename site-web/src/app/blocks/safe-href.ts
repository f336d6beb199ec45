import { readLinkTarget } from '@pagelog/contracts/blocks/link-target';

/**
 * A link target as it may be rendered, by the one link rule (contracts' link-target.ts): a path
 * on this site, an in-page anchor, or an http(s), mailto or tel URL, without surrounding white
 * space; null for anything else (javascript:, data:, `//host`, `/\host`). A link by page id
 * (`page:<id>`) is null too: the server resolves those to the page's path before rendering
 * (prepare-page.ts), and one that is left is a page that is not live, to show without a link. The
 * server already dropped link props the rule refuses; the components check again, since they
 * render whatever props reach them.
 */
export function safeHref(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const target = readLinkTarget(value);
  return target === null || target.kind === 'page' ? null : target.href;
}
