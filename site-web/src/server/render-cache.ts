import { hash as digest } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { CacheTag } from '@pagelog/contracts/site/cache-tags';

/** A content coding a rendered answer is kept in besides its plain bytes. */
export type Coding = 'br' | 'gzip';

/** What a render produced: one answer that is the same for every visitor. */
export interface Rendered {
  status: 200 | 301 | 404;
  /** The page, for 200 and 404. */
  html?: string;
  /** For 301: the path the page is at now (the visitor's query string is added per request). */
  location?: string;
  contentLanguage?: string;
  /** What the answer shows (see contracts/src/site/cache-tags.ts): any of them changing drops it. */
  tags: CacheTag[];
  /** False when part of it could not be read (shown without it, but not kept). */
  cacheable: boolean;
  /** When it stops being true by itself (a vacancy closes), in ms since the epoch: not kept past then. */
  expiresAt?: number;
}

/** A rendered answer as it is kept and sent: its bytes, their hash, and compressed variants made once each. */
export interface CacheEntry {
  readonly status: 200 | 301 | 404;
  readonly body: Buffer;
  /** A strong validator: the SHA-256 of the plain bytes (base64url), without quotes. */
  readonly hash: string;
  readonly location?: string;
  readonly contentLanguage?: string;
  readonly tags: readonly CacheTag[];
  readonly variants: Readonly<Partial<Record<Coding, Buffer>>>;
  /** Not kept past this moment (ms since the epoch), whatever invalidations say. */
  readonly expiresAt?: number;
}

