import { islandModules } from './island-registry';
import { mountIslands } from './mount-islands';
import './site.css';

// The page is rendered on the server and stays as it is: only its islands (the menu button, a
// video, later the forms) take JavaScript, each loaded when the page has one.

// A newly opened path starts at the top (spec: the scroll position resets when the path changes),
// also after a reload; a #fragment in the address still takes the visitor to its anchor.
if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
if (location.hash === '') window.scrollTo(0, 0);

void mountIslands(document, islandModules).then(() => {
  // Lets tests and monitoring tell a page whose islands have started from a server-only one.
  document.documentElement.dataset.islands = 'ready';
});
