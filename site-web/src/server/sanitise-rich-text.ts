import { LRUCache } from 'lru-cache';
import sanitizeHtml from 'sanitize-html';
import { isImageSource, readLinkTarget } from '@pagelog/contracts/blocks/link-target';

const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/** The attributes with `name` as `check` answers it (in its place), or without it when `check` answers null. */
function withChecked(attribs: sanitizeHtml.Attributes, name: string, check: (value: string) => string | null): sanitizeHtml.Attributes {
  const value = attribs[name];
  if (value === undefined) return attribs;
  const checked = check(value);
  if (checked !== null) return { ...attribs, [name]: checked };
  const { [name]: _dropped, ...rest } = attribs;
  return rest;
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'abbr', 'cite', 'q',
    'code', 'pre', 'blockquote', ...headings, 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    abbr: ['title'],
    ol: ['start', 'reversed', 'type'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  // The link rule below decides; these stay as a second fence.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      // The one link rule (contracts' link-target.ts), as the command side applies it to new
      // rich text: rich text stored before it keeps its text, without the link. A link by page id
      // still here is one to a page that is not live (prepare-page.ts resolved the others): its
      // text stays, without the link.
      const kept = withChecked(attribs, 'href', (href) => {
        const target = readLinkTarget(href);
        return target === null || target.kind === 'page' ? null : target.href;
      });
      // A link that opens a new tab must not hand the opener to the other site.
      return { tagName, attribs: kept.target === '_blank' ? { ...kept, rel: 'noopener noreferrer' } : kept };
    },
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...withChecked(attribs, 'src', (src) => (isImageSource(src) ? readLinkTarget(src)!.href : null)), loading: 'lazy' },
    }),
  },
  // An image whose source was refused would be an empty box.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * Rich text as editors store it, reduced to ordinary formatting, links, lists, headings, tables
 * and images: scripts, styles and event handlers are removed, and so is every href the link rule
 * refuses (`//host`, `/\host`, javascript:) or that still names a page by id (one not live), and
 * every image source that is not a path on this site or an http(s) URL. Runs on the server only,
 * before the page enters the state, so the browser hydrates this same markup.
 */
export function sanitiseRichText(html: string): string {
  if (html.length > MAX_REMEMBERED_LENGTH) return sanitizeHtml(html, options);
  let clean = sanitised.get(html);
  if (clean === undefined) {
    clean = sanitizeHtml(html, options);
    sanitised.set(html, clean);
  }
  return clean;
}

/** Texts longer than this are sanitised each time (they would crowd the others out). */
const MAX_REMEMBERED_LENGTH = 64 * 1024;

/**
 * Sanitising is pure and the slowest step of a render, and a page published anew mostly keeps its
 * texts: each text is sanitised once and its result remembered (by its characters; 8 MB of them).
 */
const sanitised = new LRUCache<string, string>({ maxSize: 8 * 1024 * 1024, sizeCalculation: (clean, html) => html.length + clean.length + 64 });
