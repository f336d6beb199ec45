import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE } from '../app/islands/island-root';
import type { IslandLoader, IslandModule } from './island-registry';

/** An island's props; a root without them, or with ones that do not read as an object, has none. */
function propsOf(root: HTMLElement): Readonly<Record<string, unknown>> {
  const json = root.getAttribute(ISLAND_PROPS_ATTRIBUTE);
  if (json === null) return {};
  try {
    const props: unknown = JSON.parse(json);
    return typeof props === 'object' && props !== null && !Array.isArray(props) ? (props as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Starts every island of the document: each module is loaded once, however many roots it has,
 * and an island that fails (its module cannot be loaded, or it throws) is reported and leaves
 * the others, and its own server-rendered markup, working.
 */
export async function mountIslands(
  document: Document,
  modules: Readonly<Record<string, IslandLoader>>,
  report: (message: string, error?: unknown) => void = console.error,
): Promise<void> {
  const loading = new Map<string, Promise<IslandModule>>();
  const roots = [...document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)];
  await Promise.all(
    roots.map(async (root) => {
      const name = root.getAttribute(ISLAND_ATTRIBUTE) ?? '';
      const load = Object.hasOwn(modules, name) ? modules[name] : undefined;
      if (load === undefined) {
        report(`The page has an island "${name}" that the site has no module for`);
        return;
      }
      try {
        if (!loading.has(name)) loading.set(name, load());
        (await loading.get(name)!).mount(root, propsOf(root));
      } catch (error) {
        report(`The island "${name}" could not start`, error);
      }
    }),
  );
}
