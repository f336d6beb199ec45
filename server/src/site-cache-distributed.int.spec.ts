import { expect } from 'chai';
import { ApiClient } from './test-kit/api-client';
import { startDistributedSites, type DistributedSites } from './test-kit/distributed-sites';
import { createPublishedPage, publishTitle, visibleAfter } from './test-kit/site-pages';

const postgresUrl = process.env.TEST_POSTGRES_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two site processes of the distributed mode, each with its own render cache: a publication
 * reaches both within a second, by PostgreSQL NOTIFY or by Redis pub/sub (decision 0016).
 */
const variants: { name: string; redisUrl?: string }[] = [
  ...(postgresUrl ? [{ name: 'PostgreSQL LISTEN/NOTIFY' }] : []),
  ...(postgresUrl && redisUrl ? [{ name: 'Redis pub/sub', redisUrl }] : []),
];
for (const variant of variants) {
  describe(`two site processes kept fresh through ${variant.name}`, function () {
    this.timeout(120_000);
    let sites: DistributedSites;
    let admin: ApiClient;

    before(async () => {
      sites = await startDistributedSites({ postgresUrl: postgresUrl!, redisUrl: variant.redisUrl, sites: 2 });
      admin = await ApiClient.loggedIn(sites.gatewayUrl);
    });
    after(async () => {
      await sites?.stop();
    });

    it('shows a published change in both site processes within a second of its acknowledgement', async () => {
      const pageID = await createPublishedPage(admin, { slug: 'diensten', title: 'Diensten' });
      // Each process renders the page once and keeps it.
      for (const site of sites.siteUrls) await visibleAfter(`${site}/diensten`, 'Diensten', performance.now(), 10_000);
      for (const round of [1, 2, 3]) {
        const title = `Diensten, versie ${round}`;
        await publishTitle(admin, pageID, title);
        const acknowledged = performance.now();
        const elapsed = await Promise.all(sites.siteUrls.map((site) => visibleAfter(`${site}/diensten`, title, acknowledged, 5_000)));
        for (const ms of elapsed) expect(ms).to.be.below(1_000);
      }
    });

    it('keeps answering from memory between changes: the same ETag, 304 on a match', async () => {
      const [first, second] = sites.siteUrls as [string, string];
      const a = await fetch(`${first}/diensten`);
      const b = await fetch(`${second}/diensten`);
      await Promise.all([a.arrayBuffer(), b.arrayBuffer()]);
      // Two processes, the same bytes: the same strong ETag, so a CDN in front may ask either.
      expect(a.headers.get('etag')).to.equal(b.headers.get('etag'));
      expect((await fetch(`${second}/diensten`, { headers: { 'If-None-Match': a.headers.get('etag')! } })).status).to.equal(304);
      expect(a.headers.getSetCookie()).to.deep.equal([]);
    });
  });
}
