import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import request from 'supertest';
import { expect } from 'chai';
import type { Block } from '@pagelog/contracts/blocks/block';
import type { PublicPageView, SiblingSlug } from '@pagelog/contracts/pages/page';
import { emptyContact } from '@pagelog/contracts/settings/site-settings';
import { createSiteApp, type SiteAppOptions } from './create-site-app';
import type { SiteLogger } from './site-logger';

/** The content of the csrf-token meta element, its entities decoded. */
function csrfMetaOf(head: string): string {
  const raw = /<meta name="csrf-token" content="([^"]*)">/.exec(head)?.[1];
  if (raw === undefined) throw new Error(`no csrf-token meta in ${head}`);
  return raw.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

interface ApiReply {
  status: number;
  page: PublicPageView | null;
  headers?: Record<string, string | string[]>;
  /** For a 301: the path the page moved to. */
  redirect?: string;
}

interface SeenCall {
  path: string;
  slug: string | undefined;
  cookie: string | undefined;
  requestId: string | undefined;
}

/** A stand-in for the query service: answers get-by-slug-query from a table and records every call. */
class MockApi {
  readonly calls: SeenCall[] = [];
  replies = new Map<string, ApiReply>();
  /** get-sibling-slugs by page id; a page without an entry has only itself. */
  siblings = new Map<string, { status: number; data: unknown }>();
  settingsStatus = 200;
  /** menu/get-public by locale; a locale without an entry has no menus. */
  menus = new Map<string, unknown>();
  menusStatus = 200;
  private server: Server | undefined;

