const base = 'https://site.invalid/';

/**
 * A link target as it may be rendered: a path on this site, an in-page anchor, or an http(s),
 * mailto or tel URL; null for anything else (javascript:, data:, `//host`, `/\host`). The server
 * already dropped whatever contracts' `isLinkTarget` refuses (prepare-page.ts); this check reads
 * the value the way a browser resolves it, which that pattern does not do, and stays in the
 * browser bundle without the block schemas.
 */
export function safeHref(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const href = value.trim();
  if (href === '') return null;
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (href.startsWith('#')) return href;
  // A browser reads `//host` and `/\host` as another site.
  if (href.startsWith('/')) return url.href.startsWith(base) ? href : null;
  return ['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol) && /^[a-z]+:/i.test(href) ? href : null;
}
