import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { expect } from 'chai';
import { RenderCache, type Rendered } from './render-cache';

function page(html: string, tags: string[], overrides: Partial<Rendered> = {}): Rendered {
  return { status: 200, html, tags, cacheable: true, contentLanguage: 'nl-NL', ...overrides };
}

/** A render that finishes when told to, to put an invalidation in the middle of it. */
function held(result: Rendered) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  return {
    render: async () => {
      calls++;
      await gate;
      return result;
    },
    release: () => release(),
    get calls() {
      return calls;
    },
  };
}

describe('the render cache', () => {
  describe('when a path is asked for', () => {
    it('renders it once and answers the kept entry afterwards', async () => {
      const cache = new RenderCache();
      let renders = 0;
      const render = async () => {
        renders++;
        return page('<p>one</p>', ['page:1']);
      };
      const first = await cache.getOrRender('/a', render);
      const second = await cache.getOrRender('/a', render);
      expect(renders).to.equal(1);
      expect(second).to.equal(first);
      expect(first.body.toString()).to.equal('<p>one</p>');
    });

    it('renders a path asked for by many at once only once', async () => {
      const cache = new RenderCache();
      const slow = held(page('<p>x</p>', ['page:1']));
      const all = Promise.all([1, 2, 3].map(() => cache.getOrRender('/a', slow.render)));
      slow.release();
      const entries = await all;
      expect(slow.calls).to.equal(1);
      expect(new Set(entries).size).to.equal(1);
    });

    it('gives equal content the same strong validator, and other content another', async () => {
      const cache = new RenderCache();
      const a = await cache.getOrRender('/a', async () => page('<p>same</p>', []));
      const b = await cache.getOrRender('/b', async () => page('<p>same</p>', []));
      const c = await cache.getOrRender('/c', async () => page('<p>other</p>', []));
      expect(a.hash).to.equal(b.hash).and.match(/^[A-Za-z0-9_-]{43}$/);
      expect(c.hash).to.not.equal(a.hash);
    });

    it('does not keep a render that says it is not cacheable', async () => {
      const cache = new RenderCache();
      let renders = 0;
      const render = async () => {
        renders++;
        return page('<p>partial</p>', [], { cacheable: false });
      };
      await cache.getOrRender('/a', render);
      await cache.getOrRender('/a', render);
      expect(renders).to.equal(2);
    });
  });

  describe('when tags are invalidated', () => {
    it('drops exactly the entries that carry one of them', async () => {
      const cache = new RenderCache();
      await cache.getOrRender('/a', async () => page('a', ['page:1', 'settings']));
      await cache.getOrRender('/b', async () => page('b', ['page:2', 'settings']));
      await cache.getOrRender('/c', async () => page('c', ['page:3', 'page:1']));
      expect(cache.invalidate(['page:1'])).to.equal(2);
      expect(cache.get('/a')).to.equal(undefined);
      expect(cache.get('/c')).to.equal(undefined);
      expect(cache.get('/b')?.body.toString()).to.equal('b');
      expect(cache.invalidate(['settings'])).to.equal(1);
      expect(cache.size).to.equal(0);
    });

    it('renders a dropped path afresh on the next request', async () => {
      const cache = new RenderCache();
      let version = 1;
      const render = async () => page(`v${version}`, ['page:1']);
      expect((await cache.getOrRender('/a', render)).body.toString()).to.equal('v1');
      version = 2;
      expect((await cache.getOrRender('/a', render)).body.toString()).to.equal('v1');
      cache.invalidate(['page:1']);
      expect((await cache.getOrRender('/a', render)).body.toString()).to.equal('v2');
    });

    it('does not keep a render that began before an invalidation of one of its tags (it may have read the old state)', async () => {
      const cache = new RenderCache();
      const stale = held(page('old', ['page:1']));
      const running = cache.getOrRender('/a', stale.render);
      cache.invalidate(['page:1']);
      stale.release();
      expect((await running).body.toString()).to.equal('old');
      expect(cache.get('/a')).to.equal(undefined);
      // A request after the invalidation does not join the old render either.
      expect((await cache.getOrRender('/a', async () => page('new', ['page:1']))).body.toString()).to.equal('new');
      expect(cache.get('/a')?.body.toString()).to.equal('new');
    });

    it('keeps a render that began before an invalidation of other tags', async () => {
      const cache = new RenderCache();
      const fine = held(page('fine', ['page:1']));
      const running = cache.getOrRender('/a', fine.render);
      cache.invalidate(['page:2']);
      fine.release();
      await running;
      expect(cache.get('/a')?.body.toString()).to.equal('fine');
    });

    it('does not keep a render that began before the cache was cleared', async () => {
      const cache = new RenderCache();
      const stale = held(page('old', ['page:1']));
      const running = cache.getOrRender('/a', stale.render);
      cache.clear();
      stale.release();
      await running;
      expect(cache.get('/a')).to.equal(undefined);
    });
  });

  describe('compressed variants', () => {
    const html = `<!doctype html><p>${'Onderzoek en advies. '.repeat(200)}</p>`;

    it('makes brotli and gzip once each, readable back to the same bytes, and keeps them with the entry', async () => {
      const cache = new RenderCache();
      const entry = await cache.getOrRender('/a', async () => page(html, ['page:1']));
      const br = await cache.variant('/a', entry, 'br');
      const gz = await cache.variant('/a', entry, 'gzip');
      expect(brotliDecompressSync(br).toString()).to.equal(html);
      expect(gunzipSync(gz).toString()).to.equal(html);
      expect(br.length).to.be.below(html.length / 10);
      const kept = cache.get('/a')!;
      expect(kept.variants.br).to.equal(br);
      expect(kept.variants.gzip).to.equal(gz);
      expect(kept.hash).to.equal(entry.hash);
      expect(await cache.variant('/a', kept, 'br')).to.equal(br);
    });

    it('keeps the variant of an entry that was dropped meanwhile out of the cache', async () => {
      const cache = new RenderCache();
      const entry = await cache.getOrRender('/a', async () => page(html, ['page:1']));
      const compressing = cache.variant('/a', entry, 'br');
      cache.invalidate(['page:1']);
      await compressing;
      expect(cache.get('/a')).to.equal(undefined);
    });
  });

  describe('its memory', () => {
    it('holds at most its bytes, dropping the least recently used pages first', async () => {
      const cache = new RenderCache({ maxBytes: 16 * 1024 });
      const kb = (n: number) => 'x'.repeat(n * 1024);
      await cache.getOrRender('/a', async () => page(kb(5), ['page:a']));
      await cache.getOrRender('/b', async () => page(kb(5), ['page:b']));
      cache.get('/a');
      await cache.getOrRender('/c', async () => page(kb(5), ['page:c']));
      expect(cache.get('/b')).to.equal(undefined);
      expect(cache.get('/a')).to.not.equal(undefined);
      expect(cache.get('/c')).to.not.equal(undefined);
      // A dropped entry leaves no tag behind: invalidating its tag drops nothing.
      expect(cache.invalidate(['page:b'])).to.equal(0);
    });

    it('keeps 404s and redirects in a space of their own, so made-up paths cannot push pages out', async () => {
      const cache = new RenderCache({ maxBytes: 64 * 1024 });
      await cache.getOrRender('/page', async () => page('x'.repeat(20 * 1024), ['page:1']));
      for (let i = 0; i < 200; i++) await cache.getOrRender(`/nothing-${i}`, async () => page('y'.repeat(1024), [`page-path:nl-nl:nothing-${i}`], { status: 404 }));
      expect(cache.get('/page')).to.not.equal(undefined);
      expect(cache.get('/nothing-199')).to.not.equal(undefined);
      expect(cache.get('/nothing-0')).to.equal(undefined);
    });

    it('keeps nothing with no bytes at all: every request renders', async () => {
      const cache = new RenderCache({ maxBytes: 0 });
      let renders = 0;
      const render = async () => {
        renders++;
        return page('a', []);
      };
      await Promise.all([cache.getOrRender('/a', render), cache.getOrRender('/a', render)]);
      await cache.getOrRender('/a', render);
      expect(renders).to.equal(3);
      expect(cache.size).to.equal(0);
    });

    it('forgets kept pages after ttlMs when told to (no invalidations reach it)', async () => {
      const cache = new RenderCache({ ttlMs: 30 });
      await cache.getOrRender('/a', async () => page('a', []));
      expect(cache.get('/a')).to.not.equal(undefined);
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(cache.get('/a')).to.equal(undefined);
    });
  });

  describe('an answer that stops being true by itself (a vacancy that closes)', () => {
    it('is kept until the moment it names, and not after it, compressed variants included', async () => {
      const cache = new RenderCache();
      const entry = await cache.getOrRender('/vacature', async () => page('<p>open</p>', ['page:v'], { expiresAt: Date.now() + 60 }));
      expect(cache.get('/vacature')).to.equal(entry);
      await cache.variant('/vacature', entry, 'gzip');
      expect(cache.get('/vacature')?.variants.gzip).to.be.instanceOf(Buffer);
      await new Promise((resolve) => setTimeout(resolve, 90));
      expect(cache.get('/vacature')).to.equal(undefined);
    });

    it('is not kept at all once that moment has passed', async () => {
      const cache = new RenderCache();
      await cache.getOrRender('/vacature', async () => page('<p>open</p>', ['page:v'], { expiresAt: Date.now() - 1 }));
      expect(cache.get('/vacature')).to.equal(undefined);
    });
  });
});
