import { expect } from 'chai';
import { API_BASE, endpoints, lookupEndpoint, methodsOf, type Endpoint, type EndpointName } from '@pagelog/contracts/endpoints';
import { commandRoutes } from '@pagelog/command-service/command-app';
import { queryRoutes } from '@pagelog/query-service/query-app';
import { targetOf } from './gateway';

const table = Object.entries(endpoints) as [EndpointName, Endpoint][];
// Routes only close over their dependencies; nothing is called while they are built.
const commands = commandRoutes({} as never);
const queries = queryRoutes({} as never);
const targets = { commandServiceUrl: 'http://commands', queryServiceUrl: 'http://queries', siteUrl: 'http://site' };

/** A concrete path for an endpoint, with `x1` in its parameters. */
const pathOf = (endpoint: Endpoint) => API_BASE + endpoint.path.replace(/:[A-Za-z]+/g, 'x1');

describe('the routes of the API', () => {
  it('are exactly the endpoints of the table: one route each, none more', () => {
    const routed = [...commands, ...queries].map((r) => r.name);
    expect(new Set(routed).size, 'a name routed twice').to.equal(routed.length);
    expect([...routed].sort()).to.deep.equal(table.map(([name]) => name).sort());
  });

  it('are served by the service the table names: commands by the command service, queries by the query service', () => {
    expect(commands.map((r) => r.name).sort()).to.deep.equal(table.filter(([, e]) => e.kind === 'command').map(([n]) => n).sort());
    expect(queries.map((r) => r.name).sort()).to.deep.equal(table.filter(([, e]) => e.kind === 'query').map(([n]) => n).sort());
  });

  it('are reached through the gateway at the service that serves them', () => {
    for (const [name, endpoint] of table) {
      const expected = endpoint.kind === 'command' ? targets.commandServiceUrl : targets.queryServiceUrl;
      expect(targetOf(endpoint.method, pathOf(endpoint), targets), name).to.equal(expected);
    }
  });
});

describe('matching a request against the endpoint table', () => {
  it('finds every endpoint by its own method and path, with its parameters decoded', () => {
    for (const [name, endpoint] of table) {
      const found = lookupEndpoint(endpoint.method, pathOf(endpoint));
      expect(found.kind, name).to.equal('match');
      if (found.kind === 'match') expect(found.match.name).to.equal(name);
    }
    const user = lookupEndpoint('GET', `${API_BASE}/user/a%20b/image`);
    expect(user.kind === 'match' && user.match.params).to.deep.equal({ id: 'a b' });
  });

  it('prefers a literal path to a parameter in the same place', () => {
    const found = lookupEndpoint('GET', `${API_BASE}/page/get-by-slug-query`);
    expect(found.kind === 'match' && found.match.name).to.equal('pageGetBySlugQuery');
  });

  it('matches nothing in another letter case, with a trailing or doubled slash, or with an encoded letter', () => {
    for (const [name, endpoint] of table) {
      const path = pathOf(endpoint);
      const variants = [
        path.toUpperCase(),
        path.replace(/\/([a-z])/g, (_, c: string) => `/${c.toUpperCase()}`),
        `${path}/`,
        path.replace(`${API_BASE}/`, `${API_BASE}//`),
        // A letter of the first literal segment, percent-encoded (/user → /%75ser).
        path.replace(`${API_BASE}/`, '').replace(/^([a-z])/, (c: string) => `${API_BASE}/%${c.charCodeAt(0).toString(16)}`),
        path.replace(/\/([^/]+)$/, '/./$1'),
      ];
      for (const variant of variants) {
        const found = lookupEndpoint(endpoint.method, variant);
        expect(found.kind === 'match' ? `${variant} matched ${found.match.name}` : 'no match', name).to.equal('no match');
      }
    }
  });

  it('answers HEAD only where the table allows it, and then as the GET itself', () => {
    for (const [name, endpoint] of table.filter(([, e]) => e.method === 'GET')) {
      const found = lookupEndpoint('HEAD', pathOf(endpoint));
      if (endpoint.head) {
        expect(found.kind === 'match' && found.match.name, name).to.equal(name);
      } else {
        expect(found.kind, name).to.not.equal('match');
      }
    }
  });

  it('tells which methods a known path takes when it is asked with another', () => {
    const found = lookupEndpoint('PATCH', `${API_BASE}/settings/get`);
    expect(found).to.deep.equal({ kind: 'method-not-allowed', allowed: methodsOf(endpoints.settingsGet) });
    expect(lookupEndpoint('GET', `${API_BASE}/no/such/call`)).to.deep.equal({ kind: 'not-found' });
  });
});