  async start(): Promise<string> {
    const app = new Koa();
    app.use(async (ctx) => {
      const slug = typeof ctx.query.slug === 'string' ? ctx.query.slug : undefined;
      this.calls.push({ path: ctx.path, slug, cookie: ctx.get('Cookie') || undefined, requestId: ctx.get('X-Request-Id') || undefined });
      if (ctx.path === '/api/cms/settings/get') {
        ctx.status = this.settingsStatus;
        const site = { name: 'Test Site', logo: null, contact: emptyContact, social: [], defaultSeoImage: null };
        ctx.body = { Success: true, Errors: [], data: { availableLocales: ['nl-nl', 'en-gb'], defaultLocale: 'nl-nl', customSlugLocales: [], site } };
        return;
      }
      if (ctx.path === '/api/cms/menu/get-public') {
        ctx.status = this.menusStatus;
        ctx.body = { Success: this.menusStatus === 200, Errors: [], data: this.menus.get(String(ctx.query.locale)) ?? { main: [], footer: [], service: [] } };
        return;
      }
      if (ctx.path === '/api/cms/page/get-by-slug-query' && slug !== undefined) {
        const reply = this.replies.get(slug) ?? this.replies.get('*') ?? { status: 404, page: null };
        for (const [name, value] of Object.entries(reply.headers ?? {})) ctx.set(name, value);
        ctx.status = reply.status;
        if (reply.redirect !== undefined) {
          ctx.set('Location', reply.redirect);
          ctx.body = { Success: true, Errors: [], data: { page: null, redirect: reply.redirect } };
          return;
        }
        ctx.body = { Success: reply.status === 200, Errors: [], data: { page: reply.page } };
        return;
      }
      const siblingsOf = /^\/api\/cms\/page\/get-sibling-slugs\/([^/]+)$/.exec(ctx.path);
      if (siblingsOf) {
        const pageID = decodeURIComponent(siblingsOf[1]!);
        const reply = this.siblings.get(pageID) ?? { status: 200, data: [{ pageID, locale: 'nl-nl', slug: 'over-ons', path: '/over-ons', title: 'Over ons' }] };
        ctx.status = reply.status;
        ctx.body = { Success: reply.status === 200, Errors: [], data: reply.data };
        return;
      }
      ctx.status = 404;
    });
    this.server = createServer(app.callback());
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  pageCalls(): SeenCall[] {
    return this.calls.filter((c) => c.path === '/api/cms/page/get-by-slug-query');
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

class RecordingLogger implements SiteLogger {
  readonly lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  info(fields: Record<string, unknown>, message: string) {
    this.lines.push({ level: 'info', fields, message });
  }
  warn(fields: Record<string, unknown>, message: string) {
    this.lines.push({ level: 'warn', fields, message });
  }
  error(fields: Record<string, unknown>, message: string) {
    this.lines.push({ level: 'error', fields, message });
  }
}

function block(type: string, key: string, props: Record<string, unknown>, anchorPoint = ''): Block {
  return { type, key, props, anchorPoint };
}

function page(overrides: Partial<PublicPageView> & { version?: Partial<PublicPageView['pageVersion']> } = {}): PublicPageView {
  const { version, ...rest } = overrides;
  return {
    slug: 'over-ons',
    type: 'base',
    locale: 'nl-nl',
    ...rest,
    pageVersion: {
      pageID: 'page-1',
      versionID: 'version-1',
      title: 'Over ons',
      seoTitle: 'Over ons – SEO',
      seoDescription: 'Wie wij zijn',
      seoKeywords: ['team', 'missie', 'visie'],
      seoImage: ['/media/team.jpg'],
      blocks: [block('heading', 'b1', { text: 'Welkom', level: 1 })],
      pageType: { id: 'base', header: 'default', footer: 'default', props: {} },
      images: [],
      files: [],
      ...version,
    },
  };
}

/** The `<head>` of a document, so head assertions cannot be satisfied by body content. */
function headOf(html: string): string {
  return html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
}


describe('the public site (createSiteApp)', () => {
  const api = new MockApi();
  let apiUrl = '';
  let logger: RecordingLogger;
  let emptyClientDir = '';
  const tempDirs: string[] = [];

  before(async () => {
    apiUrl = await api.start();
    emptyClientDir = mkdtempSync(join(tmpdir(), 'site-web-no-client-'));
    tempDirs.push(emptyClientDir);
  });

  after(async () => {
    await api.stop();
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    api.calls.length = 0;
    api.replies.clear();
    api.siblings.clear();
    api.settingsStatus = 200;
    api.menusStatus = 200;
    api.menus.clear();
    logger = new RecordingLogger();
  });

  function site(options: Partial<SiteAppOptions> = {}) {
    const app = createSiteApp({
      apiUrl,
      publicUrl: 'https://www.example.test',
      clientDir: emptyClientDir,
      logger,
      ...options,
    });
    return request(app.callback());
  }

  describe('when the path has a published page', () => {
    it('answers 200 with the page head: SEO title, description, keywords, Open Graph, canonical and an empty csrf-token element', async () => {
      api.replies.set('/over-ons', { status: 200, page: page(), headers: { 'X-CSRF-Token': 'token-123' } });

      const res = await site().get('/over-ons');

      expect(res.status).to.equal(200);
      expect(res.type).to.equal('text/html');
      expect(res.text).to.match(/^<!doctype html>\n<html lang="nl-NL">/);
      const head = headOf(res.text);
      expect(head).to.include('<meta charset="utf-8">');
      expect(head).to.include('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(head).to.include('<title>Over ons – SEO | Test Site</title>');
      expect(head).to.include('<meta name="description" content="Wie wij zijn">');
      expect(head).to.include('<meta name="keywords" content="team,missie,visie">');
      expect(head).to.include('<meta property="og:title" content="Over ons – SEO">');
      expect(head).to.include('<meta property="og:description" content="Wie wij zijn">');
      expect(head).to.include('<meta property="og:image" content="https://www.example.test/media/team.jpg">');
      expect(head).to.include('<meta property="og:type" content="website">');
      expect(head).to.include('<meta property="og:url" content="https://www.example.test/over-ons">');
      expect(head).to.include('<link rel="canonical" href="https://www.example.test/over-ons">');
      // The same bytes for every visitor: a form fetches its token when a visitor starts it.
      expect(csrfMetaOf(head)).to.equal('');
      expect(head).not.to.include('noindex');
    });

    it('sends a content security policy that allows only its own scripts, and no-sniff and framing headers', async () => {
      api.replies.set('/over-ons', { status: 200, page: page() });
      const res = await site().get('/over-ons');
      expect(res.headers['content-security-policy']).to.include("script-src 'self'");
      expect(res.headers['content-security-policy']).to.include("object-src 'none'");
      expect(res.headers['x-content-type-options']).to.equal('nosniff');
      expect(res.headers['x-frame-options']).to.equal('SAMEORIGIN');
    });

    it('falls back to the page title when the SEO title is empty, and leaves out og:image without an SEO image', async () => {
      api.replies.set('/over-ons', { status: 200, page: page({ version: { seoTitle: '', seoImage: [] } }) });

      const head = headOf((await site().get('/over-ons')).text);

      expect(head).to.include('<title>Over ons | Test Site</title>');
      expect(head).to.include('<meta property="og:title" content="Over ons">');
      expect(head).not.to.include('og:image');
      expect(head).to.include('<meta name="csrf-token" content="">');
    });

    it('keeps an absolute SEO image URL as it is', async () => {
      api.replies.set('/over-ons', { status: 200, page: page({ version: { seoImage: ['https://cdn.example.test/a.png'] } }) });

      const head = headOf((await site().get('/over-ons')).text);

      expect(head).to.include('<meta property="og:image" content="https://cdn.example.test/a.png">');
    });

    it('gives a page of another locale its locale prefix in canonical and og:url, and its language', async () => {
      api.replies.set('/en-gb/about/team', {
        status: 200,
        page: page({ slug: 'about/team', locale: 'en-gb', version: { title: 'Team', seoTitle: '' } }),
      });

      const res = await site().get('/en-gb/about/team');

      expect(res.text).to.match(/<html lang="en-GB">/);
      expect(res.headers['content-language']).to.equal('en-gb');
      expect(headOf(res.text)).to.include('<link rel="canonical" href="https://www.example.test/en-gb/about/team">');
      expect(headOf(res.text)).to.include('<meta property="og:url" content="https://www.example.test/en-gb/about/team">');
    });

    it('gives the home page of the default locale the site root as canonical', async () => {
      api.replies.set('/', { status: 200, page: page({ slug: 'home', version: { title: 'Home', seoTitle: '' } }) });

      const res = await site({ publicUrl: 'https://www.example.test/' }).get('/');

      expect(res.status).to.equal(200);
      expect(headOf(res.text)).to.include('<link rel="canonical" href="https://www.example.test/">');
    });

    it('escapes markup and quotes in every head value', async () => {
      const evil = `<script>alert("x")</script> it's "quoted"`;
      api.replies.set('/over-ons', {
        status: 200,
        page: page({ version: { title: evil, seoTitle: '', seoDescription: evil, seoKeywords: [evil], seoImage: [`/a.png?x="><script>`] } }),
      });

      const head = headOf((await site().get('/over-ons')).text);

      expect(head).not.to.include('<script');
      expect(head).to.include(
        '<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; it&#39;s &quot;quoted&quot; | Test Site</title>',
      );
      expect(head).to.include(
        '<meta name="description" content="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; it&#39;s &quot;quoted&quot;">',
      );
    });

    it('renders header, the blocks in their stored order inside main, and footer', async () => {
      api.replies.set('/over-ons', {
        status: 200,
        page: page({
          version: {
            blocks: [
              block('heading', 'b1', { text: 'Eerste kop', level: 3 }),
              block('text', 'b2', { html: '<p>Tweede: <strong>tekst</strong></p>' }),
              block('image', 'b3', { externalUrl: 'https://cdn.example.test/foto.jpg', alt: 'Een foto', caption: 'Derde' }),
            ],
          },
        }),
      });

      const html = (await site().get('/over-ons')).text;

      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      const positions = ['<h3 class="block block-heading">Eerste kop</h3>', '<p>Tweede: <strong>tekst</strong></p>', '<figure']
        .map((fragment) => main.indexOf(fragment));
      expect(positions.every((p) => p >= 0)).to.equal(true, `all blocks inside main: ${positions}`);
      expect(positions).to.deep.equal([...positions].sort((a, b) => a - b));
      expect(main).to.include('<img src="https://cdn.example.test/foto.jpg" alt="Een foto" loading="eager" decoding="async" fetchPriority="high"/>');
      expect(main).to.include('<figcaption>Derde</figcaption>');
      expect(html.indexOf('<header')).to.be.within(0, html.indexOf('<main'));
      expect(html.indexOf('<footer')).to.be.greaterThan(html.indexOf('</main>'));
      expect(html).to.include('<a class="site-header__brand" href="/">Test Site</a>');
    });

    it('links the site name to the home page of the page locale', async () => {
      api.replies.set('/en-gb/about', { status: 200, page: page({ slug: 'about', locale: 'en-gb' }) });

      const html = (await site().get('/en-gb/about')).text;

      expect(html).to.include('<a class="site-header__brand" href="/en-gb">Test Site</a>');
    });

    it('follows the header and footer variants of the page type', async () => {
      api.replies.set('/over-ons', {
        status: 200,
        page: page({ version: { pageType: { id: 'landing-page', header: 'none', footer: 'minimal', props: {} } } }),
      });

      const html = (await site().get('/over-ons')).text;

      expect(html).not.to.include('<header');
      expect(html).to.include('<footer class="site-footer site-footer--minimal">');
    });

    it('wraps a block with an anchor point in an element with that id, and no other block', async () => {
      api.replies.set('/over-ons', {
        status: 200,
        page: page({
          version: {
            blocks: [block('heading', 'b1', { text: 'Contact', level: 2 }, 'contact'), block('heading', 'b2', { text: 'Zonder anker', level: 2 }, '')],
          },
        }),
      });

      const html = (await site().get('/over-ons')).text;

      expect(html).to.include('<section id="contact" class="block-anchor"><h2 class="block block-heading">Contact</h2></section>');
      expect(html).to.include('</section><h2 class="block block-heading">Zonder anker</h2>');
      expect(html.match(/<section/g)).to.have.length(1);
    });

    describe('with a block type that is not registered', () => {
      const originalWarn = console.warn;
      let warnings: unknown[][];
      beforeEach(() => {
        warnings = [];
        console.warn = (...args: unknown[]) => void warnings.push(args);
      });
      afterEach(() => {
        console.warn = originalWarn;
      });

      it('skips the block with a console warning and renders the others', async () => {
        api.replies.set('/over-ons', {
          status: 200,
          page: page({
            version: {
              blocks: [
                block('heading', 'b1', { text: 'Voor', level: 2 }),
                block('carousel', 'b2', { slides: ['Geheime dia'] }, 'carousel-anchor'),
                block('heading', 'b3', { text: 'Na', level: 2 }),
              ],
            },
          }),
        });

        const res = await site().get('/over-ons');

        expect(res.status).to.equal(200);
        expect(warnings).to.deep.equal([['Block type not found in the block map: carousel']]);
        const main = res.text.slice(res.text.indexOf('<main'), res.text.indexOf('</main>'));
        expect(main).to.include('Voor');
        expect(main).to.include('Na');
        expect(main).not.to.include('carousel-anchor');
        expect(main).not.to.include('Geheime dia');
      });
    });

    it('sanitises rich text before it is rendered', async () => {
      const dirty =
        '<p onclick="steal()">Hallo <a href="javascript:alert(1)">klik</a> <a href="https://example.test/">goed</a></p>' +
        '<script>alert(1)</script><img src="/x.png" onerror="alert(2)"><img src="javascript:alert(3)">' +
        '<ul><li><em>lijst</em></li></ul><h2>Kop</h2><iframe src="https://evil.test"></iframe>';
      api.replies.set('/over-ons', { status: 200, page: page({ version: { blocks: [block('text', 'b1', { html: dirty })] } }) });

      const html = (await site().get('/over-ons')).text;
      const rendered = html.slice(html.indexOf('<main'), html.indexOf('</main>'));

      expect(rendered).not.to.match(/<script|onerror|onclick|javascript:|<iframe/i);
      expect(rendered).to.include('<a href="https://example.test/">goed</a>');
      expect(rendered).to.include('<ul><li><em>lijst</em></li></ul><h2>Kop</h2>');
      expect(rendered).to.include('<img src="/x.png" loading="lazy" />');
      // Nothing of the page travels beside the markup, where a value could escape the sanitiser.
      expect(html).not.to.include('steal()');
    });

    it('renders a call to action, and puts no link in the page that the block registry would refuse', async () => {
      api.replies.set('/over-ons', {
        status: 200,
        page: page({
          version: {
            blocks: [
              block('callToAction', 'c1', { title: 'Samen verder?', text: 'Bel ons.', buttonText: 'Contact', url: ' /contact ', style: 'secondary' }),
              block('callToAction', 'c2', { title: 'Klik', text: '', buttonText: 'Nu', url: 'javascript:alert(1)', style: 'primary' }),
            ],
          },
        }),
      });

      const html = (await site().get('/over-ons')).text;

      expect(html).to.include(
        '<section class="block block-cta block-cta--secondary"><h2 class="block-cta__title">Samen verder?</h2><p class="block-cta__text">Bel ons.</p>' +
          '<p class="block-cta__action"><a class="button button--secondary" href="/contact">Contact</a></p></section>',
      );
      expect(html).to.include('<section class="block block-cta block-cta--primary"><h2 class="block-cta__title">Klik</h2></section>');
      expect(html).not.to.include('javascript:');
    });

    it("puts an article's byline and summary in the page language above its blocks", async () => {
      api.replies.set('/nieuws/rapport', {
        status: 200,
        page: page({
          slug: 'nieuws/rapport',
          type: 'article',
          version: {
            blocks: [block('heading', 'b1', { text: 'Het rapport', level: 1 })],
            pageType: { id: 'article', header: 'default', footer: 'default', props: { author: 'Anna de Vries', publicationDate: '2026-03-12', summary: 'Wat we leerden.' } },
          },
        }),
      });

      const html = (await site().get('/nieuws/rapport')).text;
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));

      expect(main).to.include('<span class="article-byline__author">Door Anna de Vries</span>');
      expect(main).to.include('<time dateTime="2026-03-12">12 maart 2026</time>');
      expect(main.indexOf('Wat we leerden.')).to.be.within(main.indexOf('12 maart 2026'), main.indexOf('Het rapport'));
    });

    it('sends the page as markup only, with no state to hydrate, every value escaped in it', async () => {
      const breakout = '</script><script>alert(1)</script><!--';
      api.replies.set('/over-ons', {
        status: 200,
        page: page({ version: { title: breakout, blocks: [block('heading', 'b1', { text: breakout, level: 2 })] } }),
      });

      const html = (await site().get('/over-ons')).text;

      // Without a client bundle there is no script at all: the page's data is not embedded.
      expect(html).not.to.include('<script');
      expect(html).not.to.include('<!--');
      expect(html).to.include('<h2 class="block block-heading">&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--</h2>');
    });

    it('sets no cookie, even when the API answers with one, and starts no session', async () => {
      api.replies.set('/over-ons', {
        status: 200,
        page: page(),
        headers: { 'Set-Cookie': ['pagelog.sid=abc; Path=/; HttpOnly', 'pagelog.csrf=def; Path=/'] },
      });

      const res = await site().get('/over-ons').set('Cookie', 'pagelog_sid=visitor');

      expect(res.status).to.equal(200);
      expect(res.headers['set-cookie']).to.equal(undefined);
      expect(api.calls.map((c) => c.path)).not.to.include('/api/cms/auth/user');
    });

    it('answers HEAD like GET without a body', async () => {
      api.replies.set('/over-ons', { status: 200, page: page() });

      const res = await site().head('/over-ons');

      expect(res.status).to.equal(200);
      expect(res.type).to.equal('text/html');
      expect(res.text ?? '').to.equal('');
    });
  });

  describe('the calls to the API', () => {
    for (const path of ['/', '/over-ons', '/en-gb/about', '/en-gb/about/team']) {
      it(`asks for the slug exactly as the visitor's path ${path}`, async () => {
        api.replies.set('*', { status: 200, page: page() });

        await site().get(`${path}?utm_source=mail`);

        expect(api.pageCalls().map((c) => c.slug)).to.deep.equal([path]);
      });
    }

    it("carries the request id, never the visitor's cookie: the answer is the same for everyone", async () => {
      api.replies.set('/over-ons', { status: 200, page: page() });

      const res = await site().get('/over-ons').set('Cookie', 'pagelog_sid=abc').set('X-Request-Id', 'req-42');

      expect(res.headers['x-request-id']).to.equal('req-42');
      expect(api.calls.map((c) => [c.path, c.cookie, c.requestId])).to.have.deep.members([
        ['/api/cms/settings/get', undefined, 'req-42'],
        ['/api/cms/page/get-by-slug-query', undefined, 'req-42'],
        // The translations, for the language switcher.
        ['/api/cms/page/get-sibling-slugs/page-1', undefined, 'req-42'],
        // The menus of the page's locale, for the header and footer.
        ['/api/cms/menu/get-public', undefined, 'req-42'],
        // The locale's newsletter popup (this API has none: 404, and the page is kept without it).
        ['/api/cms/newsletter-popup/public/nl-nl', undefined, 'req-42'],
      ]);
    });

    it('shows the menus of the page\'s locale from menu/get-public, and the site name from settings/get', async () => {
      api.replies.set('/over-ons', { status: 200, page: page() });
      api.menus.set('nl-nl', {
        main: [{ id: 'm1', label: 'Expertise', href: '/expertise', external: false, pageID: 'p3', children: [] }],
        footer: [{ id: 'f1', label: 'Werken bij', href: '/werken-bij', external: false, pageID: 'p4', children: [] }],
        service: [],
      });
      const res = await site().get('/over-ons');
      expect(res.text).to.include('href="/expertise"').and.include('href="/werken-bij"').and.include('Test Site');
    });

    it('shows the page without menus, and logs it, when menu/get-public answers 500', async () => {
      api.replies.set('/over-ons', { status: 200, page: page() });
      api.menusStatus = 500;
      const res = await site().get('/over-ons');
      expect(res.status).to.equal(200);
      expect(res.text).to.include('Test Site');
      expect(logger.lines.some((line) => line.message.includes('menus could not be read'))).to.equal(true);
    });

    it('makes up a request id when the visitor sends none', async () => {
      api.replies.set('/over-ons', { status: 200, page: page() });

      const res = await site().get('/over-ons');

      expect(api.pageCalls()[0]!.requestId).to.be.a('string').and.equal(res.headers['x-request-id']);
      expect(api.pageCalls()[0]!.cookie).to.equal(undefined);
    });

    it('renders a path once: later views, by anyone, ask the API nothing', async () => {
      api.replies.set('*', { status: 200, page: page() });
      const app = site();

      const first = await app.get('/over-ons');
      const calls = api.calls.length;
      const second = await app.get('/over-ons').set('Cookie', 'pagelog_sid=someone-else');

      expect(api.calls).to.have.length(calls);
      expect(second.text).to.equal(first.text);
      await app.get('/contact');
      expect(api.pageCalls().map((c) => c.slug)).to.deep.equal(['/over-ons', '/contact']);
    });
  });

  describe('when the path has no published page', () => {
    it("answers 404 with the site's own 404 page", async () => {
      api.replies.set('/bestaat-niet', {
        status: 404,
        page: page({ slug: '404', version: { title: 'Niet gevonden', seoTitle: '', blocks: [block('heading', 'b1', { text: 'Deze pagina bestaat niet', level: 1 })] } }),
        headers: { 'Set-Cookie': 'pagelog.sid=xyz; Path=/' },
      });

      const res = await site().get('/bestaat-niet');

      expect(res.status).to.equal(404);
      expect(res.text).to.include('<h1 class="block block-heading">Deze pagina bestaat niet</h1>');
      expect(headOf(res.text)).to.include('<title>Niet gevonden | Test Site</title>');
      expect(headOf(res.text)).to.include('<meta name="robots" content="noindex">');
      expect(csrfMetaOf(headOf(res.text))).to.equal('');
      expect(res.headers['set-cookie']).to.equal(undefined);
    });

    it('answers 404 when a page with slug 404 comes back with status 200', async () => {
      api.replies.set('/404', { status: 200, page: page({ slug: '404' }) });

      expect((await site().get('/404')).status).to.equal(404);
    });

    it('answers 404 with a minimal page in the language of the path when there is not even a 404 page', async () => {
      api.replies.set('/bestaat-niet', { status: 404, page: null });
      api.replies.set('/en-gb/does-not-exist', { status: 404, page: null });

      const res = await site().get('/bestaat-niet');

      expect(res.status).to.equal(404);
      expect(headOf(res.text)).to.include('<title>Pagina niet gevonden | Test Site</title>');
      expect(res.text).to.include('<h1>Pagina niet gevonden</h1>');
      expect(res.text).to.include('<a href="/">Naar de startpagina</a>');
      expect(res.text).to.include('<html lang="nl-NL">');

      const english = await site().get('/en-gb/does-not-exist');

      expect(english.status).to.equal(404);
      expect(headOf(english.text)).to.include('<title>Page not found | Test Site</title>');
      expect(english.text).to.include('<h1>Page not found</h1>');
      expect(english.text).to.include('<a href="/en-gb">Go to the home page</a>');
      expect(english.text).to.include('<html lang="en-GB">');
    });

    it('shows no language switcher and does not ask for translations of the 404 page', async () => {
      api.replies.set('/bestaat-niet', { status: 404, page: page({ slug: '404' }) });

      const res = await site().get('/bestaat-niet');

      expect(res.text).not.to.include('<nav');
      expect(api.calls.map((c) => c.path)).not.to.include('/api/cms/page/get-sibling-slugs/page-1');
    });
  });

  describe('the language switcher', () => {
    const dutch: SiblingSlug = { pageID: 'page-1', locale: 'nl-nl', slug: 'over-ons', path: '/over-ons', title: 'Over ons' };
    const english: SiblingSlug = { pageID: 'page-2', locale: 'en-gb', slug: 'about-us', path: '/en-gb/about-us', title: 'About us' };

    function navOf(html: string): string {
      const start = html.indexOf('<nav');
      return start === -1 ? '' : html.slice(start, html.indexOf('</nav>', start) + '</nav>'.length);
    }

    it('links the published translations in the header, each in its own language, the current one marked', async () => {
      api.replies.set('/over-ons', { status: 200, page: page() });
      api.siblings.set('page-1', { status: 200, data: [dutch, english] });

      const res = await site().get('/over-ons');

      expect(res.status).to.equal(200);
      const header = res.text.slice(res.text.indexOf('<header'), res.text.indexOf('</header>'));
      expect(header).to.include(navOf(res.text));
      expect(navOf(res.text)).to.equal(
        '<nav class="language-switcher" aria-label="Taal"><ul class="language-switcher__list">' +
          '<li><a class="language-switcher__link" href="/over-ons" lang="nl-NL" hrefLang="nl-NL" aria-current="true">Nederlands</a></li>' +
          '<li><a class="language-switcher__link" href="/en-gb/about-us" lang="en-GB" hrefLang="en-GB">English</a></li>' +
          '</ul></nav>',
      );
      expect(api.calls.filter((c) => c.path.startsWith('/api/cms/page/get-sibling-slugs/')).map((c) => c.path)).to.deep.equal([
        '/api/cms/page/get-sibling-slugs/page-1',
      ]);
    });

    it('adds an alternate link per translation and the default locale as x-default to the head', async () => {
      api.replies.set('/en-gb/about-us', { status: 200, page: page({ slug: 'about-us', locale: 'en-gb', version: { pageID: 'page-2' } }) });
      api.siblings.set('page-2', { status: 200, data: [dutch, english] });

      const head = headOf((await site().get('/en-gb/about-us')).text);

      expect(head).to.include('<link rel="alternate" hreflang="nl-NL" href="https://www.example.test/over-ons">');
      expect(head).to.include('<link rel="alternate" hreflang="en-GB" href="https://www.example.test/en-gb/about-us">');
      expect(head).to.include('<link rel="alternate" hreflang="x-default" href="https://www.example.test/over-ons">');
    });

    it('names the switcher in the interface language of the page', async () => {
      api.replies.set('/en-gb/about-us', { status: 200, page: page({ slug: 'about-us', locale: 'en-gb', version: { pageID: 'page-2' } }) });
      api.siblings.set('page-2', { status: 200, data: [dutch, english] });

      const html = (await site().get('/en-gb/about-us')).text;

      expect(navOf(html)).to.include('aria-label="Language"');
      expect(navOf(html)).to.include('href="/en-gb/about-us" lang="en-GB" hrefLang="en-GB" aria-current="true">English</a>');
    });

    it('is left out for a page without translations', async () => {
      api.replies.set('/over-ons', { status: 200, page: page() });
      api.siblings.set('page-1', { status: 200, data: [dutch] });

      const res = await site().get('/over-ons');

      expect(navOf(res.text)).to.equal('');
      expect(headOf(res.text)).not.to.include('alternate');
    });

    for (const [failure, reply] of [
      ['answers 500', { status: 500, data: null }],
      ['answers 404', { status: 404, data: null }],
      ['answers something that is not a list', { status: 200, data: { pages: [] } }],
    ] as const) {
      it(`shows the page without a switcher, and logs it, when the call ${failure}`, async () => {
        api.replies.set('/over-ons', { status: 200, page: page() });
        api.siblings.set('page-1', reply);

        const res = await site().get('/over-ons').set('X-Request-Id', 'req-siblings');

        expect(res.status).to.equal(200);
        expect(res.text).to.include('<h1 class="block block-heading">Welkom</h1>');
        expect(navOf(res.text)).to.equal('');
        expect(headOf(res.text)).not.to.include('alternate');
        const warnings = logger.lines.filter((l) => l.level === 'warn' && l.fields.pageID !== undefined);
        expect(warnings).to.have.length(1);
        expect(warnings[0]!.fields).to.include({ requestId: 'req-siblings', pageID: 'page-1' });
        expect(warnings[0]!.message).to.include('language switcher');
      });
    }

    it('leaves out a translation whose path leads to another site', async () => {
      api.replies.set('/over-ons', { status: 200, page: page() });
      api.siblings.set('page-1', { status: 200, data: [dutch, { ...english, path: '//evil.test/en' }, { pageID: 'page-3', locale: 'de-de', slug: 'ueber-uns', path: '/de-de/ueber-uns', title: 'Über uns' }] });

      const html = (await site().get('/over-ons')).text;

      expect(html).not.to.include('evil.test');
      expect(navOf(html)).to.include('>Deutsch</a>');
      expect(navOf(html)).not.to.include('English');
    });
  });

  describe('the interface language', () => {
    it('gives a Dutch page Dutch texts of its own', async () => {
      api.replies.set('/over-ons', { status: 200, page: page() });

      const html = (await site().get('/over-ons')).text;

      expect(html).to.include('<a class="skip-link" href="#main">Naar de inhoud</a>');
      expect(html).to.include('<form class="site-search" role="search" action="/zoeken" method="get"><label class="visually-hidden" for="site-search-q">Zoeken</label>');
      // The footer names the organisation, not the software.
      expect(html).to.include(`<p class="site-footer__copyright">© ${new Date().getFullYear()} Test Site</p>`);
      expect(html).not.to.include('Pagelog');
    });

    it('gives a page in a language without texts of its own English ones, keeping its locale as the document language', async () => {
      api.replies.set('/es/sobre', { status: 200, page: page({ slug: 'sobre', locale: 'es-es' }) });

      const res = await site().get('/es/sobre');

      expect(res.text).to.include('<html lang="es-ES">');
      expect(res.text).to.include('<a class="skip-link" href="#main">Skip to content</a>');
    });
  });

  describe('when the path is the old path of a page that moved', () => {
    it('sends the visitor on with 301 to the new path, without rendering a page', async () => {
      api.replies.set('/oude-pad', { status: 301, page: null, redirect: '/nieuwe-pad' });

      const res = await site().get('/oude-pad').redirects(0);

      expect(res.status).to.equal(301);
      expect(res.headers.location).to.equal('/nieuwe-pad');
      expect(res.text).not.to.match(/<main|__PAGELOG_STATE__|<head>/);
      expect(api.calls.map((c) => c.path)).not.to.include('/api/cms/page/get-sibling-slugs/page-1');
    });

    it("keeps the query string of the visitor's request", async () => {
      api.replies.set('/en-gb/old-path', { status: 301, page: null, redirect: '/en-gb/new-path' });

      const res = await site().get('/en-gb/old-path?utm_source=mail&x=a%20b').redirects(0);

      expect(res.status).to.equal(301);
      expect(res.headers.location).to.equal('/en-gb/new-path?utm_source=mail&x=a%20b');
      expect(api.pageCalls().map((c) => c.slug)).to.deep.equal(['/en-gb/old-path']);
    });

    it('takes the new path from the Location header when the body names none', async () => {
      api.replies.set('/oude-pad', { status: 301, page: null, headers: { Location: '/nieuwe-pad' } });

      const res = await site().get('/oude-pad').redirects(0);

      expect(res.status).to.equal(301);
      expect(res.headers.location).to.equal('/nieuwe-pad');
    });

    it('lets the browser ask again next time, as the old path may go to another page later', async () => {
      api.replies.set('/oude-pad', { status: 301, page: null, redirect: '/nieuwe-pad' });

      const res = await site().get('/oude-pad').redirects(0);

      expect(res.headers['cache-control']).to.equal('private, no-cache');
    });

    it('never sends the visitor to another site', async () => {
      for (const target of ['https://evil.test/', '//evil.test/x', '/\\evil.test/x']) {
        api.replies.set('/oude-pad', { status: 301, page: null, redirect: target });

        const res = await site().get('/oude-pad').redirects(0);

        expect(res.status, target).to.equal(503);
        expect(res.headers.location, target).to.equal(undefined);
      }
    });
  });

  describe('when the API is unavailable', () => {
    it('answers 503 with a friendly page and logs the error when the API cannot be reached', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));

      const res = await site({ apiUrl: `http://127.0.0.1:${port}` }).get('/over-ons').set('X-Request-Id', 'req-down');

      expect(res.status).to.equal(503);
      expect(res.type).to.equal('text/html');
      expect(res.text).to.include('Something went wrong, please try again later.');
      expect(res.text).not.to.match(/ApiUnavailableError|ECONNREFUSED|\bat .+:\d+:\d+|127\.0\.0\.1/);
      const errors = logger.lines.filter((l) => l.level === 'error');
      expect(errors).to.have.length(1);
      expect(errors[0]!.fields).to.include({ requestId: 'req-down', status: 503 });
    });

    it('answers 503 when the API answers 5xx', async () => {
      api.replies.set('/over-ons', { status: 500, page: null });

      const res = await site().get('/over-ons');

      expect(res.status).to.equal(503);
      expect(res.text).to.include('Something went wrong, please try again later.');
      expect(res.headers['set-cookie']).to.equal(undefined);
      expect(logger.lines.filter((l) => l.level === 'error')).to.have.length(1);
    });

    it('answers 503 when the settings cannot be read', async () => {
      api.replies.set('/over-ons', { status: 200, page: page() });
      api.settingsStatus = 502;

      expect((await site().get('/over-ons')).status).to.equal(503);
    });
  });

