import type { CropParams } from '@pagelog/contracts/blocks/block';
import { cropParamsSchema } from '@pagelog/contracts/blocks/block-media';
import { ForbiddenError, NotFoundError } from '@pagelog/contracts/domain-errors';
import { gatedDownloadOf, isGated } from '@pagelog/contracts/forms/gated-download';
import type { PageDoc, VersionDoc } from '@pagelog/contracts/pages/page-docs';
import { DownloadTokens } from '@pagelog/service-kit/forms/download-token';
import { parseInput } from '@pagelog/contracts/input';
import { parsePageFileGroup, type FocalPoint } from '@pagelog/contracts/media/media';
import type { MediaItemDoc } from '@pagelog/contracts/media/media-read-models';
import { parseAspectRatio } from '@pagelog/contracts/media/media-urls';
import { readModels } from '@pagelog/contracts/read-models';
import { renditionsOf } from '@pagelog/storage/media/image-renditions';
import type { Access } from '@pagelog/service-kit/auth/access';
import { query, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import type { UserQueryDeps } from '../../core/query-deps';
import { readYourWrites } from '../../core/read-your-writes';
import { renditionFor, sendFile, storedTypeOf } from './file-answer';
import { findPageFileUses, useLook, type UseLook } from './page-file-use';

const items = readModels.mediaItems.collection;
const sha256 = /^[0-9a-f]{64}$/;

/** A year, for an address that names both the bytes (hash) and everything else that decides the pixels (v). */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** For an address whose answer may change or go (a crop edited, sharing turned off, a page republished). */
const SHORT = 'public, max-age=300';
/** What only a signed-in caller may see (a draft's file, the library's previews). */
const PRIVATE = 'private, max-age=300';
/** A download opened by a visitor's own link: kept by nobody. */
const NO_STORE = 'private, no-store';

/**
 * The media files (spec section 7): what pages use (get-page-file, public), the shared items'
 * own addresses (file, public) and the admin's previews (preview-image, preview-crop, with a
 * session). Every answer names the hash it serves, so moves and renames never break a link.
 */
export function mediaFileRoutes(deps: UserQueryDeps): EndpointRoute[] {
  // Looked up when a file is asked for: routes are built before (and without) their stores.
  const renditions = () => renditionsOf(deps.blobs);
  const fresh = readYourWrites(deps, [readModels.pages.projection, readModels.mediaItems.projection]);
  // Made when first needed: the routes are built before (and without) their secret.
  let downloadTokens: DownloadTokens | null = null;
  const tokens = () => (downloadTokens ??= new DownloadTokens(deps.secret));

  /** Whether the page's published version gates this file behind its download form (gated-download.ts). */
  async function gatedOnPage(pageId: string, group: string, hash: string): Promise<boolean> {
    // Only a file can be gated (a main download, a downloads block's): images never look further.
    const kind = parsePageFileGroup(group)?.kind;
    if (kind !== 'type_file' && kind !== 'block_files') return false;
    const page = await deps.readModels.get<PageDoc>(readModels.pages.collection, pageId);
    if (!page?.publishedVersionID) return false;
    const version = await deps.readModels.get<VersionDoc>(readModels.pageVersions.collection, page.publishedVersionID);
    return version !== null && isGated(gatedDownloadOf(version.blocks, version.settings?.typeData), group, hash);
  }

  /** The library's name for the bytes: the item the use picked, else any live item holding them, else the use's own. */
  async function itemName(hash: string, fileId: string | null, fallback: string): Promise<string> {
    const picked = fileId ? await deps.readModels.get<MediaItemDoc>(items, fileId) : null;
    if (picked?.hash === hash) return picked.fileName;
    const [any] = await deps.readModels.find<MediaItemDoc>(items, { where: { hash }, limit: 1 });
    return any?.fileName ?? fallback;
  }

  /** The focal point of the item a use picked while it holds these bytes; the centre (null) once it is deleted. */
  async function pickedFocalPoint(hash: string, fileId: string): Promise<FocalPoint | null> {
    const picked = await deps.readModels.get<MediaItemDoc>(items, fileId);
    return picked?.hash === hash ? picked.focalPoint : null;
  }

  /** A live library image by id for the previews (documents and videos have none). */
  async function libraryImage(imageId: string): Promise<MediaItemDoc & { hash: string }> {
    const item = await deps.readModels.get<MediaItemDoc>(items, imageId);
    if (!item || !item.hash || !['image', 'gif', 'svg'].includes(item.kind)) throw new NotFoundError('V_12', 'imageID', 'media');
    return item as MediaItemDoc & { hash: string };
  }

  /**
   * Which use answers, and how long it may be kept: the use whose tag is the address's `v` (a
   * signed-in caller may be looking at the draft's crop, an anonymous one only ever gets the
   * published use), cached for good when that use is published and its page version alone
   * decides the pixels, privately when it is the draft's. No tag matching (or a use that
   * follows the library item's focal point): the published use (else the draft's) for a short
   * while, publicly for an anonymous caller and privately for a signed-in one, whose answer may
   * be a draft's.
   */
  function pickUse(looks: UseLook[], v: string | undefined, signedIn: boolean): { look: UseLook; cacheControl: string } {
    const tagged = looks.find((look) => look.tag === v);
    if (tagged) return { look: tagged, cacheControl: tagged.found.version === 'draft' ? PRIVATE : tagged.fixed ? IMMUTABLE : SHORT };
    return { look: looks[0]!, cacheControl: signedIn ? PRIVATE : SHORT };
  }

  return [
    /**
     * A file as a page uses it: only while the page's published version (or, for a signed-in
     * caller, its draft) refers to that hash in that group, with the use's crop applied, or,
     * for a use without one, the automatic crop `ar` asks for around the focal point (the use's,
     * else the library item's, else the centre). The address's `v` names the crop (or the
     * automatic crop and its focal point); when it is the use's current one the answer is cached
     * for good, unless the point is the library item's: the item's point may move while the
     * page stays as it is, and the site's address could not say so.
     */
    query('mediaGetPageFile', fresh, async (ctx, q) => {
      const { pageID, group, hash } = ctx.params as { pageID: string; group: string; hash: string };
      if (!sha256.test(hash)) throw new NotFoundError('V_12', 'hash', 'media');
      const signedIn = (ctx.state.user as Access | null) !== null;
      const uses = await findPageFileUses(deps.readModels, pageID, group, hash, signedIn);
      if (uses.length === 0) throw new NotFoundError('V_12', 'hash', 'media');
      // A download behind the page's download form: only with the link handed out after the form
      // (editors, signed in, see it as it is).
      // Its answers are never kept by a shared cache, whoever asked (an editor's included).
      const gatedFile = await gatedOnPage(pageID, group, hash);
      const gated = gatedFile && !signedIn;
      if (gated) {
        const check = tokens().check(q.token, pageID, group, hash, Date.now());
        if (check !== 'valid') throw new ForbiddenError(check === 'expired' ? 'V_05' : 'V_04');
      }
      const contentType = await storedTypeOf(deps.blobs, hash);
      const ar = q.ar === undefined ? null : parseAspectRatio(q.ar);
      const looks = await Promise.all(uses.map((found) => useLook(found, ar, (image) => pickedFocalPoint(hash, image.fileID))));
      const picked = pickUse(looks, q.v, signedIn);
      const { look } = picked;
      const cacheControl = gatedFile ? NO_STORE : picked.cacheControl;
      const { use } = look.found;
      const image = use.kind === 'image' ? use.image : null;
      const rendition = image
        ? await renditionFor(renditions(), hash, contentType, { w: q.w, fm: q.fm, crop: image.cropParams ?? null, aspect: ar, focalPoint: look.focalPoint, widths: [image.width] })
        : null;
      const own = image ? image.fileName : use.kind === 'file' ? use.file.fileName : '';
      const fileName = await itemName(hash, image?.fileID ?? null, own);
      return sendFile(ctx, deps.blobs, renditions(), { hash, contentType, rendition, fileName, cacheControl, download: q.download === '1' });
    }),

    /**
     * A shared item's own address: while a live item with these bytes is marked shared; `ar` asks
     * for an automatic crop around that item's focal point. Never cached for good: sharing may
     * be turned off and the focal point moved.
     */
    query('mediaSharedFile', fresh, async (ctx, q) => {
      const { hash } = ctx.params as { hash: string };
      if (!sha256.test(hash)) throw new NotFoundError('V_12', 'hash', 'media');
      const [item] = await deps.readModels.find<MediaItemDoc>(items, { where: { hash, shared: true }, limit: 1 });
      if (!item) throw new NotFoundError('V_12', 'hash', 'media');
      const contentType = await storedTypeOf(deps.blobs, hash);
      const aspect = q.ar === undefined ? null : parseAspectRatio(q.ar);
      const rendition = await renditionFor(renditions(), hash, contentType, { w: q.w, fm: q.fm, aspect, focalPoint: item.focalPoint });
      return sendFile(ctx, deps.blobs, renditions(), { hash, contentType, rendition, fileName: item.fileName, cacheControl: SHORT, download: q.download === '1' });
    }),

    /** A library image for the admin, at a declared width if asked. */
    query('mediaPreviewImage', fresh, async (ctx, q) => {
      const item = await libraryImage(q.imageID);
      const contentType = await storedTypeOf(deps.blobs, item.hash);
      const rendition = await renditionFor(renditions(), item.hash, contentType, { w: q.w });
      return sendFile(ctx, deps.blobs, renditions(), { hash: item.hash, contentType, rendition, fileName: item.fileName, cacheControl: PRIVATE });
    }),

    /**
     * A library image with a crop (cropperjs' data) applied, as the crop dialog shows its result.
     * Made for the answer and not kept: every drag of the crop box is another crop, and keeping
     * each would let any signed-in user fill the disk. Whole pixels (a hundredth of a degree) are
     * all a crop's rendition can show, so finer crops are rounded to them.
     */
    query('mediaPreviewCrop', fresh, async (ctx, q) => {
      const whole = (value: string) => Math.round(Number(value));
      const asked: CropParams = {
        x: whole(q.x),
        y: whole(q.y),
        width: whole(q.width),
        height: whole(q.height),
        rotate: Math.round(Number(q.rotate) * 100) / 100,
        scaleX: Number(q.scaleX),
        scaleY: Number(q.scaleY),
      };
      const crop = parseInput(cropParamsSchema, asked, 'media');
      const item = await libraryImage(q.imageID);
      const contentType = await storedTypeOf(deps.blobs, item.hash);
      const rendition = await renditionFor(renditions(), item.hash, contentType, { w: q.w, crop });
      return sendFile(ctx, deps.blobs, renditions(), { hash: item.hash, contentType, rendition, fileName: item.fileName, cacheControl: PRIVATE, uncached: true });
    }),
  ];
}
