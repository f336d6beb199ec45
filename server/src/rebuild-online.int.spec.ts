import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Projector } from '@pagelog/projector/core/projector';
import { allProjections } from '@pagelog/projector/projections';
import { openDatabase } from '@pagelog/storage/sqlite/open-database';
import { SqliteReadModelStore } from '@pagelog/storage/read-model-store/sqlite-read-model-store';
import type { Doc, ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import { ApiClient } from './test-kit/api-client';
import { repoRoot } from './test-kit/processes';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

/** How many pages the store holds before the rebuilds (besides the example site). */
const PAGES = 300;

const names = allProjections.map((p) => p.name);

/** What a visitor and an editor read: the public home page, the settings, and the first page of the page list. */
async function read(visitor: ApiClient, editor: ApiClient) {
  const [home, settings, list] = await Promise.all([
    visitor.get(`/page/get-by-slug-query?slug=${encodeURIComponent('/')}`),
    visitor.get('/settings/get'),
    editor.post('/page/list', { pageIndex: 0, pageSize: 100, columnToSort: 'title', sortOrder: 'asc' }),
  ]);
  return { home, settings, list };
}

/**
 * Reads in a loop until stopped, as visitors and an editor would while the rebuild runs, and keeps
 * every answer's status and the list's total.
 */
function readLoop(visitor: ApiClient, editor: ApiClient) {
  const statuses: string[] = [];
  const totals: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const { home, settings, list } = await read(visitor, editor);
      statuses.push(`home ${home.status}`, `settings ${settings.status}`, `list ${list.status}`);
      if (home.status === 200 && home.body.data.page?.pageVersion?.title !== 'Welkom') statuses.push('home without its page');
      if (list.status === 200) totals.push(list.body.data.totalItems as number);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { statuses, totals, rounds: totals.length };
    },
  };
}

/**
 * Runs `work` with the log read a hundred events at a time, each read a few milliseconds late. The
 * store here is small, and SQLite answers at once: this way requests get in between the batches
 * of a replay as they do on a large store, instead of waiting until its one batch is done.
 */
async function inSmallBatches<T>(app: TestPagelog, work: () => Promise<T>): Promise<T> {
  const store = app.stores.eventStore;
  const readAll = store.readAll;
  store.readAll = async (options = {}) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return readAll.call(store, { ...options, limit: Math.min(options.limit ?? 100, 100) });
  };
  try {
    return await work();
  } finally {
    store.readAll = readAll;
  }
}

/** True when every number is at least the one before it. */
const neverSmaller = (totals: number[]) => totals.every((n, i) => i === 0 || n >= totals[i - 1]!);

/** Every document of every projection's collections, sorted so that two stores compare equal. */
async function allDocs(store: ReadModelStore): Promise<Record<string, string[]>> {
  const docs: Record<string, string[]> = {};
  for (const c of allProjections.flatMap((p) => p.collections)) {
    docs[c.name] = (await store.find<Doc>(c.name)).map((d) => JSON.stringify(sortKeys(d))).sort();
  }
  return docs;
}

/** The same value with object keys in order (PostgreSQL's jsonb keeps its own order). */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, sortKeys(v)]));
}

