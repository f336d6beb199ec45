import { hydrateRoot } from 'react-dom/client';
import { App } from '../app/app';
import { htmlLang } from '../app/html-lang';
import { PAGE_STATE_ELEMENT_ID, type PageState } from '../app/page-state';
import './site.css';

function readPageState(): PageState {
  const json = document.getElementById(PAGE_STATE_ELEMENT_ID)?.textContent;
  if (!json) throw new Error(`The page has no #${PAGE_STATE_ELEMENT_ID} element to hydrate from`);
  return JSON.parse(json) as PageState;
}

const root = document.getElementById('root');
if (root === null) throw new Error('The page has no #root element to hydrate');

const state = readPageState();
document.documentElement.lang = htmlLang(state.locale);

// A newly opened path starts at the top (spec: the scroll position resets when the path changes),
// also after a reload; a #fragment in the address still takes the visitor to its anchor.
if ('scrollRestoration' in history) history.scrollRestoration = 'manual';

hydrateRoot(root, <App state={state} />);
// Lets tests and monitoring tell a hydrated page from a server-only one.
document.documentElement.dataset.hydrated = 'true';

if (location.hash === '') window.scrollTo(0, 0);
