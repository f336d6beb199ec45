import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { ApiClient } from './test-kit/api-client';
import { repoRoot } from './test-kit/processes';
import { startTestPagelog } from './test-kit/start-test-pagelog';

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

  it('names the known projections when asked for an unknown one, and exits non-zero', async () => {
    const app = await startTestPagelog('sqlite');
    await app.stop(true);
    const result = pagelog(['rebuild', 'nope'], app.env);
    expect(result.status).to.equal(1);
    expect(result.stderr).to.contain('unknown projection "nope" (known: settings, pages, public-pages, users)');
  });

  it('stops with a message naming the variable when the configuration is wrong', () => {
    const result = pagelog(['status'], { PAGELOG_STORE: 'mongo' });
    expect(result.status).to.equal(2);
    expect(result.stderr).to.contain('PAGELOG_STORE must be "sqlite" or "postgres"');
  });
});
