import { expect } from 'chai';
import { endpoints, needsCsrf, type Endpoint, type EndpointName } from '@pagelog/contracts/endpoints';
import { seededRoles, hasPermissions, requiredPermissions } from '@pagelog/contracts/permissions';
import { ApiClient } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';

const all = Object.entries(endpoints) as [EndpointName, Endpoint][];

/** A concrete URL path for an endpoint, with `id` in its parameters. */
const pathOf = (endpoint: Endpoint, id: string) => endpoint.path.replace(/:([A-Za-z]+)/g, () => encodeURIComponent(id));

/**
 * Generated from the endpoint table: every route × every seeded role. A route that needs a
 * session answers 401 without one; a route gated by a permission answers 403 UM_01 to every role
 * without it (also on someone else's id where the route allows "self") and lets the roles with
 * it through; every state-changing route refuses a call without the session's CSRF token.
 */
for (const kind of storeKinds()) {
  describe(`access to every route (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let admin: ApiClient;
    const byRole = new Map<string, { id: string; client: ApiClient }>();
    let target: string;

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
      byRole.set('administrator', { id: (await admin.get('/user')).body.data.ID, client: admin });
      for (const role of seededRoles.filter((r) => r.ID !== 'administrator')) {
        byRole.set(role.ID, await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: `${role.ID}@pagelog.test`, role: role.ID }));
      }
      target = (await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: 'target@pagelog.test', role: 'editor' })).id;
    });
    after(async () => {
      await app?.stop();
    });

    const call = (client: ApiClient, endpoint: Endpoint, id: string, options = {}) =>
      client.call(endpoint.method, pathOf(endpoint, id), endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {}, options);

    for (const [name, endpoint] of all.filter(([, e]) => e.access !== 'public')) {
      it(`${name}: ${endpoint.method} ${endpoint.path} answers 401 without a session`, async () => {
        const reply = await call(new ApiClient(app.url), endpoint, 'x');
        expect(reply.status).to.equal(401);
        expect(reply.body.Errors[0]).to.include({ code: 'AUTH_05' });
      });
    }

    for (const [name, endpoint] of all) {
      const access = endpoint.access;
      if (typeof access !== 'object') continue;
      for (const role of seededRoles) {
        const needed = requiredPermissions(access);
        const holds = hasPermissions(role.permissions, needed);
        it(`${name}: ${role.name} ${holds ? 'passes the gate' : `gets 403 UM_01 (lacks ${needed.join(' or ')})`}`, async () => {
          const { client } = byRole.get(role.ID)!;
          if (name === 'userDelete' && holds) {
            // Deleting is tried on a user made for it, so the other checks keep their target.
            const doomed = await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: `doomed-${role.ID}@pagelog.test`, role: 'editor' });
            expect((await call(client, endpoint, doomed.id)).status).to.equal(200);
            return;
          }
          const reply = await call(client, endpoint, target);
          if (holds) {
            expect(reply.status, JSON.stringify(reply.body.Errors)).to.not.be.oneOf([401, 403]);
          } else {
            expect(reply.status).to.equal(403);
            expect(reply.body.Errors).to.deep.equal([{ code: 'UM_01', property: '', model: '', message: 'You are not authorized to do this action.' }]);
          }
        });
      }
    }

    it('lets a user without manage-users change their own profile through the self routes', async () => {
      const editor = byRole.get('editor')!;
      const reply = await editor.client.put(`/user/${editor.id}`, { profile: { name: 'Eddie Editor', jobTitle: 'Editor' } });
      expect(reply.status).to.equal(200);
      expect(reply.body.data.name).to.equal('Eddie Editor');
      // ...but not their own role.
      const promoted = await editor.client.put(`/user/${editor.id}`, { role: 'administrator' });
      expect(promoted.status).to.equal(403);
    });

    for (const [name, endpoint] of all.filter(([, e]) => needsCsrf(e))) {
      it(`${name}: ${endpoint.method} ${endpoint.path} answers 403 without the CSRF token`, async () => {
        const reply = await call(admin, endpoint, target, { withoutCsrf: true });
        expect(reply.status).to.equal(403);
        expect(reply.body.Errors[0]).to.include({ code: 'AUTH_06' });
      });
    }
  });
}
