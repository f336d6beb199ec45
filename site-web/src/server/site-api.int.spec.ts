import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { SearchResponse } from '@pagelog/contracts/search/search';
import { ApiUnavailableError, httpSiteReads } from './site-api';

const found: SearchResponse = {
  total: 1,
  results: [{ id: 'p1', locale: 'nl-nl', pageType: 'article', title: 'Onderzoek', path: '/onderzoek', snippet: [{ text: 'Onderzoek', highlight: true }], date: '2026-03-12', tags: [], score: 2 }],
  facets: { pageTypes: [{ value: 'article', count: 1 }], locales: [{ value: 'nl-nl', count: 1 }], tags: [] },
};

describe('the site\'s search over HTTP (httpSiteReads.search)', () => {
  let server: Server;
  let apiUrl = '';
  let reply: { status: number; body: unknown } = { status: 200, body: { Success: true, Errors: [], data: found } };
  const seen: { path: string; body: unknown; requestId: string; cookie: string }[] = [];

  before(async () => {
    server = createServer(async (req, res) => {
      let text = '';
      for await (const chunk of req) text += String(chunk);
      seen.push({ path: `${req.method} ${req.url}`, body: JSON.parse(text || 'null'), requestId: String(req.headers['x-request-id'] ?? ''), cookie: String(req.headers.cookie ?? '') });
      res.writeHead(reply.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    seen.length = 0;
  });

  const reads = () => httpSiteReads({ apiUrl, timeoutMs: 2_000 });
  const request = { term: 'onderzoek', locales: ['nl-nl'], pageTypes: ['article'], tags: [], count: 10, offset: 10 };

  it('posts the request to search/search without a cookie and answers the results', async () => {
    reply = { status: 200, body: { Success: true, Errors: [], data: found } };
    expect(await reads().search(request, 'req-1')).to.deep.equal(found);
    expect(seen).to.deep.equal([{ path: 'POST /api/cms/search/search', body: request, requestId: 'req-1', cookie: '' }]);
  });

  it('rejects with the API\'s validation items when it refuses the request', async () => {
    reply = { status: 400, body: { Success: false, Errors: [{ code: 'V_14', property: 'term', model: 'search', message: 'Exceeds the character limit.' }], data: null } };
    const error = await reads().search({ ...request, term: 'a'.repeat(201) }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).to.be.instanceOf(ValidationError);
    expect((error as ValidationError).items.map((item) => item.code)).to.deep.equal(['V_14']);
  });

  it('counts a 5xx, another status or an unreadable answer as the API being unavailable', async () => {
    for (const next of [
      { status: 503, body: { Success: false, Errors: [], data: null } },
      { status: 404, body: { Success: false, Errors: [], data: null } },
      { status: 200, body: { Success: true, Errors: [], data: { total: 'many' } } },
    ]) {
      reply = next;
      const error = await reads().search(request).then(
        () => null,
        (err: unknown) => err,
      );
      expect(error, String(next.status)).to.be.instanceOf(ApiUnavailableError);
    }
  });
});

describe("the site's public tag over HTTP (httpSiteReads.publicTag)", () => {
  let server: Server;
  let apiUrl = '';
  let reply: { status: number; body: unknown } = { status: 404, body: { Success: false, Errors: [], data: null } };
  const seen: string[] = [];

  before(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.cookie ?? ''}`.trim());
      res.writeHead(reply.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const reads = () => httpSiteReads({ apiUrl, timeoutMs: 2_000 });
  const energy = { id: 't1', name: 'Energietransitie', slug: 'energietransitie', locale: 'nl-nl', visibility: 'public', pageCount: 2, publishedPageCount: 2 };

  it('asks tags/public for the locale and slug without a cookie, and answers the public tag', async () => {
    reply = { status: 200, body: { Success: true, Errors: [], data: energy } };
    expect(await reads().publicTag('nl-nl', 'café', 'req-1')).to.deep.equal(energy);
    expect(seen.at(-1)).to.equal('GET /api/cms/tags/public?locale=nl-nl&slug=caf%C3%A9');
  });

  it('answers null for a tag the API does not find (unknown, private, on no published page) or a slug it refuses', async () => {
    for (const status of [404, 400]) {
      reply = { status, body: { Success: false, Errors: [{ code: 'TG_07', property: 'slug', model: 'tag', message: '' }], data: null } };
      expect(await reads().publicTag('nl-nl', 'intern', 'req-2'), String(status)).to.equal(null);
    }
  });

  it('never takes a tag that is not public for one, and counts a 5xx as the API being unavailable', async () => {
    for (const next of [
      { status: 200, body: { Success: true, Errors: [], data: { ...energy, visibility: 'private' } } },
      { status: 503, body: { Success: false, Errors: [], data: null } },
    ]) {
      reply = next;
      const error = await reads().publicTag('nl-nl', 'energietransitie').then(
        () => null,
        (err: unknown) => err,
      );
      expect(error, String(next.status)).to.be.instanceOf(ApiUnavailableError);
    }
  });
});
