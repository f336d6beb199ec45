import { expect } from 'chai';
import { valueErrors } from '../../input';
import type { Block } from '../block';
import { blockType, defaultProps } from '../block-types';
import { mediaReferences } from '../media-references';

const hash = '0123456789abcdef'.repeat(4);
const image = { hash, fileName: 'foto.jpg', altText: 'Een foto', fileID: 'f1' };

/** What the block type's own schema and rule say of a block: `code property` per problem. */
function problems(block: Block): string[] {
  const definition = blockType(block.type)!;
  return [
    ...valueErrors(definition.props, block.props, 'pageVersion').map((i) => `${i.code} props.${i.property}`),
    ...(definition.check?.(block) ?? []).map((p) => `${p.code} ${p.property}`),
  ];
}

const imageBlock = (props: Record<string, unknown>, images: Block['__images'] = []): Block => ({ type: 'image', key: 'i', props: { ...defaultProps('image'), ...props }, anchorPoint: '', __images: images });
const video = (props: Record<string, unknown>): Block => ({ type: 'video', key: 'v', props: { provider: 'youtube', videoId: 'dQw4w9WgXcQ', title: 'Ons verhaal', link: '', ...props }, anchorPoint: '' });

describe('the image block type', () => {
  it('shows an image of the media library, or an external image by its address', () => {
    expect(problems(imageBlock({}, [image]))).to.deep.equal([]);
    expect(problems(imageBlock({ externalUrl: 'https://cdn.example/a.jpg', alt: 'A' }))).to.deep.equal([]);
    expect(problems(imageBlock({ externalUrl: '/media/a.jpg' }))).to.deep.equal([]);
  });

  it('needs one of the two', () => {
    expect(problems(imageBlock({}))).to.deep.equal(['V_01 __images']);
    expect(problems(imageBlock({ externalUrl: '   ' }))).to.deep.equal(['V_01 __images']);
  });

  it('refuses an external address an image cannot be loaded from, and the old url prop', () => {
    expect(problems(imageBlock({ externalUrl: 'javascript:alert(1)' }))).to.include('V_13 props.externalUrl');
    expect(problems(imageBlock({ url: 'https://cdn.example/a.jpg' }, [image]))).to.deep.equal(['V_12 props.url']);
  });

  it('holds at most one library image, and is found as a use of it and of its external address', () => {
    expect(blockType('image')!.media).to.deep.include({ images: { label: 'Image', min: 0, max: 1 } });
    expect(mediaReferences([imageBlock({ externalUrl: '/media/a.jpg' }), imageBlock({}, [image])]).images).to.deep.equal(['/media/a.jpg', hash]);
  });

  it('starts new blocks with an empty external address and alternative text', () => {
    expect(defaultProps('image')).to.deep.equal({ externalUrl: '', alt: '', caption: '' });
  });
});

describe('the downloads block type', () => {
  it('takes an optional title and one to fifty library files', () => {
    const definition = blockType('downloads')!;
    expect(definition.media).to.deep.equal({ files: { label: 'Files', min: 1, max: 50 } });
    expect(definition.media?.images).to.equal(undefined);
    expect(problems({ type: 'downloads', key: 'd', props: { title: '' }, anchorPoint: '', __files: [{ hash, fileName: 'a.pdf' }] })).to.deep.equal([]);
    expect(problems({ type: 'downloads', key: 'd', props: { title: 'x'.repeat(255) }, anchorPoint: '' })).to.deep.equal(['V_11 props.title']);
  });
});

describe('the video block type', () => {
  it('names a YouTube or Vimeo video by provider and id, with a title and the link it was added by', () => {
    expect(problems(video({}))).to.deep.equal([]);
    expect(problems(video({ link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }))).to.deep.equal([]);
    expect(problems(video({ provider: 'vimeo', videoId: '76979871', link: 'https://vimeo.com/76979871' }))).to.deep.equal([]);
  });

  it('needs a title, the play button is named by it', () => {
    expect(problems(video({ title: '' }))).to.deep.equal(['V_01 props.title']);
  });

  it('refuses another provider, an id of the wrong form for the provider, and a link to another video', () => {
    expect(problems(video({ provider: 'dailymotion' }))).to.deep.equal(['V_12 props.provider']);
    expect(problems(video({ provider: 'vimeo' }))).to.deep.equal(['V_12 props.videoId']);
    expect(problems(video({ videoId: 'dQw4w9WgXc"' }))).to.deep.equal(['V_12 props.videoId']);
    expect(problems(video({ link: 'https://youtu.be/aaaaaaaaaaa' }))).to.deep.equal(['ML_10 props.link']);
    expect(problems(video({ link: 'https://evil.example/watch?v=dQw4w9WgXcQ' }))).to.deep.equal(['ML_10 props.link']);
  });

  it('holds no library images or files', () => {
    expect(blockType('video')!.media).to.equal(undefined);
  });
});
