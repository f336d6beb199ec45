import type { ReadModelStore } from './read-model-store';

/** The reads a wrapper may answer in the store's place. */
export type StoreReads = Pick<ReadModelStore, 'get' | 'getMany' | 'find'>;

/**
 * `store` with its get, getMany and find answered by `reads` (a cache or a scope in front of it)
 * and every other call made on the store itself.
 */
export function withReads(store: ReadModelStore, reads: StoreReads): ReadModelStore {
  const own: Record<string, unknown> = { get: reads.get, getMany: reads.getMany, find: reads.find };
  return new Proxy(store, {
    get(target, property, receiver) {
      if (typeof property === 'string' && Object.hasOwn(own, property)) return own[property];
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
