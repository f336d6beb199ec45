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
