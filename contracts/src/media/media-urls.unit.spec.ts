import { expect } from 'chai';
import { matchEndpoint } from '../endpoints';
import { pageFileQuerySchema, sharedFileQuerySchema } from './schemas';
import { cropTag, pageFileUrl, parseAspectRatio, previewCropUrl, renditionFormats, renditionWidths, sharedFileUrl, UNCROPPED_TAG } from './media-urls';

const hash = 'a'.repeat(64);
const crop = { x: 10, y: 20.5, width: 300, height: 200, rotate: 90, scaleX: -1, scaleY: 1 };

describe('media file addresses', () => {
  it('writes get-page-file addresses with the name encoded and the rendition asked in the query', () => {
    expect(pageFileUrl('p1', 'block_images_b1', hash, 'zomer café #1.jpg', { w: 640, fm: 'webp', v: 'c1x' })).to.equal(
      `/api/cms/medialib/get-page-file/p1/block_images_b1/${hash}/zomer%20caf%C3%A9%20%231.jpg?w=640&fm=webp&v=c1x`,
    );
    expect(sharedFileUrl(hash, 'a/b.pdf', { download: true })).to.equal(`/api/cms/medialib/file/${hash}/a%2Fb.pdf?download=1`);
  });

  it('writes addresses the endpoint table matches', () => {
    const path = (url: string) => url.split('?')[0]!;
    const page = matchEndpoint('GET', path(pageFileUrl('p1', 'seo_image', hash, 'zomer café.png', { w: 320 })));
    expect([page?.name, page?.params.fileName]).to.deep.equal(['mediaGetPageFile', 'zomer café.png']);
    expect(matchEndpoint('GET', path(sharedFileUrl(hash, 'x.pdf')))?.name).to.equal('mediaSharedFile');
  });

  it('tags a crop by its numbers: the same crop the same tag, any change another, none the uncropped tag', () => {
    expect(cropTag(crop)).to.equal(cropTag({ ...crop }));
    expect(cropTag(crop)).to.match(/^c[0-9a-z]{1,7}$/);
    expect(new Set([crop, { ...crop, x: 11 }, { ...crop, rotate: 0 }, { ...crop, scaleX: 1 }].map((c) => cropTag(c))).size).to.equal(4);
    expect([cropTag(undefined), cropTag(null)]).to.deep.equal([UNCROPPED_TAG, UNCROPPED_TAG]);
  });

  it('asks for an automatic crop by its aspect ratio', () => {
    expect(pageFileUrl('p1', 'seo_image', hash, 'a.jpg', { w: 1600, fm: 'jpeg', ar: 1.91, v: 'a1' })).to.equal(`/api/cms/medialib/get-page-file/p1/seo_image/${hash}/a.jpg?w=1600&fm=jpeg&ar=1.91&v=a1`);
    expect(sharedFileUrl(hash, 'a.jpg', { ar: 1 })).to.equal(`/api/cms/medialib/file/${hash}/a.jpg?ar=1`);
  });

  it('reads an aspect ratio as a number or as width:height, in hundredths, within 0.2..5', () => {
    expect(['1.91', '16:9', '1', '9:16', '0.2', '5', '4:3', '1.905'].map(parseAspectRatio)).to.deep.equal([1.91, 1.78, 1, 0.56, 0.2, 5, 1.33, 1.91]);
    expect(['0.19', '5.01', '1:0', '0', '-1', '1e2', '16/9', '', ' 1', '1:', ':1', '1.', 'NaN', '1:2:3'].map(parseAspectRatio)).to.deep.equal(Array(14).fill(null));
    for (const schema of [pageFileQuerySchema, sharedFileQuerySchema]) {
      expect(schema.isValidSync({ ar: '16:9' })).to.equal(true);
      expect(schema.isValidSync({ ar: '6' })).to.equal(false);
      expect(schema.isValidSync({})).to.equal(true);
    }
  });

  it('tags an automatic crop by its ratio and focal point, and an explicit crop by the crop alone', () => {
    const centred = cropTag(null, { ar: 1.91, focalPoint: null });
    expect(centred).to.match(/^a[0-9a-z]{1,7}$/);
    expect(cropTag(undefined, { ar: 1.91, focalPoint: { x: 0.5, y: 0.5 } })).to.equal(centred);
    const tags = [centred, cropTag(null, { ar: 1, focalPoint: null }), cropTag(null, { ar: 1.91, focalPoint: { x: 0.2, y: 0.5 } }), cropTag(null, { ar: 1.91, focalPoint: { x: 0.5, y: 0.21 } })];
    expect(new Set(tags).size).to.equal(4);
    expect(cropTag(crop, { ar: 1.91, focalPoint: { x: 0.2, y: 0.5 } })).to.equal(cropTag(crop));
    expect(cropTag(null, null)).to.equal(UNCROPPED_TAG);
  });

  it('writes a crop preview with numbers the query schema takes (at most six decimals, no exponent)', () => {
    expect(previewCropUrl('img1', { ...crop, x: 1e-7, y: 1 / 3 }, 320)).to.equal('/api/cms/medialib/preview-crop?imageID=img1&x=0&y=0.333333&width=300&height=200&rotate=90&scaleX=-1&scaleY=1&w=320');
  });

  it('lists the widths narrower than the original and the original up to the widest, and the formats by transparency', () => {
    expect(renditionWidths(4000)).to.deep.equal([320, 640, 1024, 1600, 2560]);
    expect(renditionWidths(1200)).to.deep.equal([320, 640, 1024, 1200]);
    expect(renditionWidths(640)).to.deep.equal([320, 640]);
    expect(renditionWidths(100)).to.deep.equal([100]);
    expect([renditionFormats(false), renditionFormats(true)]).to.deep.equal([
      ['avif', 'webp', 'jpeg'],
      ['avif', 'webp', 'png'],
    ]);
  });
});
