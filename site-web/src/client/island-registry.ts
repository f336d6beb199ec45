import type { IslandName } from '../app/islands/island-root';

/** What an island's module exports: it takes over its root, which the server rendered. */
export interface IslandModule {
  mount(root: HTMLElement, props: Readonly<Record<string, unknown>>): void;
}

export type IslandLoader = () => Promise<IslandModule>;

/**
 * Each island's module, as a chunk of its own that a page loads only when it has such an island
 * (see app/islands/island-root.ts). The forms and the newsletter popup add theirs here.
 */
export const islandModules = {
  'site-header': () => import('./islands/site-header'),
  video: () => import('./islands/video-player'),
  form: () => import('./islands/form'),
  'newsletter-confirm': () => import('./islands/newsletter-confirm'),
  // The popup's loader only: it loads the dialog's code when the popup is about to open.
  'newsletter-popup': () => import('./islands/newsletter-popup'),
} satisfies Record<IslandName, IslandLoader>;