export interface RenderCacheOptions {
  /**
   * Bytes the kept answers may take in all (plain and compressed); default 64 MB. 0 keeps nothing:
   * every request renders (for measuring what a render costs).
   */
  maxBytes?: number;
  /**
   * How long an answer is kept at most, in ms; default for ever (until a change drops it). Set it
   * where no invalidations arrive (a site process without a notifier).
   */
  ttlMs?: number;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The entry of a render: the bytes, their hash, no variants yet. */
export function entryOf(rendered: Rendered): CacheEntry {
  const body = Buffer.from(rendered.html ?? '', 'utf8');
  return {
    status: rendered.status,
    body,
    // One call, no Hash object: this runs once per render.
    hash: digest('sha256', body, 'base64url'),
    ...(rendered.location !== undefined ? { location: rendered.location } : {}),
    ...(rendered.contentLanguage !== undefined ? { contentLanguage: rendered.contentLanguage } : {}),
    tags: [...new Set(rendered.tags)],
    variants: {},
    ...(rendered.expiresAt !== undefined ? { expiresAt: rendered.expiresAt } : {}),
  };
}

/** Brotli at its best quality (made once per entry, so worth the time) and gzip at level 9. */
function compress(body: Buffer, coding: Coding): Promise<Buffer> {
  if (coding === 'br') {
    return brotli(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
  }
  return gzipAsync(body, { level: 9 });
}

const entrySize = (entry: CacheEntry, key: string) => entry.body.length + (entry.variants.br?.length ?? 0) + (entry.variants.gzip?.length ?? 0) + key.length + 200;

/**
 * The public site's render cache (decision 0016): each path's answer rendered once per change
 * and kept in memory, least recently used first out when the bytes run out. Each entry carries the
 * tags of what it shows; `invalidate(tags)` drops exactly the entries carrying one of them.
 *
 * A render that read before a change and finishes after its invalidation must not be kept: every
 * invalidation moves a clock and stamps its tags with it, and a render is kept only if none of its
 * tags was stamped after it began. Renders of one path at the same time are one render. Answers
 * other than pages (404s, redirects) have a space of their own, an eighth of the bytes, so
 * requests for made-up paths cannot push the pages out.
 */
export class RenderCache {
  private readonly pages: LRUCache<string, CacheEntry>;
  private readonly misses: LRUCache<string, CacheEntry>;
  /** Which keys carry each tag. */
  private readonly byTag = new Map<CacheTag, Set<string>>();
  /** Renders under way, by key: callers at the same time share one. */
  private readonly rendering = new Map<string, Promise<CacheEntry>>();
  /** Compressions under way, by key and coding. */
  private readonly compressing = new Map<string, Promise<Buffer>>();
  /** Moves on every invalidation; a render remembers where it stood when it began. */
  private clock = 0;
  private clearedAt = 0;
  /** When each tag was last invalidated (clock), while a render that began earlier may still store. */
  private readonly invalidatedAt = new Map<CacheTag, number>();
  /** The clock readings renders under way began at, with how many began at each. */
  private readonly underWay = new Map<number, number>();

  private readonly keeps: boolean;
  /** How long any answer is kept at most (RenderCacheOptions.ttlMs); 0 for ever. */
  private readonly ttlMs: number;

  constructor(options: RenderCacheOptions = {}) {
    const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.keeps = maxBytes > 0;
    this.ttlMs = options.ttlMs ?? 0;
    const common = {
      sizeCalculation: entrySize,
      dispose: (entry: CacheEntry, key: string) => this.untag(key, entry),
      ...(options.ttlMs ? { ttl: options.ttlMs } : {}),
    };
    this.pages = new LRUCache<string, CacheEntry>({ ...common, maxSize: Math.max(1, maxBytes - Math.floor(maxBytes / 8)) });
    this.misses = new LRUCache<string, CacheEntry>({ ...common, maxSize: Math.max(1, Math.floor(maxBytes / 8)) });
  }

  /** The kept answer for a key, if any. */
  get(key: string): CacheEntry | undefined {
    return this.pages.get(key) ?? this.misses.get(key);
  }

  /** How many answers are kept (for tests and the log). */
  get size(): number {
    return this.pages.size + this.misses.size;
  }

  /**
   * The kept answer for a key, or a new render of it: kept unless an invalidation of one of its
   * tags (or a clear) came after the render began, and unless the render says it is not cacheable.
   */
  async getOrRender(key: string, render: () => Promise<Rendered>): Promise<CacheEntry> {
    if (!this.keeps) return entryOf(await render());
    const kept = this.get(key);
    if (kept) return kept;
    const running = this.rendering.get(key);
    if (running) return running;
    const began = this.begin();
    const work: Promise<CacheEntry> = this.renderOnce(key, began, render).finally(() => {
      // Only its own place: after an invalidation a newer render of the key may hold it.
      if (this.rendering.get(key) === work) this.rendering.delete(key);
    });
    this.rendering.set(key, work);
    return work;
  }

  private async renderOnce(key: string, began: number, render: () => Promise<Rendered>): Promise<CacheEntry> {
    try {
      const rendered = await render();
      const entry = entryOf(rendered);
      if (rendered.cacheable && !this.changedSince(began, entry.tags)) this.store(key, entry);
      return entry;
    } finally {
      this.end(began);
    }
  }

  /**
   * The entry's bytes in a coding, compressed once: kept with the entry (stored anew with its new
   * size) while an entry of the same bytes is kept for the key.
   */
  async variant(key: string, entry: CacheEntry, coding: Coding): Promise<Buffer> {
    const ready = entry.variants[coding];
    if (ready) return ready;
    const id = `${coding}\u0000${entry.hash}\u0000${key}`;
    let pending = this.compressing.get(id);
    if (!pending) {
      pending = compress(entry.body, coding).finally(() => this.compressing.delete(id));
      this.compressing.set(id, pending);
    }
    const bytes = await pending;
    // Kept with the entry now under the key if it has these bytes (the other coding may have
    // been added meanwhile), by whichever request finished first.
    const current = this.get(key);
    if (current && current.hash === entry.hash && !current.variants[coding]) this.store(key, { ...current, variants: { ...current.variants, [coding]: bytes } });
    return bytes;
  }

  /** Drops every answer that carries one of the tags, and keeps renders under way from storing what they read before. */
  invalidate(tags: Iterable<CacheTag>): number {
    this.clock++;
    let dropped = 0;
    for (const tag of tags) {
      if (this.underWay.size > 0) this.invalidatedAt.set(tag, this.clock);
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) {
        if (this.pages.delete(key) || this.misses.delete(key)) dropped++;
      }
    }
    // A render that began before this may have read the old state: later callers start afresh.
    this.rendering.clear();
    return dropped;
  }

  /** Drops everything (a site process that may have missed invalidations: at (re)connection). */
  clear(): void {
    this.clock++;
    this.clearedAt = this.clock;
    this.pages.clear();
    this.misses.clear();
    this.byTag.clear();
    this.rendering.clear();
  }

  private store(key: string, entry: CacheEntry): void {
    const [into, other] = entry.status === 200 ? [this.pages, this.misses] : [this.misses, this.pages];
    other.delete(key);
    if (entry.expiresAt !== undefined) {
      const left = entry.expiresAt - Date.now();
      if (left <= 0) return;
      into.set(key, entry, { ttl: this.ttlMs > 0 ? Math.min(left, this.ttlMs) : left });
    } else {
      into.set(key, entry);
    }
    // Too big to keep: LRUCache refused it (and kept nothing under the key).
    if (into.peek(key) !== entry) return;
    for (const tag of entry.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  private untag(key: string, entry: CacheEntry): void {
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.byTag.delete(tag);
    }
  }

  private begin(): number {
    this.underWay.set(this.clock, (this.underWay.get(this.clock) ?? 0) + 1);
    return this.clock;
  }

  private end(began: number): void {
    const left = (this.underWay.get(began) ?? 1) - 1;
    if (left > 0) {
      this.underWay.set(began, left);
      return;
    }
    this.underWay.delete(began);
    // Stamps older than every render under way can no longer matter.
    const oldest = this.underWay.size === 0 ? Number.POSITIVE_INFINITY : Math.min(...this.underWay.keys());
    for (const [tag, at] of this.invalidatedAt) if (at <= oldest) this.invalidatedAt.delete(tag);
  }

  private changedSince(began: number, tags: readonly CacheTag[]): boolean {
    if (this.clearedAt > began) return true;
    return tags.some((tag) => (this.invalidatedAt.get(tag) ?? 0) > began);
  }
}
