/**
 * Benchmark: a 100 MB upload into the media library (`POST /api/cms/medialib/add-file`, streamed
 * multipart, as the admin sends it) against copying the same file on the same disk, side by side
 * in one run (the upload sent by curl from its own process). The copy is timed twice: `fs.copyFile` (the kernel's copy) and a streamed read and
 * write (what any server must at least do with the bytes). The server runs in this process; its
 * memory growth is the peak resident set size during the upload above the size just before it,
 * sampled every 5 ms in an upload of its own (sampling slows the upload it watches).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, rm } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { loadConfig } from '@pagelog/service-kit/config';
import { createLogger } from '@pagelog/service-kit/logger';
import { startPagelog } from '@pagelog/server/embedded';
import { ApiClient, TEST_ADMIN } from '@pagelog/server/test-kit/api-client';
import { CSRF_HEADER } from '@pagelog/contracts/users/user';
import { dropSchema, elapsedMs, figuresTable, freshSchemaName, heading, isMain, postgresUrl, table, tempDir, type Backend, type Figure } from './common';

const SIZE = 100 * 1024 * 1024 - 64 * 1024;
export const UPLOAD_GOALS = { ratio: 0.5, memoryMb: 64 };

async function writeRandomFile(path: string, size: number): Promise<void> {
  // A PDF by its magic bytes (the library judges types by content) with a body of random bytes:
  // nothing on the way can compress them, and every run hashes new content.
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n');
  let left = size - head.length - tail.length;
  await pipeline(
    Readable.from(
      (function* () {
        yield head;
        while (left > 0) {
          const n = Math.min(left, 1024 * 1024);
          left -= n;
          yield randomBytes(n);
        }
        yield tail;
      })(),
    ),
    createWriteStream(path),
  );
}

/**
 * Sends `file` as the multipart body of add-file with curl, as a browser would from another
 * machine: the client's reading and sending run in a process of their own, so the server's event
 * loop (this process) does only the server's work. Answers the HTTP status and body.
 */
function upload(baseUrl: string, client: Pick<ApiClient, 'csrfToken' | 'cookie'>, file: string): Promise<{ status: number; body: string }> {
  const args = [
    '-sS', '-o', '-', '-w', '\n%{http_code}', '-X', 'POST', `${baseUrl}/api/cms/medialib/add-file`,
    '-H', 'X-Requested-With: XMLHttpRequest', '-H', `${CSRF_HEADER}: ${client.csrfToken ?? ''}`, '-H', `Cookie: ${client.cookie ?? ''}`,
    // No "Expect: 100-continue" round trip.
    '-H', 'Expect:',
    '-F', 'path=/', '-F', `f=@${file};type=application/pdf;filename=bench.pdf`,
  ];
  return new Promise((resolve, reject) => {
    execFile('curl', args, { maxBuffer: 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(error);
      const cut = stdout.lastIndexOf('\n');
      resolve({ status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) });
    });
  });
}

/**
 * The same upload sent by curl to a bare `node:http` server in this process that reads the body
 * and drops it: no multipart parse, no checks, no hash, no disk. What HTTP alone costs on this
 * machine, so the upload's figure can be read against it. Answers the time in ms.
 */