for (const kind of storeKinds()) {
  describe(`rebuilding every projection while Pagelog serves (${kind})`, function () {
    this.timeout(60_000);
    let app: TestPagelog;
    let writer: ApiClient;
    let editor: ApiClient;
    const visitor = () => new ApiClient(app.url);
    let created = 0;

    /** A new page through the API, as an editor makes one; answers its id. */
    async function createPage(): Promise<string> {
      created += 1;
      const reply = await writer.post('/page/create', { title: `Rebuild ${created}`, slug: `rebuild-${created}`, type: 'article', locale: 'nl-nl', content: '', typeData: {} });
      expect(reply.status, JSON.stringify(reply.body.Errors)).to.equal(200);
      return reply.body.data.pageID as string;
    }

    before(async () => {
      app = await startTestPagelog(kind, { seed: true });
      writer = await ApiClient.loggedIn(app.url);
      // A session of its own, so the reads never wait for the writer's positions.
      editor = await ApiClient.loggedIn(app.url);
      for (let i = 0; i < PAGES; i += 10) await Promise.all(Array.from({ length: 10 }, () => createPage()));
      expect(await app.stores.readModels.waitForCheckpoints(names, writer.lastPosition, 10_000)).to.equal(true);
    });
    after(async () => {
      await app?.stop();
    });

    it('never answers an emptier state during the rebuild, and answers the same afterwards', async () => {
      const before = await read(visitor(), editor);
      expect(before.list.body.data.totalItems).to.be.at.least(PAGES);
      const loop = readLoop(visitor(), editor);
      await inSmallBatches(app, () => app.projector.rebuild(names));
      const { statuses, totals, rounds } = await loop.stop();
      expect(rounds, 'reads during the rebuild').to.be.at.least(5);
      expect(statuses.filter((s) => !s.endsWith(' 200'))).to.deep.equal([]);
      expect(new Set(totals)).to.deep.equal(new Set([before.list.body.data.totalItems]));
      const after = await read(visitor(), editor);
      for (const key of ['home', 'settings', 'list'] as const) {
        expect(after[key].status, key).to.equal(200);
        expect(after[key].body.data, key).to.deep.equal(before[key].body.data);
      }
    });

    it('keeps every page written during the rebuild, and the list never shrinks', async () => {
      const total = (await read(visitor(), editor)).list.body.data.totalItems as number;
      const loop = readLoop(visitor(), editor);
      const written: string[] = [];
      let rebuilding = true;
      const writing = (async () => {
        while (rebuilding || written.length < 3) written.push(await createPage());
      })();
      await inSmallBatches(app, () => app.projector.rebuild(names)).finally(() => (rebuilding = false));
      await writing;
      const { statuses, totals } = await loop.stop();
      expect(statuses.filter((s) => !s.endsWith(' 200'))).to.deep.equal([]);
      expect(neverSmaller(totals), totals.join(' ')).to.equal(true);
      expect(totals[0]).to.be.at.least(total);
      // The writer reads its own writes: the list waits for its last position.
      const list = await writer.post('/page/list', { pageIndex: 0, pageSize: 1 });
      expect(list.body.data.totalItems).to.equal(total + written.length);
      for (const id of written) expect((await writer.get(`/page/${id}`)).status, id).to.equal(200);
    });

    it('is rebuilt from another process (the CLI) while the server writes and serves, and reads on from there', async function () {
      const total = (await read(visitor(), editor)).list.body.data.totalItems as number;
      const loop = readLoop(visitor(), editor);
      const written: string[] = [];
      const cli = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli.ts', 'rebuild'], {
        cwd: repoRoot,
        env: { ...process.env, TSX_TSCONFIG_PATH: `${repoRoot}tsconfig.base.json`, ...app.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      cli.stdout.on('data', (d: Buffer) => (output += d.toString()));
      cli.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const exited = new Promise<number | null>((resolve) => cli.once('exit', resolve));
      let rebuilding = true;
      const writing = (async () => {
        while (rebuilding) written.push(await createPage());
      })();
      const code = await exited.finally(() => (rebuilding = false));
      await writing;
      const { statuses, totals } = await loop.stop();
      expect(code, output).to.equal(0);
      for (const name of names) expect(output).to.match(new RegExp(`${name}: rebuilt \\d+ events`));
      expect(statuses.filter((s) => !s.endsWith(' 200'))).to.deep.equal([]);
      expect(neverSmaller(totals), totals.join(' ')).to.equal(true);
      const list = await writer.post('/page/list', { pageIndex: 0, pageSize: 1 });
      expect(list.body.data.totalItems).to.equal(total + written.length);
    });

    it('ends with the read models a fresh rebuild into an empty store makes', async () => {
      const head = await app.stores.eventStore.headPosition();
      expect(await app.stores.readModels.waitForCheckpoints(names, head, 10_000)).to.equal(true);
      const folder = mkdtempSync(join(tmpdir(), 'pagelog-fresh-'));
      const db = openDatabase(join(folder, 'fresh.db'));
      const fresh = new SqliteReadModelStore(db);
      try {
        await new Projector({ eventStore: app.stores.eventStore, readModels: fresh, projections: allProjections }).catchUp();
        const live = await allDocs(app.stores.readModels);
        expect(live.pages!.length).to.be.at.least(PAGES);
        expect(live).to.deep.equal(await allDocs(fresh));
        expect((await app.stores.readModels.getCheckpoints()).map((c) => c.name).filter((n) => n.includes('~'))).to.deep.equal([]);
      } finally {
        await fresh.close();
        db.close();
        rmSync(folder, { recursive: true, force: true });
      }
    });
  });
}
