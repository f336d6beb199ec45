import { expect } from 'chai';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { Block } from '@pagelog/contracts/blocks/block';
import type { PageEvent } from '@pagelog/contracts/events/page-events';
import { deciderSpec } from '../../core/decider-spec';
import { content, created, deleted, draftStarted, heading, published, requested, richText, stored, unpublished } from '../page-fixtures';
import { foldPage } from '../page-state';
import { authoringDecider, type AuthoringCommand, type StoreVersion } from './decider';

const page = deciderSpec(authoringDecider);

const create = (over: Partial<Extract<AuthoringCommand, { type: 'CreatePage' }>['data']> = {}): AuthoringCommand => ({
  type: 'CreatePage',
  data: {
    pageId: 'p1',
    versionId: 'v1',
    translationGroupId: 'p1',
    pageType: 'article',
    locale: 'nl-nl',
    title: 'Over ons',
    slug: 'over-ons',
    content: '',
    typeData: {},
    copiedFrom: null,
    copiedContent: null,
    ...over,
  },
});

/** A store based on the current revision of `history`, unless `baseRevision` says otherwise. */
function store(history: PageEvent[], over: Partial<StoreVersion['data']> = {}, baseRevision = history.length): AuthoringCommand {
  return {
    type: 'StoreVersion',
    data: {
      versionId: 'v1',
      newVersionId: 'v2',
      content: content({ title: 'Nieuw' }),
      baseRevision,
      base: foldPage(history.slice(0, baseRevision)),
      currentRevision: history.length,
      ...over,
    },
  };
}

/** What a refusal names: a property of the version's content (blocks), or of the page (its settings). */
const ofVersion = (code: string, property: string) => ({ code, property, model: 'pageVersion' });
const ofPage = (code: string, property: string) => ({ code, property, model: 'page' });

