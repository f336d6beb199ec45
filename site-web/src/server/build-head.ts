import { CLIENT_ASSETS_PREFIX } from './client-assets';
import type { BlockImage } from '@pagelog/contracts/blocks/block';
import { RENDITION_WIDTHS, pageFileGroup } from '@pagelog/contracts/media/media';
import { cropTag, pageFileUrl, renditionWidths } from '@pagelog/contracts/media/media-urls';
import { seoImageOf, type PublicPageView, type SiblingSlug } from '@pagelog/contracts/pages/page';
import type { PublicSettingsImage } from '@pagelog/contracts/settings/site-settings';
import { NOT_FOUND_SLUG, publicPath } from '@pagelog/contracts/slugs';
import { htmlLang } from '../app/html-lang';
import { siteTexts } from '../app/language/site-texts';
import { escapeHtml } from './escape-html';

export interface HeadInput {
  /** The page to describe; null when there is not even a 404 page. */
  page: PublicPageView | null;
  siteName: string;
  /** The site's public origin (and base path), e.g. `https://www.example.com`. */
  publicUrl: string;
  defaultLocale: string;
  /** The locale the document is in (the page's, or the path's when there is no page). */
  locale: string;
  /** The page's published translations, itself included; empty when unknown. */
  siblings: SiblingSlug[];
  /**
   * The path the visitor asked for (`/bestaat-niet`): a 404 answer's canonical address, as the
   * 404 page's own path (`/404`) is not what was asked. Without it a 404 has no canonical link.
   */
  path?: string;
  /** The settings' default SEO image: og:image of a page that has none of its own. */
  defaultSeoImage?: PublicSettingsImage | null;
  /**
   * A page of an overview's list, by public paths: its own (`/nieuws?page=2`, the canonical
   * address: each page of a list is a page of its own) and the previous and next ones (rel
   * prev/next), null at either end.
   */
  paging?: { current: string; prev: string | null; next: string | null };
  /**
   * The title of a document that is no page of its own (the search results page, with page
   * null): it gets this title instead of the not-found one, and is noindex all the same.
   */
  documentTitle?: string;
  /**
   * A document that is no page of its own but is for search engines to find (a tag page, with
   * page null): its title and description, its address `paging.current` (canonical), and the
   * previous and next pages of its list.
   */
  listing?: { title: string; description: string };
}

function meta(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(content)}">`;
}

/** `publicUrl` joined with a root-relative path, without a doubled slash. */
export function absolutePageUrl(publicUrl: string, path: string): string {
  return publicUrl.replace(/\/+$/, '') + path;
}

/** An http(s) URL as it is, a relative one resolved against the public URL; anything else null. */
export function absoluteMediaUrl(value: unknown, publicUrl: string): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const base = publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`;
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** How wide a shared page's image is asked for: large enough for link previews, the nearest rendition. */
const OG_IMAGE_WIDTH = 1600;
/** The shape link previews show (1200 × 630): an image without a crop of its own is cropped to it. */
const OG_ASPECT_RATIO = 1.91;

/**
 * The absolute address of a library image as a page's SEO image (get-page-file, group
 * `seo_image`): a JPEG rendition about OG_IMAGE_WIDTH wide, with the crop of this use, or without
 * one cropped to OG_ASPECT_RATIO around the focal point the use keeps (the centre when it has
 * none; the file route then follows the library item's). The tag names the crop, or the ratio and
 * that focal point, so a moved focal point is a new address. An SVG or GIF has no renditions
 * and is named as it is.
 */
export function seoImageUrl(pageID: string, image: BlockImage, publicUrl: string): string {
  const group = pageFileGroup({ kind: 'seo_image' });
  if (/\.(svg|gif)$/i.test(image.fileName)) return absolutePageUrl(publicUrl, pageFileUrl(pageID, group, image.hash, image.fileName, { v: cropTag(image.cropParams) }));
  const ar = image.cropParams ? undefined : OG_ASPECT_RATIO;
  const v = cropTag(image.cropParams, ar === undefined ? null : { ar, focalPoint: image.focalPoint });
  const widths: readonly number[] = typeof image.width === 'number' && image.width > 0 ? renditionWidths(image.width) : RENDITION_WIDTHS;
  const w = widths.filter((width) => width <= OG_IMAGE_WIDTH).at(-1) ?? widths[0] ?? OG_IMAGE_WIDTH;
  return absolutePageUrl(publicUrl, pageFileUrl(pageID, group, image.hash, image.fileName, { w, fm: 'jpeg', ar, v }));
}

/** The og:image tags of the site's default SEO image: its address, and its size when known. */
function defaultOgImage(image: PublicSettingsImage | null | undefined, publicUrl: string): string[] {
  const url = absoluteMediaUrl(image?.url, publicUrl);
  if (image == null || url === null) return [];
  const tags = [meta('property', 'og:image', url)];
  if (image.width !== null && image.height !== null) tags.push(meta('property', 'og:image:width', String(image.width)), meta('property', 'og:image:height', String(image.height)));
  return tags;
}

/** The og:image tags of a page: its library image's address and alternative text, or the address it names; else the site's default. */
function ogImage(page: PublicPageView, publicUrl: string, fallback: PublicSettingsImage | null | undefined): string[] {
  const seo = seoImageOf(page.pageVersion.seoImage);
  if (seo === null) return defaultOgImage(fallback, publicUrl);
  if (seo.kind === 'url') {
    const url = absoluteMediaUrl(seo.url, publicUrl);
    return url === null ? [] : [meta('property', 'og:image', url)];
  }
  const tags = [meta('property', 'og:image', seoImageUrl(page.pageVersion.pageID, seo.image, publicUrl))];
  const alt = seo.image.decorative === true ? '' : (seo.image.altText ?? '').trim();
  if (alt !== '') tags.push(meta('property', 'og:image:alt', alt));
  return tags;
}

/** The title a page shows: its SEO title when it has one, otherwise its title. */
export function pageTitle(page: PublicPageView): string {
  const { seoTitle, title } = page.pageVersion;
  return typeof seoTitle === 'string' && seoTitle.trim() !== '' ? seoTitle : title;
}

/**
 * One alternate link per translation (the page's own included, as search engines expect), and
 * the default locale's as x-default; none for a page without translations.
 */
function alternateLinks(siblings: SiblingSlug[], publicUrl: string, defaultLocale: string): string[] {
  if (siblings.length < 2) return [];
  const link = (hreflang: string, path: string) =>
    `<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(absolutePageUrl(publicUrl, path))}">`;
  const links = siblings.map((sibling) => link(htmlLang(sibling.locale), sibling.path));
  const fallback = siblings.find((sibling) => sibling.locale === defaultLocale);
  if (fallback !== undefined) links.push(link('x-default', fallback.path));
  return links;
}

