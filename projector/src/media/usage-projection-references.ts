import type { Block } from '@pagelog/contracts/blocks/block';
import { blockType } from '@pagelog/contracts/blocks/block-types';
import { htmlAttributes } from '@pagelog/contracts/blocks/html-attributes';
import { mediaReferences } from '@pagelog/contracts/blocks/media-references';
import { propWidgets } from '@pagelog/contracts/blocks/prop-widgets';
import { API_BASE } from '@pagelog/contracts/endpoints';
import { videoReferenceKey } from '@pagelog/contracts/media/media';
import { typeDataMedia } from '@pagelog/contracts/pages/type-data-fields';

const sha256 = /^[0-9a-f]{64}$/i;
const origin = /^https?:\/\/[^/?#]+/i;
const medialib = `${API_BASE}/medialib/`;
// file/{hash}/{name} and get-page-file/{page}/{group}/{hash}/{name} (spec section 7): the hash names the bytes.
const libraryAddress = /^(?:file|get-page-file\/[^/?#]+\/[^/?#]+)\/([0-9a-f]{64})(?:[/?#]|$)/i;

/**
 * The content hash a reference names: a block image's or block file's hash, or the hash inside an
 * address of the media library (with or without the site's origin). Null for anything else: an
 * image elsewhere on the web or on the site is not library media.
 */
export function hashOf(reference: string): string | null {
  const text = reference.trim();
  if (sha256.test(text)) return text.toLowerCase();
  const path = text.replace(origin, '');
  if (!path.startsWith(medialib)) return null;
  const m = libraryAddress.exec(path.slice(medialib.length));
  return m ? m[1]!.toLowerCase() : null;
}

/**
 * Library addresses a block holds where a person can point at a file without picking it as an
 * image or a file: a link prop (a button to a shared PDF) and the hrefs and image sources of rich
 * text. Only props the block type declares as links or HTML are read, as everywhere else.
 */
function linkedAddresses(block: Block): string[] {
  const definition = blockType(block.type);
  if (!definition || block.props === null || typeof block.props !== 'object') return [];
  const found: string[] = [];
  for (const [name, widget] of propWidgets(definition)) {
    const value = block.props[name];
    if (typeof value !== 'string') continue;
    if (widget === 'link') found.push(value);
    if (widget === 'html' && value.includes('<')) {
      for (const attribute of htmlAttributes(value)) if (attribute.name === 'href' || attribute.name === 'src') found.push(attribute.value);
    }
  }
  return found;
}

function hashesOf(references: Iterable<string>): string[] {
  const hashes = new Set<string>();
  for (const reference of references) {
    const hash = hashOf(reference);
    if (hash) hashes.add(hash);
  }
  return [...hashes].sort();
}

/**
 * The videos a version's blocks show, by their reference keys (videoReferenceKey): a video block
 * names its video by provider and id (the library's video item holds the same two), not by bytes.
 */
function videoKeys(blocks: readonly Block[]): string[] {
  const keys = new Set<string>();
  for (const block of blocks) {
    if (block.type !== 'video' || block.props === null || typeof block.props !== 'object') continue;
    const { provider, videoId } = block.props as { provider?: unknown; videoId?: unknown };
    if ((provider === 'youtube' || provider === 'vimeo') && typeof videoId === 'string' && videoId !== '') keys.add(videoReferenceKey(provider, videoId));
  }
  return [...keys];
}

/**
 * The library media a version's blocks use, by the keys where-used indexes them under: the content
 * hashes of images, files and links to files, and the reference keys of videos.
 */
export function blockHashes(blocks: readonly Block[] | null | undefined): string[] {
  const list = Array.isArray(blocks) ? blocks : [];
  const { images, files } = mediaReferences(list);
  return [...hashesOf([...images, ...files, ...list.flatMap(linkedAddresses)]), ...videoKeys(list)].sort();
}

/** The library media a version's SEO image uses: a library image, or an address of one. */
export function seoHashes(seoImage: readonly unknown[] | null | undefined): string[] {
  const references: string[] = [];
  for (const entry of Array.isArray(seoImage) ? seoImage : []) {
    if (typeof entry === 'string') references.push(entry);
    else if (typeof entry === 'object' && entry !== null && typeof (entry as { hash?: unknown }).hash === 'string') references.push((entry as { hash: string }).hash);
  }
  return hashesOf(references);
}

/** The library files and images a version's page type data holds (a publication's main download, a team member's photo). */
export function typeDataHashes(typeData: Record<string, unknown> | null | undefined): string[] {
  return hashesOf(typeDataMedia(typeData).map((media) => media.hash));
}
