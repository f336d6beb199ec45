import type { BlockFile, BlockImage } from '@pagelog/contracts/blocks/block';
import { parsePageFileGroup, type FocalPoint } from '@pagelog/contracts/media/media';
import { cropTag, UNCROPPED_TAG } from '@pagelog/contracts/media/media-urls';
import { seoImageOf, type VersionContent } from '@pagelog/contracts/pages/page';
import type { PageDoc, VersionDoc } from '@pagelog/contracts/pages/page-docs';
import { typeDataFile, typeDataImage } from '@pagelog/contracts/pages/type-data-fields';
import { readModels } from '@pagelog/contracts/read-models';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';

/** How a page version uses a file: an image (a block's, or the SEO image) or a block's file. */
export type PageFileUse = { kind: 'image'; image: BlockImage } | { kind: 'file'; file: BlockFile };

/** A use found, and whether the published version has it or only the draft. */
export interface FoundUse {
  use: PageFileUse;
  version: 'published' | 'draft';
}

/**
 * The use of `hash` in `group` (block_images_{key}, block_files_{key}, seo_image, type_image_{field},
 * type_file_{field}) of one version's content and the page type data it carries.
 */
export function useIn(content: Pick<VersionContent, 'blocks' | 'seoImage'> & { settings?: { typeData?: Record<string, unknown> } }, group: string, hash: string): PageFileUse | null {
  const parsed = parsePageFileGroup(group);
  if (!parsed) return null;
  if (parsed.kind === 'seo_image') {
    const seo = seoImageOf(content.seoImage);
    return seo?.kind === 'library' && seo.image.hash === hash ? { kind: 'image', image: seo.image } : null;
  }
  if (parsed.kind === 'type_image') {
    const image = typeDataImage(content.settings?.typeData, parsed.field);
    return image?.hash === hash ? { kind: 'image', image } : null;
  }
  if (parsed.kind === 'type_file') {
    const file = typeDataFile(content.settings?.typeData, parsed.field);
    return file?.hash === hash ? { kind: 'file', file } : null;
  }
  const { blockId } = parsed;
  const block = (content.blocks ?? []).find((b) => b.key === blockId);
  if (!block) return null;
  if (parsed.kind === 'block_images') {
    const image = (block.__images ?? []).find((i) => i.hash === hash);
    return image ? { kind: 'image', image } : null;
  }
  const file = (block.__files ?? []).find((f) => f.hash === hash);
  return file ? { kind: 'file', file } : null;
}

/**
 * Where a page refers to a file in a group: its published version, and (only when `withDraft`,
 * for a signed-in caller) its draft, published first. Empty when neither does, or there is no
 * such page: files are served only as pages use them, never by their hash alone.
 */
export async function findPageFileUses(store: ReadModelStore, pageId: string, group: string, hash: string, withDraft: boolean): Promise<FoundUse[]> {
  const page = await store.get<PageDoc>(readModels.pages.collection, pageId);
  if (!page) return [];
  const candidates: [string, FoundUse['version']][] = [];
  if (page.publishedVersionID) candidates.push([page.publishedVersionID, 'published']);
  if (withDraft && page.draftVersionID !== page.publishedVersionID) candidates.push([page.draftVersionID, 'draft']);
  const found: FoundUse[] = [];
  for (const [versionId, version] of candidates) {
    const doc = await store.get<VersionDoc>(readModels.pageVersions.collection, versionId);
    // A version belongs to its page: an id of another page's version never serves this one.
    if (!doc || doc.pageID !== pageId) continue;
    const use = useIn(doc, group, hash);
    if (use) found.push({ use, version });
  }
  return found;
}

/**
 * How a use answers an address: its version tag, the automatic crop's focal point, and whether
 * the page version alone decides its pixels (`fixed`). A use that follows the library item's
 * focal point (an automatic crop, with no focal point of its own) is not fixed: the site cannot
 * name the item's point in its address, so such an answer is never cached for good.
 */
export interface UseLook {
  found: FoundUse;
  tag: string;
  /** What an automatic crop keeps in view; null: the centre. */
  focalPoint: FocalPoint | null;
  fixed: boolean;
}

/**
 * The look of a use for an address that asks for an automatic crop to `ar` (or none, null). An
 * image's own crop wins and `ar` is then ignored; otherwise the use's own focal point steers,
 * else the library item's (`itemFocalPoint`, asked only then), else the centre.
 */
export async function useLook(found: FoundUse, ar: number | null, itemFocalPoint: (image: BlockImage) => Promise<FocalPoint | null>): Promise<UseLook> {
  if (found.use.kind !== 'image') return { found, tag: UNCROPPED_TAG, focalPoint: null, fixed: true };
  const { image } = found.use;
  if (image.cropParams || ar === null) return { found, tag: cropTag(image.cropParams), focalPoint: null, fixed: true };
  const own = image.focalPoint ?? null;
  const focalPoint = own ?? (await itemFocalPoint(image));
  return { found, tag: cropTag(null, { ar, focalPoint }), focalPoint, fixed: own !== null };
}
