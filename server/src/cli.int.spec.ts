import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { ApiClient } from './test-kit/api-client';
import { repoRoot } from './test-kit/processes';
import { startTestPagelog } from './test-kit/start-test-pagelog';
import { Visitor } from './test-kit/form-visitor';
import { join } from 'node:path';
import { openDatabase } from '@pagelog/storage/sqlite/open-database';

function pagelog(args: string[], env: Record<string, string>) {
  return spawnSync('npm', ['run', '--silent', 'pagelog', '--', ...args], { cwd: repoRoot, env: { ...process.env, ...env }, encoding: 'utf8' });
}

describe('npm run pagelog', function () {
  this.timeout(60_000);

  it('rebuilds every projection of a seeded store, after which the site reads the same', async () => {
    let app = await startTestPagelog('sqlite', { seed: true });
    await app.stop(true);
    const rebuilt = pagelog(['rebuild'], app.env);
    expect(rebuilt.status, rebuilt.stderr).to.equal(0);
    for (const name of ['settings', 'pages', 'public-pages']) expect(rebuilt.stdout).to.match(new RegExp(`${name}: rebuilt \\d+ events`));
    const status = pagelog(['status'], app.env);
    expect(status.stdout).to.match(/public-pages +position (\d+) of \1 \(lag 0\)/);
    app = await startTestPagelog('sqlite', { env: app.env });
    try {
      const home = await new ApiClient(app.url).post('/page/get-by-slug', { slug: '/' });
      expect(home.status).to.equal(200);
      expect(home.body.data.page.pageVersion.title).to.equal('Welkom');
    } finally {
      await app.stop();
    }
  });

  it('shows the shadow an interrupted rebuild left as such, and the next rebuild clears it', async () => {
    const app = await startTestPagelog('sqlite', { seed: true });
    // What a rebuild killed half-way leaves: a shadow checkpoint and shadow documents.
    await app.stores.readModels.commit('public-pages~rebuild', 3, async (uow) => uow.put('public_pages~rebuild', 'ghost', { slug: 'ghost' }));
    await app.stop(true);
    const before = pagelog(['status'], app.env);
    expect(before.stdout).to.match(/^public-pages~rebuild +position 3 of \d+ \(lag \d+\) \(rebuild of public-pages, running or interrupted\)$/m);
    const rebuilt = pagelog(['rebuild', 'public-pages'], app.env);
    expect(rebuilt.status, rebuilt.stderr).to.equal(0);
    const after = pagelog(['status'], app.env);
    expect(after.stdout).not.to.contain('~rebuild');
    expect(after.stdout).to.match(/^public-pages +position (\d+) of \1 \(lag 0\)$/m);
  });

  it('verifies the hash chain of the whole log, through an erasure of personal data, and names the first event altered behind its back', async () => {
    const app = await startTestPagelog('sqlite', { seed: true });
    const admin = await ApiClient.loggedIn(app.url);
    const visitor = await new Visitor(app.url).start();
    const sent = await visitor.submit({ form: 'informationRequest', locale: 'nl-nl', values: { name: 'Iris', organisation: '', email: 'iris@example.nl', phone: '', question: 'Wissen?' }, website: '', startedAt: Date.now() - 10_000 });
    expect(sent.status).to.equal(200);
    // Crypto-shredding destroys a key; no event changes, so the chain holds.
    expect((await admin.post('/forms/erase-submitter', { email: 'iris@example.nl' })).status).to.equal(200);
    await app.stop(true);
    const intact = pagelog(['verify'], app.env);
    expect(intact.status, intact.stderr).to.equal(0);
    expect(intact.stdout).to.match(/The hash chain is intact: (\d+) events checked/);
    expect(intact.stdout).to.match(/Last event: position \d+, hash [0-9a-f]{64}/);

    const db = openDatabase(join(app.env.PAGELOG_DATA_DIR!, 'pagelog.db'));
    try {
      db.prepare(`UPDATE es_events SET data = json_set(data, '$.title', 'Vervalst') WHERE position = 12`).run();
    } finally {
      db.close();
    }
    const broken = pagelog(['verify'], app.env);
    expect(broken.status).to.equal(1);
    expect(broken.stderr).to.match(/The hash chain breaks at position 12 \(event [0-9a-f-]{36}\): its content or its hash was changed\. 11 events before it are intact\./);
  });

  it('names the known projections when asked for an unknown one, and exits non-zero', async () => {
    const app = await startTestPagelog('sqlite');
    await app.stop(true);
    const result = pagelog(['rebuild', 'nope'], app.env);
    expect(result.status).to.equal(1);
    expect(result.stderr).to.contain('unknown projection "nope" (known: settings, pages, public-pages, users, media, media-usage, menus, tags, form-submissions, form-settings, newsletter-popup, translation-sync, releases, audit-log)');
  });

  it('stops with a message naming the variable when the configuration is wrong', () => {
    const result = pagelog(['status'], { PAGELOG_STORE: 'mongo' });
    expect(result.status).to.equal(2);
    expect(result.stderr).to.contain('PAGELOG_STORE must be "sqlite" or "postgres"');
  });
});