describe('page authoring decider', () => {
  describe('when a page is created', () => {
    it('records PageCreated with its first draft version and the type data with its defaults', () => {
      page.given().when(create()).then([created()]);
    });

    it('starts a translation or duplicate from the copied draft, under its own title', () => {
      const copiedFrom = { pageId: 'p0', versionId: 'v0', as: 'translation' as const };
      const events = page.given().when(create({ title: 'About us', copiedFrom, copiedContent: content() })).thenTypes('PageCreated', 'PageVersionStored');
      expect(events[0]!.data).to.include({ copiedFrom });
      expect(events[1]!.data).to.deep.include({ versionId: 'v1', title: 'About us', blocks: content().blocks });
    });

    it('refuses to create the same page twice', () => {
      page.given(created()).when(create()).thenFails(ValidationError);
    });

    it('names invalid type data by its field', () => {
      page.given().when(create({ typeData: { publicationDate: 'gisteren' } })).thenFails(ValidationError, [ofPage('V_12', 'typeData.publicationDate')]);
    });

    it('refuses type data the page type does not name, or of another JSON type', () => {
      page.given().when(create({ typeData: { author: 'An', __images: [{}], summary: 42 } })).thenFails(ValidationError, [ofPage('V_12', 'typeData.__images'), ofPage('V_12', 'typeData.summary')]);
    });
  });

  describe('when a draft is stored', () => {
    it('stores into the draft version', () => {
      page.given(created()).when(store([created()])).then([stored('v1', content({ title: 'Nieuw' }))]);
    });

    it('records nothing when the content did not change', () => {
      const history = [created(), stored('v1', content({ title: 'Nieuw' }))];
      page.given(...history).when(store(history)).thenNothing();
    });

    it('marks a store the editor made by itself (autosave), and only that one', () => {
      const [auto] = page.given(created()).when(store([created()], { auto: true })).thenTypes('PageVersionStored');
      expect(auto!.data).to.deep.equal({ pageId: 'p1', versionId: 'v1', ...content({ title: 'Nieuw' }), auto: true });
      const [asked] = page.given(created()).when(store([created()], { auto: false })).thenTypes('PageVersionStored');
      expect(asked!.data).to.not.have.property('auto');
    });

    it('records nothing for an autosave of the draft as it is', () => {
      const history = [created(), stored('v1', content({ title: 'Nieuw' }))];
      page.given(...history).when(store(history, { auto: true })).thenNothing();
    });

    it('starts a new draft when the draft was published, so published versions never change', () => {
      const history = [created(), published()];
      const events = page.given(...history).when(store(history)).thenTypes('PageDraftStarted', 'PageVersionStored');
      expect(events[0]!.data).to.deep.equal({ pageId: 'p1', versionId: 'v2', basedOnVersionId: 'v1' });
      expect((events[1]!.data as { versionId: string }).versionId).to.equal('v2');
    });

    it('also after the page was unpublished: a version that was live once stays as it was', () => {
      const history = [created(), published(), unpublished()];
      page.given(...history).when(store(history)).thenTypes('PageDraftStarted', 'PageVersionStored');
    });

    it('refuses, with the current revision, to store into a version that is no longer the draft', () => {
      const history = [created(), published(), draftStarted('v2', 'v1')];
      const error = page.given(...history).when(store(history, { versionId: 'v1' })).thenFails(ValidationError, [ofVersion('V_07', 'id')]);
      expect(error.items[0]!.message).to.equal('This operation cannot be executed.');
    });

    it('answers PM_01 for a page that does not exist, a version of another page, and a deleted page', () => {
      page.given().when(store([])).thenFails(NotFoundError);
      page.given(created()).when(store([created()], { versionId: 'elders' })).thenFails(NotFoundError);
      const gone = [created(), deleted()];
      page.given(...gone).when(store(gone)).thenFails(NotFoundError);
    });

    it('keeps a version under review as it is: V_07 while a publication request is open', () => {
      const history = [created(), requested()];
      page.given(...history).when(store(history)).thenFails(ValidationError, [ofVersion('V_07', 'hasPublicationRequest')]);
    });

    it('names every invalid block property: unknown type, missing prop, bad link, duplicate anchor in any case', () => {
      const blocks = [
        { type: 'carousel', key: 'a', props: {}, anchorPoint: '' },
        { type: 'heading', key: 'b', props: {}, anchorPoint: 'Top' },
        { type: 'callToAction', key: 'c', props: { title: 'Kom', buttonText: 'Nu', url: 'javascript:alert(1)' }, anchorPoint: '' },
        { type: 'text', key: 'd', props: { html: '<p>x</p>' }, anchorPoint: 'top' },
      ];
      page.given(created()).when(store([created()], { content: content({ blocks }) })).thenFails(ValidationError, [
        ofVersion('V_12', 'blocks[0].type'),
        ofVersion('V_01', 'blocks[1].props.text'),
        ofVersion('V_13', 'blocks[2].props.url'),
        ofVersion('V_18', 'blocks[3].anchorPoint'),
      ]);
    });
    it('refuses a prop the block type does not name, naming it', () => {
      const blocks = [{ type: 'heading', key: 'h', props: { text: 'Kop', level: 2, onclick: 'x()' }, anchorPoint: '' }];
      page.given(created()).when(store([created()], { content: content({ blocks }) })).thenFails(ValidationError, [ofVersion('V_12', 'blocks[0].props.onclick')]);
    });

    it('refuses props that are not an object', () => {
      const blocks = [{ type: 'heading', key: 'h', props: ['Kop'] as unknown as Record<string, unknown>, anchorPoint: '' }];
      page.given(created()).when(store([created()], { content: content({ blocks }) })).thenFails(ValidationError, [ofVersion('V_12', 'blocks[0].props')]);
    });

    const hash = 'a'.repeat(64);
    const image = { hash, fileName: 'foto.jpg', altText: 'Een foto', fileID: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' };

    const imageBlock = (key: string, images: unknown[], props: Record<string, unknown> = {}) => ({ type: 'image', key, props: { externalUrl: '', alt: '', caption: '', ...props }, anchorPoint: '', __images: images }) as Block;
    const downloads = (key: string, files: unknown[]) => ({ type: 'downloads', key, props: { title: '' }, anchorPoint: '', __files: files }) as Block;

    it('stores block images and files as the spec describes them', () => {
      const cropParams = { x: 0, y: 0, width: 10, height: 10, rotate: 0, scaleX: 1, scaleY: 1 };
      const blocks = [imageBlock('i', [{ ...image, cropParams, decorative: true, width: 10, height: 10 }]), downloads('d', [{ hash, fileName: 'folder.pdf', size: 1234, contentType: 'application/pdf' }])];
      page.given(created()).when(store([created()], { content: content({ blocks }) })).then([stored('v1', content({ blocks }))]);
    });

    it('refuses a block image or file with an unknown key, a bad hash or a path as file name', () => {
      const blocks = [
        imageBlock('a', [{ ...image, html: '<script>' }]),
        imageBlock('b', [{ ...image, hash: 'A'.repeat(64) }]),
        imageBlock('c', [{ ...image, cropParams: { x: 0 }, width: 0 }]),
        downloads('d', [{ hash: 'abc', fileName: '../etc/passwd', size: -1 }]),
      ];
      page.given(created()).when(store([created()], { content: content({ blocks }) })).thenFails(ValidationError, [
        ofVersion('V_12', 'blocks[0].__images[0].html'),
        ofVersion('V_12', 'blocks[1].__images[0].hash'),
        ofVersion('V_01', 'blocks[2].__images[0].cropParams.y'),
        ofVersion('V_01', 'blocks[2].__images[0].cropParams.width'),
        ofVersion('V_01', 'blocks[2].__images[0].cropParams.height'),
        ofVersion('V_01', 'blocks[2].__images[0].cropParams.rotate'),
        ofVersion('V_01', 'blocks[2].__images[0].cropParams.scaleX'),
        ofVersion('V_01', 'blocks[2].__images[0].cropParams.scaleY'),
        ofVersion('V_12', 'blocks[2].__images[0].width'),
        ofVersion('V_12', 'blocks[3].__files[0].hash'),
        ofVersion('V_12', 'blocks[3].__files[0].fileName'),
        ofVersion('V_12', 'blocks[3].__files[0].size'),
      ]);
    });

    it('takes an image block with a library image or an external URL, and refuses one with neither', () => {
      const fine = [imageBlock('lib', [image]), imageBlock('ext', [], { externalUrl: 'https://cdn.example/a.jpg', alt: 'A' })];
      page.given(created()).when(store([created()], { content: content({ blocks: fine }) })).then([stored('v1', content({ blocks: fine }))]);
      const blocks = [imageBlock('none', []), imageBlock('blank', [], { externalUrl: '  ' })];
      page.given(created()).when(store([created()], { content: content({ blocks }) })).thenFails(ValidationError, [
        ofVersion('V_01', 'blocks[0].__images'),
        ofVersion('V_01', 'blocks[1].__images'),
      ]);
    });

    it('refuses more media than a block type holds: two images in an image block, any on a heading, a downloads block without files', () => {
      const blocks = [imageBlock('i', [image, image]), { ...heading('h', 'Kop'), __images: [image], __files: [{ hash, fileName: 'a.pdf' }] }, downloads('d', [])];
      page.given(created()).when(store([created()], { content: content({ blocks }) })).thenFails(ValidationError, [
        ofVersion('V_14', 'blocks[0].__images'),
        ofVersion('V_12', 'blocks[1].__images'),
        ofVersion('V_12', 'blocks[1].__files'),
        ofVersion('V_01', 'blocks[2].__files'),
      ]);
    });

    it('takes a video block naming one YouTube or Vimeo video, and refuses an id or link of another', () => {
      const video = (key: string, props: Record<string, unknown>) => ({ type: 'video', key, props: { provider: 'youtube', videoId: 'dQw4w9WgXcQ', title: 'Ons verhaal', link: '', ...props }, anchorPoint: '' }) as Block;
      const fine = [video('y', { link: 'https://youtu.be/dQw4w9WgXcQ' }), video('v', { provider: 'vimeo', videoId: '76979871', link: 'https://vimeo.com/76979871' })];
      page.given(created()).when(store([created()], { content: content({ blocks: fine }) })).then([stored('v1', content({ blocks: fine }))]);
      const blocks = [video('a', { videoId: '76979871' }), video('b', { link: 'https://youtu.be/aaaaaaaaaaa' }), video('c', { provider: 'dailymotion', title: '' })];
      page.given(created()).when(store([created()], { content: content({ blocks }) })).thenFails(ValidationError, [
        ofVersion('V_12', 'blocks[0].props.videoId'),
        ofVersion('ML_10', 'blocks[1].props.link'),
        ofVersion('V_12', 'blocks[2].props.provider'),
        ofVersion('V_01', 'blocks[2].props.title'),
      ]);
    });

    for (const href of ['//evil.example', '/\\evil.example', '&#47;&#47;evil.example', '/&#92;evil.example', 'javascript:alert(1)', 'java&#9;script:alert(1)']) {
      it(`refuses rich text with a link to ${JSON.stringify(href)} as not a valid URL`, () => {
        const blocks = [heading('h', 'Kop'), richText('t', `<p>Zie <a href="/over-ons">ons</a> en <a href="${href}">dit</a></p>`)];
        page.given(created()).when(store([created()], { content: content({ blocks }) })).thenFails(ValidationError, [ofVersion('V_13', 'blocks[1].props.html')]);
      });
    }

    it('refuses rich text with an image from another site without a scheme', () => {
      const blocks = [richText('t', '<p><img src=//evil.example/pixel.gif></p>')];
      page.given(created()).when(store([created()], { content: content({ blocks }) })).thenFails(ValidationError, [ofVersion('V_13', 'blocks[0].props.html')]);
    });
  });

  describe('when a save is based on an older revision', () => {
    const base = [created(), stored('v1', content())];

    it('merges changes to different blocks and fields, and says it merged', () => {
      const theirs = content({ blocks: [heading('h', 'Wie wij echt zijn'), richText('t', '<p>Tekst</p>')] });
      const history = [...base, stored('v1', theirs)];
      const mine = content({ title: 'Over het bureau', blocks: [heading('h', 'Wie wij zijn'), richText('t', '<p>Nieuwe tekst</p>'), heading('n', 'Nieuw')] });
      const [merged] = page.given(...history).when(store(history, { content: mine }, 2)).thenTypes('PageVersionStored');
      expect(merged!.data).to.deep.include({
        title: 'Over het bureau',
        blocks: [heading('h', 'Wie wij echt zijn'), richText('t', '<p>Nieuwe tekst</p>'), heading('n', 'Nieuw')],
        mergedFromRevision: 2,
      });
    });

    it('answers 409 with what clashed and the newer version when both changed the same block', () => {
      const theirs = content({ blocks: [heading('h', 'Hun kop'), richText('t', '<p>Tekst</p>')] });
      const history = [...base, stored('v1', theirs)];
      const mine = content({ blocks: [heading('h', 'Mijn kop'), richText('t', '<p>Tekst</p>')] });
      const error = page.given(...history).when(store(history, { content: mine }, 2)).thenFails(ConflictError);
      expect(error.currentRevision).to.equal(3);
      expect(error.details).to.deep.equal({ conflicts: ['blocks.h'], current: { ...theirs, versionId: 'v1' } });
    });

    it('merges into the new draft when the version the editor had open was published meanwhile', () => {
      const history = [...base, published(), draftStarted('v2', 'v1'), stored('v2', content({ seoTitle: 'SEO' }))];
      page.given(...history).when(store(history, { content: content({ title: 'Mijn titel' }), newVersionId: 'v3' }, 2)).then([
        { type: 'PageVersionStored', data: { pageId: 'p1', versionId: 'v2', ...content({ title: 'Mijn titel', seoTitle: 'SEO' }), mergedFromRevision: 2 } },
      ]);
    });
  });

  describe('when the page settings are saved', () => {
    const save = (data: Partial<Extract<AuthoringCommand, { type: 'SavePage' }>['data']>): AuthoringCommand => ({
      type: 'SavePage',
      data: { slug: 'over-ons', updateLinks: false, mayPublish: false, newVersionId: 'v2', ...data },
    });
    const settingsStored = (versionId: string, typeData: Record<string, unknown>, anchor = ''): PageEvent => ({
      type: 'PageSettingsStored',
      data: { pageId: 'p1', versionId, typeData: { author: '', publicationDate: '', summary: '', ...typeData }, anchor },
    });

    it('records a slug change with the previous slug, and stores the anchor and type data into the draft, each only when it changed', () => {
      const draft = page.given(created());
      draft.when(save({ slug: 'wie-wij-zijn', updateLinks: true, anchor: 'top', typeData: { author: 'An' } })).then([
        { type: 'PageSlugChanged', data: { pageId: 'p1', locale: 'nl-nl', slug: 'wie-wij-zijn', previousSlug: 'over-ons', updateLinks: true } },
        settingsStored('v1', { author: 'An' }, 'top'),
      ]);
      draft.when(save({ anchor: '', typeData: {} })).thenNothing();
    });

    it('stores changed settings of a live page into a new draft, so the published version stays as it was', () => {
      page.given(created(), published()).when(save({ typeData: { summary: 'Nieuw' } })).then([
        { type: 'PageDraftStarted', data: { pageId: 'p1', versionId: 'v2', basedOnVersionId: 'v1' } },
        settingsStored('v2', { summary: 'Nieuw' }),
      ]);
    });

    it('keeps the settings of a version under review as they are', () => {
      page.given(created(), requested()).when(save({ typeData: { author: 'An' } })).thenFails(ValidationError, [ofPage('V_07', 'hasPublicationRequest')]);
    });

    it('moves a live page only for someone who may publish: the move changes the public site at once', () => {
      const live = page.given(created(), published());
      live.when(save({ slug: 'elders' })).thenFails(ForbiddenError);
      live.when(save({ slug: 'elders', mayPublish: true })).thenTypes('PageSlugChanged');
      // A page that is not on the site moves freely.
      page.given(created()).when(save({ slug: 'elders' })).thenTypes('PageSlugChanged');
      page.given(created(), published(), unpublished()).when(save({ slug: 'elders' })).thenTypes('PageSlugChanged');
    });
  });

  describe('when links to a moved page are updated', () => {
    const linking = content({ blocks: [richText('t', '<p><a href="/over-ons#team">Team</a></p>')] });
    const update: AuthoringCommand = { type: 'UpdateLinks', data: { fromPath: '/over-ons', toPath: '/wie-wij-zijn', movedPageId: 'p9', newVersionId: 'v2', origins: [] } };

    it('points the draft\'s links at the new path', () => {
      page.given(created(), stored('v1', linking)).when(update).then([
        { type: 'PageLinksUpdated', data: { pageId: 'p1', versionId: 'v1', fromPath: '/over-ons', toPath: '/wie-wij-zijn', movedPageId: 'p9', blocks: [richText('t', '<p><a href="/wie-wij-zijn#team">Team</a></p>')] } },
      ]);
    });

    it('starts a new draft rather than change a published version, and leaves a draft under review alone', () => {
      page.given(created(), stored('v1', linking), published()).when(update).thenTypes('PageDraftStarted', 'PageLinksUpdated');
      page.given(created(), stored('v1', linking), requested()).when(update).thenNothing();
      page.given(created(), stored('v1', content())).when(update).thenNothing();
    });
  });

  describe('when a page is deleted', () => {
    it('revokes an open request first, then deletes', () => {
      page.given(created(), requested()).when({ type: 'DeletePage', data: {} }).thenTypes('PublicationRequestRevoked', 'PageDeleted');
    });

    it('accepts nothing afterwards', () => {
      const gone = page.given(created(), deleted());
      gone.when({ type: 'DeletePage', data: {} }).thenFails(NotFoundError);
      gone.when({ type: 'SavePage', data: { slug: 'x', updateLinks: false, mayPublish: true, newVersionId: 'v2' } }).thenFails(NotFoundError);
    });
  });
});
