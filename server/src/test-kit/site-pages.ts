import { join } from 'node:path';
import { Redis } from 'ioredis';
import { openDatabase } from '@pagelog/storage/sqlite/open-database';
import type { ApiClient, ApiReply } from './api-client';

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };

async function ok(reply: Promise<ApiReply>): Promise<ApiReply> {
  const answered = await reply;
  if (answered.status !== 200) throw new Error(`${answered.status}: ${JSON.stringify(answered.body.Errors)}`);
  return answered;
}

/** Stores a new draft of a page with `title` as its title and heading, and publishes it; answers the command's position. */
export async function publishTitle(client: ApiClient, pageID: string, title: string): Promise<number> {
  const page = (await ok(client.get(`/page/${pageID}`))).body.data as { draftVersionID: string; revision: number };
  const blocks = [{ type: 'heading', key: 'kop', props: { text: title, level: 1 }, anchorPoint: '' }];
  const published = await ok(client.post(`/page/version/${page.draftVersionID}/store-and-publish`, { pageID, revision: page.revision, title, blocks, ...seo }));
  return published.body.data.position as number;
}

/** Creates a page and publishes it with `title`; answers its id. */
export async function createPublishedPage(client: ApiClient, page: { slug: string; title: string; locale?: string; type?: string }): Promise<string> {
  const created = await ok(client.post('/page/create', { title: page.title, slug: page.slug, type: page.type ?? 'base', locale: page.locale ?? 'nl-nl' }));
  const pageID = created.body.data.pageID as string;
  await publishTitle(client, pageID, page.title);
  return pageID;
}

/** Polls `url` until its body includes `text`; answers how long that took after `since` (ms), or throws after `timeoutMs`. */
export async function visibleAfter(url: string, text: string, since: number, timeoutMs = 5_000): Promise<number> {
  for (;;) {
    const body = await (await fetch(url)).text();
    if (body.includes(text)) return performance.now() - since;
    if (performance.now() - since > timeoutMs) throw new Error(`${url} did not show "${text}" within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** How many sessions the product holds: the rows of sessions.db, or the session keys in Redis. */
export async function sessionCount(env: Record<string, string>): Promise<number> {
  if (env.PAGELOG_SESSION_STORE === 'redis') {
    const redis = new Redis(env.REDIS_URL!);
    try {
      const keys = await redis.keys(`pagelog:${env.PAGELOG_PG_SCHEMA ?? 'public'}:session:*`);
      return keys.length;
    } finally {
      redis.disconnect();
    }
  }
  const db = openDatabase(join(env.PAGELOG_DATA_DIR!, 'sessions.db'));
  try {
    return db.prepare('SELECT count(*) FROM sessions').pluck().get() as number;
  } finally {
    db.close();
  }
}
