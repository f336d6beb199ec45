import type { PageStreamEvent } from '@pagelog/contracts/events/page-events';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { VersionContent } from '@pagelog/contracts/pages/page';
import { typeDataMedia } from '@pagelog/contracts/pages/type-data-fields';
import type { BlobStore } from '@pagelog/storage/blob-store/blob-store';
import { afterEvents } from './authoring/decider';
import type { PageState } from './page-state';

/** What the check needs: the blob store the library's bytes are in (absent where no version names any, as in seeding). */
export interface MediaBytesDeps {
  blobs?: BlobStore;
}

/** A place in a version that names library bytes. */
interface BytesReference {
  hash: string;
  property: string;
}

/** Something a page command writes that would show what it names: a stored version, or a publication. */
export type BytesCheck = (state: PageState, events: readonly PageStreamEvent[]) => void;

/** A decision named bytes not looked up yet: they are looked up, and it is decided again. */
class UncheckedBytes extends Error {
  constructor(readonly hashes: readonly string[]) {
    super('bytes not looked up yet');
  }
}

/** What names library bytes: a version's blocks and SEO image, and the page type data it carries. */
export type BytesContent = Pick<VersionContent, 'blocks' | 'seoImage'> & { typeData?: Record<string, unknown> };

/** Every block image's and block file's hash, the SEO image's and the type data's library media, with the property that holds it. */
function referencesOf(content: BytesContent): BytesReference[] {
  const found: BytesReference[] = [];
  content.blocks.forEach((block, i) => {
    (block.__images ?? []).forEach((image, j) => image.hash && found.push({ hash: image.hash, property: `blocks[${i}].__images[${j}].hash` }));
    (block.__files ?? []).forEach((file, j) => file.hash && found.push({ hash: file.hash, property: `blocks[${i}].__files[${j}].hash` }));
  });
  content.seoImage.forEach((image, i) => {
    if (typeof image === 'object' && image !== null && image.hash) found.push({ hash: image.hash, property: `seoImage[${i}].hash` });
  });
  for (const { field, hash } of typeDataMedia(content.typeData)) found.push({ hash, property: `typeData.${field}.hash` });
  return found;
}

/**
 * The version a decision stores or publishes (the draft after its events, with the type data it
 * carries), or null when it does neither: those are the moments a page starts to show what it names.
 */
function shownBy(state: PageState, events: readonly PageStreamEvent[]): BytesContent | null {
  if (!events.some((e) => e.type === 'PageVersionStored' || e.type === 'PagePublished' || e.type === 'PageSettingsStored')) return null;
  const after = afterEvents(state, events);
  return { ...after.draft, typeData: after.typeData };
}

/**
 * Runs a page command (`run` passes the check to its decision) refusing to store or publish a
 * version whose block images, block files, SEO image or type data media name bytes the blob store
 * does not have: 400 V_12 on each such property (`blocks[2].__images[0].hash`, `seoImage[0].hash`,
 * `typeData.mainDownload.hash`). The file may
 * have been deleted while an editor had it picked, and its bytes cleaned up after the grace (or a
 * client may name any hash): the public site must never show a missing image. `known` is the
 * content the command brings, looked up before it is decided; what the decision finds besides
 * (the draft it publishes, changes merged in) is looked up and the command decided again.
 */
export async function withBytesChecked<T>(deps: MediaBytesDeps, known: readonly BytesContent[], run: (check: BytesCheck) => Promise<T>): Promise<T> {
  const present = new Set<string>();
  const missing = new Set<string>();
  const lookUp = async (hashes: Iterable<string>) => {
    const fresh = [...new Set(hashes)].filter((h) => !present.has(h) && !missing.has(h));
    if (fresh.length > 0 && !deps.blobs) throw new Error('a page version names library media, and there is no blob store to check them in');
    const found = await Promise.all(fresh.map((hash) => deps.blobs!.stat(hash).catch((error: unknown) => (error instanceof ValidationError ? null : Promise.reject(error)))));
    fresh.forEach((hash, i) => (found[i] ? present : missing).add(hash));
  };
  await lookUp(known.flatMap((content) => referencesOf(content).map((r) => r.hash)));
  const check: BytesCheck = (state, events) => {
    const content = shownBy(state, events);
    if (!content) return;
    const references = referencesOf(content);
    const unchecked = references.filter((r) => !present.has(r.hash) && !missing.has(r.hash));
    if (unchecked.length > 0) throw new UncheckedBytes(unchecked.map((r) => r.hash));
    const refused = references.filter((r) => missing.has(r.hash));
    if (refused.length > 0) throw new ValidationError(refused.map((r) => errorItem('V_12', r.property, 'pageVersion')));
  };
  for (;;) {
    try {
      return await run(check);
    } catch (error) {
      if (!(error instanceof UncheckedBytes)) throw error;
      await lookUp(error.hashes);
    }
  }
}