  describe('the client bundle', () => {
    function builtClient(): string {
      const dir = mkdtempSync(join(tmpdir(), 'site-web-client-'));
      tempDirs.push(dir);
      mkdirSync(join(dir, '.vite'));
      writeFileSync(
        join(dir, '.vite', 'manifest.json'),
        JSON.stringify({
          'src/client/main.tsx': { file: 'main-AbC123xy.js', src: 'src/client/main.tsx', isEntry: true, css: ['main-Zz9Yy8Xx.css'], imports: ['_vendor-Qq1Ww2Ee.js'] },
          '_vendor-Qq1Ww2Ee.js': { file: 'vendor-Qq1Ww2Ee.js' },
        }),
      );
      writeFileSync(join(dir, 'main-AbC123xy.js'), 'console.log("hydrate")');
      return dir;
    }

    it('loads the hashed entry from the manifest after the state', async () => {
      api.replies.set('/over-ons', { status: 200, page: page() });

      const html = (await site({ clientDir: builtClient() }).get('/over-ons')).text;

      expect(html).to.include('<script type="module" src="/assets/site/main-AbC123xy.js"></script>');
      expect(html.indexOf('/assets/site/main-AbC123xy.js')).to.be.greaterThan(html.indexOf('id="__PAGELOG_STATE__"'));
      expect(headOf(html)).to.include('<link rel="stylesheet" href="/assets/site/main-Zz9Yy8Xx.css">');
      expect(headOf(html)).to.include('<link rel="modulepreload" href="/assets/site/vendor-Qq1Ww2Ee.js">');
      expect(logger.lines.filter((l) => l.level === 'warn')).to.deep.equal([]);
    });

    it('serves the hashed files under /assets/site/ with a long cache, and hides the manifest', async () => {
      const app = site({ clientDir: builtClient() });

      const file = await app.get('/assets/site/main-AbC123xy.js');
      expect(file.status).to.equal(200);
      expect(file.text).to.equal('console.log("hydrate")');
      expect(file.headers['cache-control']).to.equal('public, max-age=31536000, immutable');

      expect((await app.get('/assets/site/.vite/manifest.json')).status).to.equal(404);
      expect((await app.get('/assets/site/missing-AbC123xy.js')).status).to.equal(404);
      expect(api.pageCalls()).to.deep.equal([]);
    });

    it('renders without a client script and warns once when there is no manifest', async () => {
      api.replies.set('/over-ons', { status: 200, page: page() });
      const app = site();

      const first = await app.get('/over-ons');
      await app.get('/over-ons');

      expect(first.status).to.equal(200);
      expect(first.text).not.to.include('<script type="module"');
      expect(logger.lines.filter((l) => l.level === 'warn')).to.have.length(1);
    });
  });