async function transportAlone(file: string): Promise<number> {
  const server = createServer((req, res) => {
    req.on('data', () => undefined);
    req.on('end', () => res.end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const start = process.hrtime.bigint();
    const reply = await upload(`http://127.0.0.1:${port}`, { csrfToken: null, cookie: null }, file);
    if (reply.status !== 200) throw new Error(`transport: ${reply.status}`);
    return elapsedMs(start);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

async function measure(backend: Backend, env: Record<string, string>, dir: string): Promise<Figure[]> {
  const config = loadConfig({
    PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', PAGELOG_SEED: 'false',
    PAGELOG_ADMIN_EMAIL: TEST_ADMIN.email, PAGELOG_ADMIN_PASSWORD: TEST_ADMIN.password, ...env,
  });
  const running = await startPagelog(config, createLogger('silent'));
  try {
    const admin = await ApiClient.loggedIn(running.url);
    const rows: (string | number)[][] = [];
    const uploads: number[] = [];
    const copies: number[] = [];
    const streamed: number[] = [];
    const transport: number[] = [];
    const growth: number[] = [];
    for (let run = 0; run < 3; run++) {
      const source = join(dir, `source-${run}.bin`);
      await writeRandomFile(source, SIZE);
      // Baselines on the same disk, same bytes.
      let start = process.hrtime.bigint();
      await copyFile(source, join(dir, `copy-${run}.bin`));
      copies.push(elapsedMs(start));
      start = process.hrtime.bigint();
      await pipeline(createReadStream(source), createWriteStream(join(dir, `stream-copy-${run}.bin`)));
      streamed.push(elapsedMs(start));
      transport.push(await transportAlone(source));
      await rm(join(dir, `copy-${run}.bin`));
      await rm(join(dir, `stream-copy-${run}.bin`));

      // The memory, in an upload of its own, before the timed one (the first also starts the hash
      // worker, whose memory counts): other bytes of the same size (the same bytes again would be
      // found in the store and not written).
      const sampledSource = join(dir, `sampled-${run}.bin`);
      await writeRandomFile(sampledSource, SIZE);
      global.gc?.();
      const before = process.memoryUsage.rss();
      let peak = before;
      // memoryUsage.rss() alone: the full memoryUsage() walks the heap.
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
      const sampled = await upload(running.url, admin, sampledSource);
      clearInterval(sampler);
      if (sampled.status !== 200) throw new Error(`upload: ${sampled.status} ${sampled.body.slice(0, 300)}`);
      growth.push((peak - before) / (1024 * 1024));
      await rm(sampledSource);

      // Timed alone: sampling the memory every 5 ms took 15-35 ms of the upload's main thread.
      start = process.hrtime.bigint();
      const reply = await upload(running.url, admin, source);
      uploads.push(elapsedMs(start));
      if (reply.status !== 200) throw new Error(`upload: ${reply.status} ${reply.body.slice(0, 300)}`);
      await rm(source);
    }
    const mb = SIZE / (1024 * 1024);
    const best = (xs: number[]) => Math.min(...xs);
    const uploadRate = mb / (best(uploads) / 1000);
    const copyRate = mb / (best(copies) / 1000);
    const streamRate = mb / (best(streamed) / 1000);
    rows.push(['upload (add-file, HTTP)', best(uploads).toFixed(0), uploadRate.toFixed(0)]);
    rows.push(['fs.copyFile', best(copies).toFixed(0), copyRate.toFixed(0)]);
    rows.push(['streamed read + write', best(streamed).toFixed(0), streamRate.toFixed(0)]);
    rows.push(['HTTP transport alone (bytes read, dropped)', best(transport).toFixed(0), (mb / (best(transport) / 1000)).toFixed(0)]);
    console.log(`product: ${running.stores.describe}; ${mb.toFixed(0)} MB of random bytes, best of 3`);
    console.log(table(['what', 'ms', 'MB/s'], rows));
    const maxGrowth = Math.max(...growth);
    console.log(`server memory growth during the uploads: ${growth.map((g) => g.toFixed(1)).join(', ')} MB`);
    return [
      { bench: 'media-upload', backend, metric: 'upload ÷ fs.copyFile', value: uploadRate / copyRate, unit: '×', goal: { op: '>=', target: UPLOAD_GOALS.ratio }, note: `${uploadRate.toFixed(0)} vs ${copyRate.toFixed(0)} MB/s` },
      { bench: 'media-upload', backend, metric: 'upload ÷ streamed copy', value: uploadRate / streamRate, unit: '×', goal: { op: '>=', target: UPLOAD_GOALS.ratio }, note: `${uploadRate.toFixed(0)} vs ${streamRate.toFixed(0)} MB/s` },
      { bench: 'media-upload', backend, metric: 'HTTP transport alone ÷ streamed copy', value: best(streamed) / best(transport), unit: '×', note: 'the same upload read and dropped by a bare node:http server: the ceiling of any HTTP upload' },
      { bench: 'media-upload', backend, metric: 'peak memory growth', value: maxGrowth, unit: 'MB', goal: { op: '<=', target: UPLOAD_GOALS.memoryMb } },
    ];
  } finally {
    await running.close();
  }
}

export async function runMediaUpload(): Promise<Figure[]> {
  heading('media upload · embedded, SQLite and the file system');
  const dir = tempDir('media-upload');
  const figures: Figure[] = [];
  try {
    figures.push(...(await measure('sqlite', { PAGELOG_DATA_DIR: join(dir.path, 'data') }, dir.path)));
  } finally {
    dir.remove();
  }
  const url = await postgresUrl();
  if (url) {
    heading('media upload · embedded, PostgreSQL (blobs as chunk rows)');
    const pgDir = tempDir('media-upload-pg');
    const schema = freshSchemaName('upload');
    try {
      figures.push(...(await measure('postgres', { PAGELOG_DATA_DIR: join(pgDir.path, 'data'), PAGELOG_STORE: 'postgres', DATABASE_URL: url, PAGELOG_PG_SCHEMA: schema }, pgDir.path)));
    } finally {
      await dropSchema(url, schema);
      pgDir.remove();
    }
  }
  return figures;
}

if (isMain(import.meta.url)) {
  const figures = await runMediaUpload();
  heading('media upload · summary');
  console.log(figuresTable(figures));
}
