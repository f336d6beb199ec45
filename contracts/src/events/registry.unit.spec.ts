import { expect } from 'chai';
import { eventSchemas, upcast } from './registry';

describe('event schema versions and upcasters', () => {
  const original = { ...eventSchemas.PagePublished };
  afterEach(() => {
    eventSchemas.PagePublished = original;
  });

  it('passes data of the current version and of unknown types unchanged', () => {
    expect(upcast('PagePublished', 1, { a: 1 })).to.deep.equal({ a: 1 });
    expect(upcast('SomethingElse', 1, { a: 1 })).to.deep.equal({ a: 1 });
  });

  it('lifts old data through each upcaster in turn', () => {
    eventSchemas.PagePublished = {
      schemaVersion: 3,
      upcasters: { 1: (d) => ({ ...d, channel: 'web' }), 2: (d) => ({ ...d, channels: [d.channel], channel: undefined }) },
    };
    expect(upcast('PagePublished', 1, { pageId: 'p' })).to.deep.equal({ pageId: 'p', channels: ['web'], channel: undefined });
    expect(upcast('PagePublished', 2, { pageId: 'p', channel: 'app' })).to.deep.equal({ pageId: 'p', channels: ['app'], channel: undefined });
  });

  it('fails loudly when an upcaster is missing', () => {
    eventSchemas.PagePublished = { schemaVersion: 2, upcasters: {} };
    expect(() => upcast('PagePublished', 1, {})).to.throw(/no upcaster for PagePublished from schema version 1/);
  });
});

describe('blocks stored before the media library (schema version 1)', () => {
  const oldImage = { type: 'image', key: 'i', props: { url: '/media/a.jpg', alt: 'Het team', caption: 'Wij' }, anchorPoint: '' };
  const heading = { type: 'heading', key: 'h', props: { text: 'Kop', url: 'not an image' }, anchorPoint: '' };

  for (const type of ['PageVersionStored', 'PageLinksUpdated']) {
    it(`reads an image block's url of ${type} as its external image, alt and caption kept, other blocks untouched`, () => {
      const data = { pageId: 'p', versionId: 'v', blocks: [heading, oldImage] };

      expect(upcast(type, 1, data)).to.deep.equal({
        pageId: 'p',
        versionId: 'v',
        blocks: [heading, { type: 'image', key: 'i', props: { externalUrl: '/media/a.jpg', alt: 'Het team', caption: 'Wij' }, anchorPoint: '' }],
      });
    });

    it(`leaves ${type} data of version 2 as it is`, () => {
      const data = { pageId: 'p', blocks: [{ ...oldImage, props: { externalUrl: 'https://x.test/a.jpg', alt: '' } }] };
      expect(upcast(type, 2, data)).to.deep.equal(data);
    });
  }

  it('copes with data that has no block list or odd blocks', () => {
    expect(upcast('PageVersionStored', 1, { pageId: 'p' })).to.deep.equal({ pageId: 'p' });
    expect(upcast('PageVersionStored', 1, { blocks: [null, 'x', { type: 'image', props: null }, { type: 'image', props: { alt: 'A' } }] })).to.deep.equal({
      blocks: [null, 'x', { type: 'image', props: null }, { type: 'image', props: { alt: 'A' } }],
    });
  });
});
