import type { Block, BlockFile } from '../blocks/block';
import { pageFileGroup } from '../media/media';
import { typeDataFile } from '../pages/type-data-fields';

/**
 * A page's download behind the download form (issue 16): a page that carries the download form
 * offers its file only to a visitor who filled it in. The file is the page's main download (a
 * publication's `mainDownload`), or without one the first file of its first downloads block. The
 * site shows that file without its link; the file's address answers only with a signed, expiring
 * token, which forms/submit hands the visitor with the thank-you text.
 */

/** How long a download link handed out after the form keeps working. */
export const DOWNLOAD_LINK_TTL_MS = 24 * 60 * 60 * 1000;

export interface GatedDownload {
  /** The page file group the file is served under (pageFileGroup). */
  group: string;
  file: BlockFile;
  /** The form block that gates it. */
  formBlockKey: string;
}

/** The file a page version (its blocks and type data) gates behind its download form, or null when it gates none. */
export function gatedDownloadOf(blocks: readonly Block[] | undefined, typeData: Record<string, unknown> | null | undefined): GatedDownload | null {
  const list = blocks ?? [];
  const form = list.find((block) => block.type === 'formEmbed' && block.props.form === 'download');
  if (!form) return null;
  const main = typeDataFile(typeData, 'mainDownload');
  if (main) return { group: pageFileGroup({ kind: 'type_file', field: 'mainDownload' }), file: main, formBlockKey: form.key };
  for (const block of list) {
    const file = block.type === 'downloads' ? block.__files?.[0] : undefined;
    if (file) return { group: pageFileGroup({ kind: 'block_files', blockId: block.key }), file, formBlockKey: form.key };
  }
  return null;
}

/** Whether the file at (group, hash) is the gated one. */
export const isGated = (gated: GatedDownload | null, group: string, hash: string): boolean => gated !== null && gated.group === group && gated.file.hash === hash;

/** The link forms/submit answers a download form with: the file's address with its token. */
export interface DownloadLink {
  url: string;
  fileName: string;
  /** ISO time the link stops working. */
  expiresAt: string;
}

/** Said where a gated file would have its link: the form gives it. */
export const GATED_DOWNLOAD_NOTE = { nl: 'Vul het formulier in om dit bestand te downloaden.', en: 'Fill in the form to download this file.' };
/** Said above the link in the form's thank-you text. */
export const DOWNLOAD_READY = { nl: 'Uw bestand:', en: 'Your file:' };
/** The prop preparePage sets on a downloads block whose file is gated: that file's hash, and where the form is. */
export const GATED_PROP = '__gated';