describe('npm run pagelog -- create-admin', function () {
  this.timeout(120_000);
  const ADA = { email: 'ada@pagelog.test', password: 'Copper-Kettle-Sunrise-5' };

  /** A store without an administrator (starting it prints a setup link, kept off the test output). */
  async function withoutAdministrator() {
    const log = console.log;
    console.log = () => {};
    try {
      return await startTestPagelog('sqlite', { withoutAdmin: true });
    } finally {
      console.log = log;
    }
  }

  it('prints a setup link on a store without an administrator; the link replaces the earlier one and creates the administrator', async () => {
    const app = await withoutAdministrator();
    try {
      const result = pagelog(['create-admin'], app.env);
      expect(result.status, result.stderr).to.equal(0);
      const link = /(\S+\/cmsadmin\/setup\?token=\S+)/.exec(result.stdout)?.[1];
      expect(link, result.stdout).to.be.a('string');
      const token = new URL(link!).searchParams.get('token')!;
      expect(token).to.match(/^setup\.[A-Za-z0-9_-]{43}$/);
      const client = new ApiClient(app.url);
      await client.post('/auth/user');
      const body = { name: 'Ada Lovelace', email: ADA.email, password: ADA.password, confirm: ADA.password };
      const earlier = await client.post('/auth/setup', { ...body, token: new URL(app.setupLink!).searchParams.get('token') });
      expect(earlier.status).to.equal(400);
      expect(earlier.body.Errors[0].code).to.equal('V_04');
      const done = await client.post('/auth/setup', { ...body, token });
      expect(done.status, JSON.stringify(done.body.Errors)).to.equal(200);
      expect(done.body.User).to.include({ name: 'Ada Lovelace', email: ADA.email });
    } finally {
      await app.stop();
    }
  });

  it('creates the administrator from the address, the name and PAGELOG_ADMIN_PASSWORD, who can then log in', async () => {
    let app = await withoutAdministrator();
    await app.stop(true);
    const result = pagelog(['create-admin', ADA.email, 'Ada', 'Lovelace'], { ...app.env, PAGELOG_ADMIN_PASSWORD: ADA.password });
    expect(result.status, result.stderr).to.equal(0);
    expect(result.stdout).to.contain(`Created the administrator ${ADA.email}.`);
    expect(result.stdout).not.to.contain(ADA.password);
    app = await startTestPagelog('sqlite', { env: app.env });
    try {
      expect(app.setupLink).to.equal(null);
      const client = new ApiClient(app.url);
      const login = await client.login(ADA.email, ADA.password);
      expect(login.status, JSON.stringify(login.body.Errors)).to.equal(200);
      expect(login.body.User).to.include({ name: 'Ada Lovelace', email: ADA.email, status: 'active' });
      expect(login.body.User.role.ID).to.equal('administrator');
      expect((await new ApiClient(app.url).login(ADA.email, 'Copper-Kettle-Sunrise-6')).body.Errors[0].code).to.equal('AUTH_01');
    } finally {
      await app.stop();
    }
  });

  it('refuses a second administrator with exit code 1, and prints no link', async () => {
    const app = await withoutAdministrator();
    await app.stop(true);
    try {
      const env = { ...app.env, PAGELOG_ADMIN_PASSWORD: ADA.password };
      expect(pagelog(['create-admin', ADA.email], env).status).to.equal(0);
      for (const args of [['create-admin', 'eve@pagelog.test', 'Eve'], ['create-admin']]) {
        const again = pagelog(args, { ...env, PAGELOG_ADMIN_PASSWORD: 'Another-Strong-Pass-7' });
        expect(again.status, args.join(' ')).to.equal(1);
        expect(again.stderr).to.contain('There is an administrator already');
        expect(again.stdout).not.to.contain('/cmsadmin/setup');
      }
    } finally {
      await app.stop();
    }
  });

  it('refuses a weak or common password with the rule it breaks, and creates nobody', async () => {
    const app = await withoutAdministrator();
    await app.stop(true);
    try {
      const weak = pagelog(['create-admin', ADA.email], { ...app.env, PAGELOG_ADMIN_PASSWORD: 'short' });
      expect(weak.status).to.equal(1);
      expect(weak.stderr).to.contain('password: Must be longer than 8 characters.');
      const common = pagelog(['create-admin', ADA.email], { ...app.env, PAGELOG_ADMIN_PASSWORD: 'Password123!' });
      expect(common.status).to.equal(1);
      expect(common.stderr).to.contain('password: This password is too common');
      const missing = pagelog(['create-admin', ADA.email], { ...app.env, PAGELOG_ADMIN_PASSWORD: '' });
      expect(missing.status).to.equal(2);
      expect(missing.stderr).to.contain('Set PAGELOG_ADMIN_PASSWORD');
      // Nothing was left behind: the address is still free for the administrator.
      const good = pagelog(['create-admin', ADA.email], { ...app.env, PAGELOG_ADMIN_PASSWORD: ADA.password });
      expect(good.status, good.stderr).to.equal(0);
    } finally {
      await app.stop();
    }
  });
});
