import { readLinkTarget } from '@pagelog/contracts/blocks/link-target';

/**
 * A link target as it may be rendered, by the one link rule (contracts' link-target.ts): a path
 * on this site, an in-page anchor, or an http(s), mailto or tel URL, without surrounding white
 * space; null for anything else (javascript:, data:, `//host`, `/\host`). The server already
 * dropped link props the rule refuses (prepare-page.ts); the components check again, since they
 * render whatever props reach them.
 */
export function safeHref(value: unknown): string | null {
  return typeof value === 'string' ? (readLinkTarget(value)?.href ?? null) : null;
}
