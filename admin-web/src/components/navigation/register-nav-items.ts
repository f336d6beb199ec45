import type { NavItem } from './build-navigation';

// Module-level on purpose: a feature registers its entries when its module loads, before the
// shell renders, without the shell having to import that feature.
const registered = new Map<string, NavItem>();

/**
 * Adds navigation entries from another part of the product. Gate each with `permission`; each may
 * have `children`. Registering a key again replaces the earlier entry (module reloads stay
 * idempotent). Returns a function that removes these entries again.
 */
export function registerNavItems(items: readonly NavItem[]): () => void {
  for (const item of items) registered.set(item.key, item);
  return () => {
    for (const item of items) {
      if (registered.get(item.key) === item) registered.delete(item.key);
    }
  };
}

/** The registered entries, in the order they were first registered. */
export function registeredNavItems(): NavItem[] {
  return [...registered.values()];
}
