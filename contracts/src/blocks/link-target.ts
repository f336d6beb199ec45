/**
 * The one link rule of the product: what a link prop, an href in rich text and a link the link
 * index counts may hold. A page of this site by its id (`page:<id>`, `page:<id>#team`), a path on
 * this site (`/over-ons`, `/en-gb/about#team`), an in-page anchor, or an http(s), mailto or tel
 * URL. Never `//host` or `/\host` (browsers read both as another site, and read `\` as `/` in
 * http(s) URLs), nor javascript:, data: and the like.
 *
 * A link by page id is what the admin stores when an editor picks a page: like a menu item, it
 * names the page, not its address, so it stays right when the page moves, and nothing has to be
 * rewritten. It is a string like every other link, so link props keep their stored shape. It is
 * never an address a browser can follow: the public site resolves it to the page's path as it
 * renders (a page that is not live leaves the text without a link), and everything that renders
 * links without resolving them refuses it (see site-web's safe-href.ts).
 *
 * Browsers strip leading and trailing control characters and spaces and drop tabs and newlines
 * anywhere in a URL, so `java\tscript:` runs and `/\n/host` leaves the site. The rule does not
 * try to read such values the way a browser does: a control character inside a value, or a
 * backslash before its query, refuses it. Character references (`&#47;`) are the HTML parser's
 * business: values arrive here decoded (see html-attributes.ts).
 *
 * Kept apart from the block schemas and without imports, so the public site's browser bundle
 * can use it without yup.
 */

/** A value the rule accepts, read into the parts the link index and the public site need. */
export type LinkTarget =
  | {
      kind: 'page';
      href: string;
      /** The id of the page linked to. */
      pageId: string;
      /** `#anchor` on that page, or ''. */
      suffix: string;
    }
  | {
      kind: 'path';
      /** The value as it is kept and rendered: without surrounding white space. */
      href: string;
      /** The path, up to the query or fragment (`/en-gb/about`). */
      path: string;
      /** The query and fragment (`?x=1#team`), or ''. */
      suffix: string;
    }
  | {
      kind: 'web';
      href: string;
      /** Scheme and authority, lower-cased (`https://www.voorbeeld.nl`). */
      origin: string;
      /** The path on that origin, `/` when the URL has none. */
      path: string;
      suffix: string;
    }
  | { kind: 'anchor' | 'mailto' | 'tel'; href: string };

const edges = /^[\s\u0000-\u001f\u007f]+|[\s\u0000-\u001f\u007f]+$/g;
/** C0 and C1 controls, tab, newline and carriage return among them. */
const controls = /[\u0000-\u001f\u007f-\u009f]/;
const anchor = /^#[A-Za-z][A-Za-z0-9_-]*$/;
const sitePath = /^\/(?!\/)[^\s]*$/;
/** An authority that starts like a host (not `/`, `$`, `.`, `?` or `#`), then the rest. */
const webUrl = /^(https?:\/\/[^\s/$.?#][^\s/?#]*)([^\s]*)$/i;
/** `page:` and an id (letters, digits, `-`, `_`; ids are at most 64 characters), then perhaps an anchor. */
const pageLinkPattern = /^page:([A-Za-z0-9_-]{1,64})(#[A-Za-z][A-Za-z0-9_-]*)?$/;
const mailto = /^mailto:[^\s@]+@[^\s@]+$/i;
const tel = /^tel:\+?[0-9 ()-]{3,}$/i;

function splitSuffix(link: string): { head: string; suffix: string } {
  const cut = link.search(/[?#]/);
  return cut === -1 ? { head: link, suffix: '' } : { head: link.slice(0, cut), suffix: link.slice(cut) };
}

/** The value read as a link target, or null when the rule refuses it. */
export function readLinkTarget(value: string): LinkTarget | null {
  const href = value.replace(edges, '');
  if (href === '' || controls.test(href)) return null;
  const { head, suffix } = splitSuffix(href);
  // `/\host`, `\\host`, `https:\\host`: a browser reads each backslash as a slash.
  if (head.includes('\\')) return null;
  const page = pageLinkPattern.exec(href);
  if (page) return { kind: 'page', href, pageId: page[1]!, suffix: page[2] ?? '' };
  if (href.startsWith('#')) return anchor.test(href) ? { kind: 'anchor', href } : null;
  if (href.startsWith('/')) return sitePath.test(href) ? { kind: 'path', href, path: head, suffix } : null;
  const web = webUrl.exec(head);
  if (web && !/\s/.test(suffix)) return { kind: 'web', href, origin: web[1]!.toLowerCase(), path: web[2] || '/', suffix };
  if (mailto.test(href)) return { kind: 'mailto', href };
  if (tel.test(href)) return { kind: 'tel', href };
  return null;
}

export function isLinkTarget(value: string): boolean {
  return readLinkTarget(value) !== null;
}

/** What a link prop stores for a page picked in the admin: `page:<id>`, with `#anchor` when one is given. */
export function pageLink(pageId: string, anchor = ''): string {
  return `page:${pageId}${anchor === '' ? '' : `#${anchor.replace(/^#/, '')}`}`;
}

/** What an image may be loaded from: a link target that is a path on this site or an http(s) URL. */
export function isImageSource(value: string): boolean {
  const target = readLinkTarget(value);
  return target?.kind === 'path' || target?.kind === 'web';
}
