import { htmlAttributes } from './html-attributes';
import { isImageSource, isLinkTarget } from './link-target';

/** Attributes a browser follows as a link, and the ones it loads from. */
const linkAttributes: ReadonlySet<string> = new Set(['href', 'xlink:href']);
const sourceAttributes: ReadonlySet<string> = new Set(['src']);

/**
 * Whether rich text holds only links the link rule accepts (every href, on any element) and
 * images from this site or an http(s) URL (every src). The command side refuses other rich text
 * with V_13; the public site drops such attributes from rich text stored before the rule.
 */
export function richTextLinksValid(html: string): boolean {
  if (!html.includes('<')) return true;
  return htmlAttributes(html).every(({ name, value }) => {
    if (linkAttributes.has(name)) return isLinkTarget(value);
    if (sourceAttributes.has(name)) return isImageSource(value);
    return true;
  });
}