/**
 * The contents of `<head>` (spec section 2, Public site): title, description, keywords, Open
 * Graph, canonical and alternate links and the (empty) csrf-token element. Built as an escaped
 * string rather than with React: the page's React tree is the body.
 */
export function buildHead({ page, siteName, publicUrl, defaultLocale, locale, siblings, path, defaultSeoImage, paging, documentTitle, listing }: HeadInput): string {
  const tags = ['<meta charset="utf-8">', meta('name', 'viewport', 'width=device-width, initial-scale=1')];
  // A 404 answer is about the address asked for, whatever page says so.
  const askedUrl = path === undefined ? null : absolutePageUrl(publicUrl, path);
  const canonical = (url: string) => `<link rel="canonical" href="${escapeHtml(url)}">`;
  if (page === null && listing !== undefined && paging !== undefined) {
    const url = absolutePageUrl(publicUrl, paging.current);
    tags.push(
      `<title>${escapeHtml(`${listing.title} | ${siteName}`)}</title>`,
      meta('name', 'description', listing.description),
      meta('property', 'og:title', listing.title),
      meta('property', 'og:description', listing.description),
      ...defaultOgImage(defaultSeoImage, publicUrl),
      meta('property', 'og:type', 'website'),
      meta('property', 'og:url', url),
      meta('property', 'og:site_name', siteName),
      canonical(url),
    );
    if (paging.prev) tags.push(`<link rel="prev" href="${escapeHtml(absolutePageUrl(publicUrl, paging.prev))}">`);
    if (paging.next) tags.push(`<link rel="next" href="${escapeHtml(absolutePageUrl(publicUrl, paging.next))}">`);
  } else if (page === null) {
    const title = documentTitle ?? `${siteTexts(locale).notFoundTitle} | ${siteName}`;
    tags.push(`<title>${escapeHtml(title)}</title>`, meta('name', 'robots', 'noindex'));
    if (askedUrl !== null) tags.push(canonical(askedUrl));
  } else {
    const version = page.pageVersion;
    const title = pageTitle(page);
    const description = version.seoDescription ?? '';
    const url = page.slug === NOT_FOUND_SLUG ? askedUrl : absolutePageUrl(publicUrl, paging?.current ?? publicPath(page.locale, page.slug, defaultLocale));
    tags.push(
      `<title>${escapeHtml(`${title} | ${siteName}`)}</title>`,
      meta('name', 'description', description),
      meta('name', 'keywords', (version.seoKeywords ?? []).join(',')),
      meta('property', 'og:title', title),
      meta('property', 'og:description', description),
    );
    tags.push(...ogImage(page, publicUrl, defaultSeoImage));
    tags.push(meta('property', 'og:type', 'website'));
    if (url !== null) tags.push(meta('property', 'og:url', url));
    tags.push(meta('property', 'og:site_name', siteName));
    if (url !== null) tags.push(canonical(url));
    if (paging?.prev) tags.push(`<link rel="prev" href="${escapeHtml(absolutePageUrl(publicUrl, paging.prev))}">`);
    if (paging?.next) tags.push(`<link rel="next" href="${escapeHtml(absolutePageUrl(publicUrl, paging.next))}">`);
    tags.push(...alternateLinks(siblings, publicUrl, defaultLocale));
    if (page.slug === NOT_FOUND_SLUG) tags.push(meta('name', 'robots', 'noindex'));
  }
  // Empty in every cached page, the same for every visitor: a form fills it in when a visitor
  // starts it (app/forms/csrf-token.ts, decision 0016).
  tags.push(meta('name', 'csrf-token', ''));
  // Without an icon link the browser asks for /favicon.ico on every first visit.
  tags.push(`<link rel="icon" href="${CLIENT_ASSETS_PREFIX}/favicon.svg" type="image/svg+xml">`);
  return tags.join('\n');
}
