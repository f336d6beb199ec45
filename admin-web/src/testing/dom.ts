import { Window } from 'happy-dom';

/**
 * A browser document for the admin's UI specs (@testing-library/react renders into it), set up
 * by the root .mocharc.cjs before any module loads: react-dom and @testing-library look for a
 * document once, when they load.
 *
 * Every tier's specs share one mocha process, so only what Node lacks is added to the global
 * scope (window, document, the DOM classes, localStorage): Node's own fetch, URL, events and
 * timers stay as the server's specs expect them.
 */
const window = new Window({ url: 'http://localhost/cmsadmin/' });
for (const key of Object.getOwnPropertyNames(window)) {
  if (key in globalThis) continue;
  Object.defineProperty(globalThis, key, { configurable: true, get: () => window[key as keyof Window] });
}

/** Every spec starts as in a fresh browser profile: nothing kept in localStorage. */
export const mochaHooks = {
  beforeEach() {
    window.localStorage.clear();
  },
};
