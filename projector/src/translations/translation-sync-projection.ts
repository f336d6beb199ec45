import { createHash } from 'node:crypto';
import type { Block } from '@pagelog/contracts/blocks/block';
import type { PageEvent } from '@pagelog/contracts/events/page-events';
import type { StaleBlock, TranslationStatusDoc } from '@pagelog/contracts/pages/translation-status';
import { canonical, versionChanges } from '@pagelog/contracts/pages/version-changes';
import { readModels } from '@pagelog/contracts/read-models';
import type { UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';
import { alreadyApplied, defineProjection, type RecordedOf } from '../core/projection';

const status = readModels.translationStatus.collection;
const memory = readModels.translationSyncPages.collection;

/** A block as the projection remembers it: its content's hash, and the block. */
interface KnownBlock {
  hash: string;
  block: Block;
}

/** A source block a translation follows: as it was when last brought up to date, or `gone` (its removal acknowledged). */
type Followed = KnownBlock | { hash: 'gone'; block: null };

type SyncPage = {
  id: string;
  revision: number;
  /** The page's draft blocks, by key, in order. */
  blocks: Record<string, KnownBlock>;
  order: string[];
  /** For a translation: the page it was created from, and what of its blocks it follows. */
  sourcePageId: string | null;
  followed: Record<string, Followed>;
  /** The pages translated from this one. */
  translations: string[];
};

/** What a block shows, as one hash: its type, props, images, files and anchor. */
function hashOf(block: Block): string {
  return createHash('sha256').update(canonical({ type: block.type, props: block.props ?? {}, images: block.__images ?? [], files: block.__files ?? [], anchor: block.anchorPoint ?? '' })).digest('base64url').slice(0, 22);
}

function known(blocks: readonly Block[]): { blocks: Record<string, KnownBlock>; order: string[] } {
  return { blocks: Object.fromEntries(blocks.map((block) => [block.key, { hash: hashOf(block), block }])), order: blocks.map((b) => b.key) };
}

/** The label, summary and changed props of one block as version-changes names them. */
function describe(before: Block | null, now: Block | null): Pick<StaleBlock, 'type' | 'label' | 'summary' | 'props'> {
  const shown = (now ?? before)!;
  const empty = { title: '', seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };
  const changes = versionChanges({ ...empty, blocks: before ? [before] : [] }, { ...empty, blocks: now ? [now] : [] });
  const named = changes.changed[0] ?? changes.added[0] ?? changes.removed[0];
  if (!now && before) {
    const removed = versionChanges({ ...empty, blocks: [before] }, { ...empty, blocks: [] }).removed[0];
    return { type: shown.type, label: removed?.label ?? shown.type, summary: removed?.summary ?? '', props: [] };
  }
  return { type: shown.type, label: named?.label ?? shown.type, summary: named?.summary ?? '', props: changes.changed[0]?.props.map((p) => p.label) ?? [] };
}

/** The translation's blocks whose source moved on since it last followed it. */
export function staleBlocks(translation: SyncPage, source: SyncPage): StaleBlock[] {
  const stale: StaleBlock[] = [];
  const mine = new Set(translation.order);
  for (const key of source.order) {
    const now = source.blocks[key]!;
    const followed = translation.followed[key];
    if (followed?.hash === now.hash) continue;
    if (mine.has(key) && followed && followed.block) stale.push({ key, kind: 'changed', ...describe(followed.block, now.block), before: followed.block, now: now.block });
    // New to the translation, or back in the source after its removal was acknowledged.
    else if (!mine.has(key) || !followed || followed.block === null) stale.push({ key, kind: 'added', ...describe(null, now.block), before: null, now: now.block });
  }
  for (const key of translation.order) {
    if (source.blocks[key]) continue;
    const followed = translation.followed[key];
    if (followed && followed.block) stale.push({ key, kind: 'removed', ...describe(followed.block, null), before: followed.block, now: null });
  }
  return stale;
}

/** What the translation follows of the source for these keys from now on: the source's blocks as they are (or their absence). */
function follow(translation: SyncPage, source: SyncPage, keys: Iterable<string>): SyncPage {
  const followed = { ...translation.followed };
  for (const key of keys) followed[key] = source.blocks[key] ?? { hash: 'gone', block: null };
  return { ...translation, followed };
}

async function load(uow: UnitOfWork, id: string | null): Promise<SyncPage | null> {
  return id ? uow.get<SyncPage>(memory, id) : null;
}

/** Writes a translation's status from its memory and its source's. */
function writeStatus(uow: UnitOfWork, translation: SyncPage, source: SyncPage | null): void {
  uow.put(status, translation.id, { id: translation.id, sourcePageId: translation.sourcePageId, stale: source ? staleBlocks(translation, source) : [] } satisfies TranslationStatusDoc);
}

/** After a source's blocks changed: each of its translations' status again. */
async function refreshTranslations(uow: UnitOfWork, source: SyncPage): Promise<void> {
  for (const id of source.translations) {
    const translation = await load(uow, id);
    if (translation) writeStatus(uow, translation, source);
  }
}

/** A new draft content of a page: as a source, its translations' flags; as a translation, the blocks its translator edited follow the source again. */
async function blocksChanged(uow: UnitOfWork, page: SyncPage, blocks: readonly Block[], event: RecordedOf<PageEvent['type']>, edited: boolean): Promise<void> {
  const next = known(blocks);
  let updated: SyncPage = { ...page, ...next, revision: event.revision };
  const source = await load(uow, page.sourcePageId);
  if (source && edited) {
    const touched = next.order.filter((key) => page.blocks[key]?.hash !== next.blocks[key]!.hash);
    updated = follow(updated, source, touched);
  }
  uow.put(memory, page.id, updated);
  if (page.sourcePageId) writeStatus(uow, updated, source);
  if (updated.translations.length > 0) {
    if (!edited) {
      // Links updated in the source by a move: the translations' own links were updated too; a
      // block they followed before it they follow after it.
      for (const id of updated.translations) {
        const translation = await load(uow, id);
        if (!translation) continue;
        const kept = next.order.filter((key) => translation.followed[key]?.hash === page.blocks[key]?.hash);
        const moved = follow(translation, updated, kept);
        uow.put(memory, id, moved);
        writeStatus(uow, moved, updated);
      }
      return;
    }
    await refreshTranslations(uow, updated);
  }
}

/**
 * Stale translations (issue 17): a translation made from a page follows that page's blocks, each
 * as it was when the translation was made, last edited, or marked up to date. When the source's
 * block changes (or is added, or removed) after that, the translation's status names the block
 * and what changed in it, until the translator edits the block or marks it up to date. Pages are
 * matched by block key (a translation's blocks are copies of its source's).
 */
export const translationSyncProjection = defineProjection<'PageCreated' | 'PageVersionStored' | 'PageLinksUpdated' | 'PageDeleted' | 'TranslationMarkedUpToDate'>({
  name: readModels.translationStatus.projection,
  version: 1,
  collections: [
    { name: status, indexes: ['sourcePageId'] },
    { name: memory, indexes: [] },
  ],
  prefetch(events) {
    return [{ collection: memory, ids: [...new Set(events.map((e) => (e.data as { pageId: string }).pageId))] }];
  },
  handlers: {
    async PageCreated(event, uow) {
      const d = event.data;
      if (await uow.get(memory, d.pageId)) return;
      const sourcePageId = d.copiedFrom?.as === 'translation' ? d.copiedFrom.pageId : null;
      const source = await load(uow, sourcePageId);
      const page: SyncPage = { id: d.pageId, revision: event.revision, blocks: {}, order: [], sourcePageId: source ? sourcePageId : null, followed: {}, translations: [] };
      if (source) {
        // Made from the source's draft as it is now: it follows every block of it.
        uow.put(memory, source.id, { ...source, translations: [...source.translations, page.id] });
        const following = follow(page, source, source.order);
        uow.put(memory, page.id, following);
        writeStatus(uow, following, source);
        return;
      }
      uow.put(memory, page.id, page);
    },
    async PageVersionStored(event, uow) {
      const page = await load(uow, event.data.pageId);
      if (!page || alreadyApplied(page, event)) return;
      await blocksChanged(uow, page, event.data.blocks, event, true);
    },
    async PageLinksUpdated(event, uow) {
      const page = await load(uow, event.data.pageId);
      if (!page || alreadyApplied(page, event)) return;
      await blocksChanged(uow, page, event.data.blocks, event, false);
    },
    async TranslationMarkedUpToDate(event, uow) {
      const page = await load(uow, event.data.pageId);
      if (!page || alreadyApplied(page, event)) return;
      const source = await load(uow, page.sourcePageId);
      if (!source) return;
      const keys = event.data.blockKeys ?? [...new Set([...source.order, ...page.order])];
      const updated = { ...follow(page, source, keys), revision: event.revision };
      uow.put(memory, page.id, updated);
      writeStatus(uow, updated, source);
    },
    async PageDeleted(event, uow) {
      const page = await load(uow, event.data.pageId);
      if (!page) return;
      uow.delete(memory, page.id);
      uow.delete(status, page.id);
      const source = await load(uow, page.sourcePageId);
      if (source) uow.put(memory, source.id, { ...source, translations: source.translations.filter((id) => id !== page.id) });
      // Translations of a deleted source follow nothing any more.
      for (const id of page.translations) {
        const translation = await load(uow, id);
        if (!translation) continue;
        const orphan = { ...translation, sourcePageId: null, followed: {} };
        uow.put(memory, id, orphan);
        uow.delete(status, id);
      }
    },
  },
});
