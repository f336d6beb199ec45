import { expect } from 'chai';
import { MemoryUow } from '../core/memory-uow';
import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { TranslationStatusDoc } from '@pagelog/contracts/pages/translation-status';
import { translationSyncProjection } from './translation-sync-projection';


const revisions = new Map<string, number>();
let position = 0;
function event(pageId: string, type: string, data: Record<string, unknown>): RecordedEvent {
  const revision = (revisions.get(pageId) ?? 0) + 1;
  revisions.set(pageId, revision);
  return { id: `e${++position}`, stream: `page-${pageId}`, revision, position, type, data: { pageId, ...data }, metadata: { actorId: 'u', correlationId: 'c', causationId: 'c', occurredAt: '2026-12-03T09:00:00.000Z', schemaVersion: 2 } };
}
const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };
const text = (key: string, html: string) => ({ type: 'text', key, props: { html }, anchorPoint: '' });
const created = (pageId: string, from: string | null) => event(pageId, 'PageCreated', { translationGroupId: 'g', type: 'base', locale: from ? 'en-gb' : 'nl-nl', title: 'T', slug: pageId, content: '', typeData: {}, versionId: `${pageId}-v`, copiedFrom: from ? { pageId: from, versionId: `${from}-v`, as: 'translation' } : null });
const stored = (pageId: string, blocks: unknown[]) => event(pageId, 'PageVersionStored', { versionId: `${pageId}-v`, title: 'T', blocks, ...seo });

describe('the translation-sync projection', () => {
  it('flags the source’s changes after the translation was made, and a link update in both flags nothing', async () => {
    const uow = new MemoryUow();
    const apply = (e: RecordedEvent) => translationSyncProjection.apply(e, uow);
    const status = async () => ((await uow.get<TranslationStatusDoc>('translation_status', 't'))?.stale ?? []).map((s) => `${s.kind}:${s.key}`);
    await apply(created('s', null));
    await apply(stored('s', [text('a', '<p>Een</p>'), text('b', '<p>Twee</p>')]));
    await apply(created('t', 's'));
    await apply(stored('t', [text('a', '<p>One</p>'), text('b', '<p>Two</p>')]));
    expect(await status()).to.deep.equal([]);
    // A page moved elsewhere: its links are updated in the source and in the translation alike.
    await apply(event('s', 'PageLinksUpdated', { versionId: 's-v', fromPath: '/x', toPath: '/y', movedPageId: 'm', blocks: [text('a', '<p>Een <a href="/y">y</a></p>'), text('b', '<p>Twee</p>')] }));
    expect(await status()).to.deep.equal([]);
    await apply(stored('s', [text('a', '<p>Een <a href="/y">y</a></p>'), text('b', '<p>Twee, anders</p>')]));
    expect(await status()).to.deep.equal(['changed:b']);
    // A source block removed, its removal acknowledged, then back in the source: flagged again.
    await apply(stored('s', [text('a', '<p>Een <a href="/y">y</a></p>')]));
    expect(await status()).to.deep.equal(['removed:b']);
    await apply(event('t', 'TranslationMarkedUpToDate', { sourcePageId: 's', blockKeys: ['b'] }));
    expect(await status()).to.deep.equal([]);
    await apply(stored('s', [text('a', '<p>Een <a href="/y">y</a></p>'), text('b', '<p>Twee, terug</p>')]));
    expect(await status()).to.deep.equal(['added:b']);
    // Replaying an event changes nothing.
    await apply({ ...stored('s', []), revision: 2 });
    expect(await status()).to.deep.equal(['added:b']);
  });
});