  describe("the newsletter's confirmation page", () => {
    const token = '01970000-0000-7000-8000-000000000001.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

    it('shows a Dutch link a button to confirm with, past the render cache, confirming nothing by itself', async () => {
      const res = await site().get(`/nieuwsbrief/bevestigen?token=${encodeURIComponent(token)}`);

      expect(res.status).to.equal(200);
      expect(res.headers['cache-control']).to.equal('private, no-store');
      expect(res.headers['referrer-policy']).to.equal('no-referrer');
      expect(res.text).to.include('<title>Aanmelding bevestigen – Test Site</title>');
      expect(res.text).to.include('<meta name="robots" content="noindex">');
      expect(res.text).to.include('<h1>Aanmelding bevestigen</h1>');
      expect(res.text).to.include(`<input type="hidden" name="token" value="${token}"/>`);
      expect(res.text).to.include('<button type="submit" class="button">Aanmelding bevestigen</button>');
      expect(res.text).to.include('data-island="newsletter-confirm"');
      // Opening the link reads the settings and menus, and calls nothing that could confirm.
      expect(api.pageCalls()).to.deep.equal([]);
      expect(api.calls.map((c) => c.path).filter((p) => p.includes('forms'))).to.deep.equal([]);
    });

    it('shows an English link in English, below its locale', async () => {
      const res = await site().get(`/en-gb/newsletter/confirm?token=${encodeURIComponent(token)}`);

      expect(res.status).to.equal(200);
      expect(res.text).to.include('<h1>Confirm your subscription</h1>');
      expect(res.text).to.include('<html lang="en-GB"');
    });

    it('says a link without a token is not valid, and leaves the path of a locale the site does not offer to the pages', async () => {
      const empty = await site().get('/nieuwsbrief/bevestigen');
      expect(empty.status).to.equal(200);
      expect(empty.text).to.include('Deze link is niet geldig.');
      expect(empty.text).not.to.include('newsletter-confirm__form');

      expect((await site().get(`/fr-fr/newsletter/confirm?token=${token}`)).status).to.equal(404);
    });
  });

  it('answers other methods with 405', async () => {
    const res = await site().post('/over-ons').send({});

    expect(res.status).to.equal(405);
    expect(res.headers.allow).to.include('GET');
    expect(api.calls).to.deep.equal([]);
  });
});
