import { expect } from 'chai';
import type { MediaUsageDoc, MediaUsagePeriodDoc } from '@pagelog/contracts/media/media-read-models';
import { readModels } from '@pagelog/contracts/read-models';
import { minute, ProjectionBench } from './library-projection-test-kit';
import { mediaUsageProjection } from './usage-projection';

const usage = readModels.mediaUsage.collection;
const periods = readModels.mediaUsagePeriods.collection;
const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const C = 'c'.repeat(64);

const imageBlock = (hash: string) => ({ type: 'image', key: `img-${hash[0]}`, props: { externalUrl: '', alt: '', caption: '' }, anchorPoint: '', __images: [{ hash, fileName: 'foto.jpg', altText: '', fileID: 'i1' }] });
const seoImage = (hash: string) => [`/api/cms/medialib/get-page-file/p1/seo_image/${hash}/foto.jpg`];

describe('the media-usage projection', () => {
  let bench: ProjectionBench;
  const page = (type: string, data: Record<string, unknown>, at: number) => bench.append('page-p1', type, { pageId: 'p1', ...data }, at);
  const store = (versionId: string, blocks: unknown[], seo: unknown[], at: number, title = 'Over ons') =>
    page('PageVersionStored', { versionId, title, blocks, seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: seo }, at);
  const use = (hash: string) => bench.get<MediaUsageDoc>(usage, `p1:${hash}`);
  const periodsOf = async (hash: string) => (await bench.log.readModels.find<MediaUsagePeriodDoc>(periods, { where: { hash }, orderBy: { field: 'fromPosition', direction: 'asc' } }));

  beforeEach(async () => {
    bench = new ProjectionBench([mediaUsageProjection]);
    await page('PageCreated', { translationGroupId: 'p1', type: 'article', locale: 'nl-nl', title: 'Over ons', slug: 'over-ons', content: '', typeData: {}, versionId: 'v1', copiedFrom: null }, 0);
  });
  afterEach(async () => {
    await bench.close();
  });

  /** Stored with A as a block image and B as the SEO image, published, then a new draft without A. */
  async function throughAWorkflow() {
    await store('v1', [imageBlock(A)], seoImage(B), 1);
    await page('PagePublished', { versionId: 'v1', slug: 'over-ons', locale: 'nl-nl' }, 2);
    await page('PageDraftStarted', { versionId: 'v2', basedOnVersionId: 'v1' }, 3);
    await store('v2', [], seoImage(B), 4, 'Wie wij zijn');
  }

  it('finds the media of the draft once it is stored, with the page\'s title, slug, locale and status', async () => {
    expect(await use(A)).to.equal(null);
    await store('v1', [imageBlock(A)], seoImage(B), 1);
    expect(await use(A)).to.include({ pageId: 'p1', hash: A, title: 'Over ons', slug: 'over-ons', locale: 'nl-nl', status: 'concept', inDraft: true, inPublished: false });
    expect(await use(B)).to.include({ inDraft: true, inPublished: false });
  });

  it('follows publishing, a draft without the file, republishing without it and unpublishing', async () => {
    await throughAWorkflow();
    expect(await use(A)).to.include({ title: 'Wie wij zijn', status: 'unpublished-changes', inDraft: false, inPublished: true });
    expect(await use(B)).to.include({ inDraft: true, inPublished: true });

    await page('PagePublished', { versionId: 'v2', slug: 'over-ons', locale: 'nl-nl' }, 5);
    expect(await use(A)).to.equal(null);
    expect(await use(B)).to.include({ status: 'published', inDraft: true, inPublished: true });

    await page('PageUnpublished', { versionId: 'v2', slug: 'over-ons', locale: 'nl-nl' }, 6);
    await page('PageSlugChanged', { locale: 'nl-nl', slug: 'wie-wij-zijn', previousSlug: 'over-ons', updateLinks: false }, 7);
    expect(await use(B)).to.include({ slug: 'wie-wij-zijn', status: 'not-published', inDraft: true, inPublished: false });
  });

  it('keeps a period per page and file, with how the page used it from each moment on', async () => {
    await throughAWorkflow();
    await page('PagePublished', { versionId: 'v2', slug: 'over-ons', locale: 'nl-nl' }, 5);
    const [period, ...more] = await periodsOf(A);
    expect(more).to.deep.equal([]);
    expect(period).to.include({ pageId: 'p1', from: minute(1), to: minute(5) });
    expect(period!.states.map((s) => [s.at, s.status, s.inDraft, s.inPublished])).to.deep.equal([
      [minute(1), 'concept', true, false],
      [minute(2), 'published', true, true],
      [minute(3), 'unpublished-changes', true, true],
      [minute(4), 'unpublished-changes', false, true],
    ]);

    // Using it again later opens a second period.
    await page('PageDraftStarted', { versionId: 'v3', basedOnVersionId: 'v2' }, 8);
    await store('v3', [imageBlock(A)], [], 9, 'Wie wij zijn');
    expect((await periodsOf(A)).map((p) => [p.from, p.to])).to.deep.equal([[minute(1), minute(5)], [minute(9), null]]);
  });

  it('ends every period of a deleted page', async () => {
    await throughAWorkflow();
    await page('PageDeleted', { locale: 'nl-nl', slug: 'over-ons', translationGroupId: 'p1' }, 10);
    expect(await use(A)).to.equal(null);
    expect(await use(B)).to.equal(null);
    expect((await periodsOf(B)).map((p) => [p.from, p.to])).to.deep.equal([[minute(1), minute(10)]]);
    expect(await bench.get(readModels.mediaUsagePages.collection, 'p1')).to.equal(null);
  });

  it('reads library addresses in links and rich text, the SEO image as picked from the library, and nothing elsewhere', async () => {
    const blocks = [
      { type: 'text', key: 't', anchorPoint: '', props: { html: `<p><a href="https://cms.example.org/api/cms/medialib/file/${C.toUpperCase()}/Verslag.pdf?download=1">verslag</a></p>` } },
      { type: 'image', key: 'ext', anchorPoint: '', props: { externalUrl: '/media/oud.png', alt: 'Oud', caption: '' } },
      { type: 'heading', key: 'h', anchorPoint: '', props: { text: `/api/cms/medialib/file/${B}/kop.png`, level: 2 } },
    ];
    await store('v1', blocks, [{ hash: A, fileName: 'seo.jpg', altText: '', fileID: 'i9' }], 1);
    const found = await bench.log.readModels.find<MediaUsageDoc>(usage);
    expect(found.map((d) => d.hash).sort()).to.deep.equal([A, C]);
  });

  it('keeps each version\'s hashes in a document of its own, so the page\'s stays the same size however many versions it has', async () => {
    const pageDoc = async () => JSON.stringify(await bench.get(readModels.mediaUsagePages.collection, 'p1'));
    await throughAWorkflow();
    let at = 5;
    let sizeEarly = 0;
    // Versions v10 to v29, each published and followed by a draft with A or C (the same length of id each time).
    for (let v = 10; v < 30; v++) {
      await page('PagePublished', { versionId: v === 10 ? 'v2' : `v${v - 1}`, slug: 'over-ons', locale: 'nl-nl' }, at++);
      await page('PageDraftStarted', { versionId: `v${v}`, basedOnVersionId: v === 10 ? 'v2' : `v${v - 1}` }, at++);
      await store(`v${v}`, [imageBlock(v % 2 ? A : C)], seoImage(B), at++, 'Wie wij zijn');
      if (v === 11) sizeEarly = (await pageDoc()).length;
    }
    // The same but for the digits of revisions and positions.
    expect((await pageDoc()).length).to.be.closeTo(sizeEarly, 6);
    expect(await bench.get(readModels.mediaUsagePages.collection, 'p1')).to.include({ draftVersionId: 'v29', publishedVersionId: 'v28' });
    expect(await bench.get(readModels.mediaUsageVersions.collection, 'v1')).to.deep.include({ pageId: 'p1', blocks: [A], seo: [B] });
    expect(await bench.get(readModels.mediaUsageVersions.collection, 'v28')).to.deep.include({ blocks: [C], seo: [B] });
    // The uses follow the draft and the published version as before.
    expect(await use(A)).to.include({ inDraft: true, inPublished: false });
    expect(await use(C)).to.include({ inDraft: false, inPublished: true });
    // A state is recorded when what the list shows changes (each publishing here), not at every save.
    const statesOfB = async () => (await periodsOf(B)).flatMap((p) => p.states);
    const before = (await statesOfB()).length;
    for (let i = 0; i < 5; i++) await store('v29', [imageBlock(A)], seoImage(B), at++, 'Wie wij zijn');
    expect((await statesOfB()).length).to.equal(before);
    await store('v29', [imageBlock(A)], seoImage(B), at++, 'Nieuwe titel');
    expect((await statesOfB()).length).to.equal(before + 1);
  });

  it('finds the library files and images the page type data holds, and follows them across drafts and block saves', async () => {
    const typeData = (hash: string) => ({ publicationDate: '2026-02-01', mainDownload: { hash, fileName: 'rapport.pdf', size: 1200 } });
    await page('PageSettingsStored', { versionId: 'v1', typeData: typeData(C), anchor: '' }, 1);
    expect(await use(C)).to.include({ inDraft: true, inPublished: false, status: 'concept' });
    // Storing the blocks keeps the version's type data media.
    await store('v1', [imageBlock(A)], [], 2);
    expect(await use(C)).to.include({ inDraft: true });
    await page('PagePublished', { versionId: 'v1', slug: 'over-ons', locale: 'nl-nl' }, 3);
    // A new draft starts with them, and a new main download replaces the old one in the draft only.
    await page('PageDraftStarted', { versionId: 'v2', basedOnVersionId: 'v1' }, 4);
    await page('PageSettingsStored', { versionId: 'v2', typeData: typeData(B), anchor: '' }, 5);
    expect(await use(C)).to.include({ inDraft: false, inPublished: true });
    expect(await use(B)).to.include({ inDraft: true, inPublished: false });
    await page('PageSettingsStored', { versionId: 'v2', typeData: { publicationDate: '2026-02-01', mainDownload: null }, anchor: '' }, 6);
    expect(await use(B)).to.equal(null);
    expect(await bench.get(readModels.mediaUsageVersions.collection, 'v1')).to.deep.include({ blocks: [A], seo: [], typeData: [C] });
  });

  it('ends in the same state when events are delivered again, and rebuilds to it', async () => {
    await throughAWorkflow();
    await page('PagePublished', { versionId: 'v2', slug: 'over-ons', locale: 'nl-nl' }, 5);
    await page('PageDeleted', { locale: 'nl-nl', slug: 'over-ons', translationGroupId: 'p1' }, 6);
    const once = await bench.snapshot();
    await bench.redeliver(bench.recorded.slice(-2));
    await bench.redeliver(bench.recorded);
    expect(await bench.snapshot()).to.deep.equal(once);
    await bench.projector.rebuild('media-usage');
    expect(await bench.snapshot()).to.deep.equal(once);
  });
});
