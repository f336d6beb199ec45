import type { Doc, UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';

/**
 * A unit of work over a map, for projection specs: a projection applied event by event, its
 * documents looked at afterwards. Each put is copied, as the stores keep what they were given.
 */
export class MemoryUow implements UnitOfWork {
  docs = new Map<string, Doc>();
  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    return (this.docs.get(`${collection}/${id}`) as T | undefined) ?? null;
  }
  put(collection: string, id: string, doc: Doc): void {
    this.docs.set(`${collection}/${id}`, structuredClone(doc));
  }
  delete(collection: string, id: string): void {
    this.docs.delete(`${collection}/${id}`);
  }
  /** Positions are the stores' business: nothing here keeps history. */
  at(): void {}
  /** The documents of a collection, by id. */
  of(collection: string): Record<string, Doc> {
    return Object.fromEntries([...this.docs].filter(([key]) => key.startsWith(`${collection}/`)).map(([key, doc]) => [key.slice(collection.length + 1), doc]));
  }
}
