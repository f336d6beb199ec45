/**
 * The interactive parts of a public page ("islands"). The server renders every page as plain
 * HTML; an element that needs JavaScript carries `data-island="<name>"` (and its props as JSON in
 * `data-island-props`), and the browser loads that island's module only when the page has one
 * (client/island-registry.ts). Nothing else is hydrated, so a page of text ships almost no script.
 *
 * To add an island (a form, the newsletter popup): add its name here, render its root with
 * `islandRoot`, and add its module to the registry; a name without a module does not compile.
 */
export const islandNames = ['site-header', 'video', 'form', 'newsletter-confirm', 'newsletter-popup'] as const;

export type IslandName = (typeof islandNames)[number];

export const ISLAND_ATTRIBUTE = 'data-island';
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props';

export interface IslandRootAttributes {
  'data-island': IslandName;
  'data-island-props'?: string;
}

/**
 * The attributes of an island's root element. The props travel as an attribute, which React
 * escapes like any other, so no value can break out of it (and the CSP needs no inline script).
 */
export function islandRoot(name: IslandName, props?: Readonly<Record<string, unknown>>): IslandRootAttributes {
  return props === undefined ? { 'data-island': name } : { 'data-island': name, 'data-island-props': JSON.stringify(props) };
}
