import { expect } from 'chai';
import fc from 'fast-check';
import type { AnySchema } from 'yup';
import { API_BASE, endpoints, type Endpoint, type EndpointName } from '@pagelog/contracts/endpoints';
import { ApiClient } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

const table = Object.entries(endpoints) as [EndpointName, Endpoint][];

/** Any text: control characters, NUL, lone surrogates and astral characters included. */
const anyText = (maxLength: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength }) },
    { weight: 1, arbitrary: fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '%00', '%2500', '\u202e', '\r\n') },
  );

/** The property names an endpoint's schema knows, so random bodies often hit real fields. */
const fieldsOf = (endpoint: Endpoint): string[] => Object.keys((endpoint.schema as (AnySchema & { fields?: object }) | undefined)?.fields ?? {});

/** Any JSON value, and now and then one of the shapes that used to break things. */
const jsonText = (endpoint: Endpoint): fc.Arbitrary<string> => {
  const keys = [...fieldsOf(endpoint), 'x', '__proto__', 'constructor', 'prototype'];
  const known = fc.dictionary(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }).map((o) => JSON.stringify(o));
  return fc.oneof(
    { weight: 3, arbitrary: known },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    // A forbidden key spelled into the text, as JSON.parse turns it into an own property.
    { weight: 1, arbitrary: fc.constantFrom(...keys).map((k) => `{"${k}":{"__proto__":{"polluted":true}},"constructor":{"prototype":{"x":1}}}`) },
    // Nesting far deeper than any body the product sends.
    { weight: 1, arbitrary: fc.integer({ min: 30, max: 20_000 }).map((n) => `{"${keys[0]}":${'['.repeat(n)}${']'.repeat(n)}}`) },
    // Not JSON at all.
    { weight: 1, arbitrary: anyText(40) },
    // Known fields holding text no store can keep (NUL, lone surrogates).
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...keys), anyText(12), { minKeys: 1, maxKeys: 4 }).map((o) => JSON.stringify(o)) },
  );
};

/** A query string with any keys and values, repeated keys included. */
const queryText = (endpoint: Endpoint): fc.Arbitrary<string> =>
  fc
    .array(fc.tuple(fc.constantFrom(...fieldsOf(endpoint), 'x', '__proto__', 'constructor'), anyText(30)), { maxLength: 6 })
    .map((pairs) => {
      const params = new URLSearchParams();
      for (const [k, v] of pairs) params.append(k, v);
      const text = params.toString();
      return text ? `?${text}` : '';
    });

/** A path parameter: any text, including the empty one. */
const param = fc.oneof(anyText(20), fc.constantFrom('__proto__', 'constructor', '..', '%', '\u0000', 'x'.repeat(300)));
/** Percent-encoded bytes sent as they are: NUL, an encoded surrogate, an overlong NUL, a bare %. */
const rawParam = fc.constantFrom('%00', '%ED%A0%80', '%C0%80', '%', '%zz');
/** A path parameter as a client would put it in a URL (a lone surrogate cannot be encoded; it becomes U+FFFD). */
const wellFormed = (text: string) => text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
const paramText = fc.oneof({ weight: 4, arbitrary: param.map((p) => encodeURIComponent(wellFormed(p))) }, { weight: 1, arbitrary: rawParam });

/**
 * Random input at every endpoint of the table, with a valid session and CSRF token: no answer is
 * a 5xx, and a refused call (4xx) writes nothing to the log.
 */
for (const kind of storeKinds()) {
  describe(`random input at every endpoint (${kind})`, function () {
    this.timeout(600_000);
    let app: TestPagelog;
    let admin: ApiClient;

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
    });
    after(async () => app?.stop());

    for (const [name, endpoint] of table) {
      it(`${name}: ${endpoint.method} ${endpoint.path} answers no 5xx and writes nothing when it refuses`, async () => {
        const input = endpoint.method === 'GET' ? queryText(endpoint) : jsonText(endpoint);
        await fc.assert(
          fc.asyncProperty(input, fc.array(paramText, { minLength: 3, maxLength: 3 }), async (text, params) => {
            // Logging out (or a random body that ends the session) must not end this test's session.
            if (!admin.cookie || name === 'authLogout') admin = await ApiClient.loggedIn(app.url);
            let i = 0;
            const path = endpoint.path.replace(/:[A-Za-z]+/g, () => params[i++] ?? '');
            const head = await app.stores.eventStore.headPosition();
            const reply =
              endpoint.method === 'GET' ? await admin.get(`${path}${text}`) : await admin.call(endpoint.method, path, text);
            expect(reply.status, `${endpoint.method} ${API_BASE}${path} ${text.slice(0, 200)} → ${JSON.stringify(reply.body).slice(0, 300)}`).to.be.below(500);
            if (reply.status >= 400) {
              expect(await app.stores.eventStore.headPosition(), `${endpoint.method} ${path} ${text.slice(0, 200)} refused but wrote`).to.equal(head);
              expect(reply.body.Success).to.equal(false);
              expect(reply.body.Errors.length).to.be.above(0);
            }
          }),
          { numRuns: kind === 'sqlite' ? 60 : 25 },
        );
      });
    }
  });
}
