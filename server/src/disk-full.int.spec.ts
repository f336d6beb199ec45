import { execFileSync } from 'node:child_process';
import { mkdtempSync, openSync, rmSync, statfsSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import { ApiClient } from './test-kit/api-client';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';

/** Mounts a small tmpfs on `dir` when the test may (root, as on the CI machine); false otherwise. */
function mountTmpfs(dir: string, size: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Fills the file system of `dir` to the last byte; answers the filler's path. */
function fill(dir: string): string {
  const path = join(dir, 'filler');
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch {
    // ENOSPC: the disk is full.
  } finally {
    closeSync(fd);
  }
  return path;
}

/**
 * The embedded product when the disk holding its SQLite file fills up: a command answers 503 with
 * Retry-After in the envelope (not 500), reads go on, the trouble is logged with what to do, and
 * writing works again once there is room. On a real small tmpfs where the test may mount one;
 * elsewhere the event store is made to answer as SQLite does on a full disk.
 */
describe('a full disk under the embedded store', function () {
  this.timeout(60_000);
  const dir = mkdtempSync(join(tmpdir(), 'pagelog-full-'));
  const data = join(dir, 'data');
  let mounted = false;
  let app: TestPagelog;
  let full = false;
  const log: Record<string, unknown>[] = [];

  before(async () => {
    mounted = mountTmpfs(dir, '24m');
    console.log(`      (data folder on ${mounted ? 'a 24 MB tmpfs, filled for real' : 'disk; SQLITE_FULL injected'})`);
    const wrapEventStore = mounted
      ? undefined
      : (store: EventStore): EventStore =>
          Object.assign(Object.create(store) as EventStore, {
            append: async (...args: Parameters<EventStore['append']>) => {
              if (full) throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
              return store.append(...args);
            },
          });
    app = await startTestPagelog('sqlite', { extraEnv: { PAGELOG_DATA_DIR: data }, wrapEventStore, onLog: (entry) => log.push(entry) });
  });

  after(async () => {
    await app?.stop(true).catch(() => undefined);
    if (mounted) execFileSync('umount', ['-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After while the disk is full, keeps answering reads, and writes again once there is room', async () => {
    const admin = await ApiClient.loggedIn(app.url);
    const create = (slug: string) => admin.post('/page/create', { title: slug, slug, type: 'base', locale: 'nl-nl', content: '', typeData: {} });
    expect((await create('voor')).status).to.equal(200);

    let filler: string | null = null;
    if (mounted) filler = fill(dir);
    full = true;
    expect(mounted ? statfsSync(dir).bavail : 0).to.equal(0);

    const refused = await create('vol');
    expect(refused.status, JSON.stringify(refused.body)).to.equal(503);
    expect(refused.headers.get('retry-after')).to.equal('5');
    expect(refused.body).to.deep.include({ Success: false, Errors: [{ code: 'G_01', property: '', model: '', message: 'Something went wrong, please try again later.' }] });
    expect((await create('nog-steeds-vol')).status).to.equal(503);
    // Reads need no room.
    expect((await fetch(`${app.url}/api/cms/settings/get`)).status).to.equal(200);
    // Logged once, with what to do.
    const trouble = log.filter((l) => l.storeTrouble === 'disk-full');
    expect(trouble).to.have.length(1);
    expect(trouble[0]!.advice).to.match(/free space/);

    if (filler) unlinkSync(filler);
    full = false;
    const again = await create('na');
    expect(again.status, JSON.stringify(again.body)).to.equal(200);
  });
});
