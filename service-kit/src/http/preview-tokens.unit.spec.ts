import { expect } from 'chai';
import type { PublicPageView } from '@pagelog/contracts/pages/page';
import { PreviewTokens } from './preview-tokens';

const page = {
  slug: 'over-ons', type: 'base', locale: 'nl-nl',
  pageVersion: { pageID: 'p1', versionID: 'preview', title: 'Over ons (concept)', blocks: [], pageType: { id: 'base', header: 'default', footer: 'default', props: {} }, images: [], files: [], seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] },
} as PublicPageView;

describe('preview tokens', () => {
  let now = 1_000_000;
  const tokens = () => new PreviewTokens(Buffer.alloc(32, 7), () => now, 60_000);

  it('opens the page it sealed, until it expires', () => {
    const token = tokens().seal(page);
    expect(tokens().open(token)).to.deep.equal({ kind: 'draft', page });
    now += 59_999;
    expect(tokens().open(token)).to.deep.equal({ kind: 'draft', page });
    now += 1;
    expect(tokens().open(token)).to.equal(null);
  });

  it('opens nothing another key sealed, nor a token whose page, expiry or signature was changed', () => {
    now = 1_000_000;
    const token = tokens().seal(page);
    expect(new PreviewTokens(Buffer.alloc(32, 8), () => now).open(token)).to.equal(null);
    const [payload, expiry, signature] = token.split('.') as [string, string, string];
    const other = Buffer.from(JSON.stringify({ kind: 'draft', page: { ...page, slug: 'elders' } })).toString('base64url');
    expect(tokens().open(`${other}.${expiry}.${signature}`)).to.equal(null);
    expect(tokens().open(`${payload}.${(now + 10 ** 9).toString(36)}.${signature}`)).to.equal(null);
    expect(tokens().open(`${payload}.${expiry}.${'A'.repeat(43)}`)).to.equal(null);
    for (const junk of ['', 'a.b.c', `${payload}.${expiry}`, `${token}.extra`]) expect(tokens().open(junk), junk).to.equal(null);
  });

  it('names a stored version in a short token that lasts as long as it is asked to', () => {
    now = 1_000_000;
    const { token, expiresAt } = tokens().sealVersion('version-7', 3_600_000);
    expect(token.length).to.be.below(120);
    expect(expiresAt).to.equal(now + 3_600_000);
    expect(tokens().open(token)).to.deep.equal({ kind: 'version', versionID: 'version-7' });
    now += 3_600_000;
    expect(tokens().open(token)).to.equal(null);
  });
});
