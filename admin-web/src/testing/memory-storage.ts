import type { DraftStorage } from '../features/pages/state/local-draft-store';

/** A Web Storage over a Map, for specs; `refuse` makes setItem throw as a full storage does. */
export function memoryStorage(refuse = false): DraftStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem(key, value) {
      if (refuse) throw new Error('QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key) => void items.delete(key),
  };
}
