/** How much header or footer a page type asks for (contracts: PageTypeDefinition). */
export type LayoutVariant = 'default' | 'minimal' | 'none';

/** Reads a page type's header or footer setting; anything unknown gets the default layout. */
export function layoutVariant(value: unknown): LayoutVariant {
  return value === 'minimal' || value === 'none' ? value : 'default';
}
