import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

/** A route's screen whose code is its own chunk, fetched the first time the screen is shown. */
export interface LazyScreen {
  (): React.JSX.Element;
  /** Fetches the screen's code now (a spec, or a screen the user is likely to open next). */
  preload(): Promise<void>;
}

/**
 * Splits the admin by route: the first load carries the shell, and each screen (with the heavy
 * libraries only it uses: the editor's TipTap and drag and drop, the tree's virtualiser) arrives
 * when it is first shown, with a loading state meanwhile. Once fetched, a screen renders at once,
 * with no loading state in between.
 *
 * A chunk that cannot be fetched (the server went away, or a new version replaced the build this
 * tab started from) shows a notice with a way to reload instead of a blank screen; the next visit
 * to the route tries again.
 */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  // A failed fetch is not kept: the next mount of the screen gets a fresh lazy component.
  const deferredScreen = () =>
    lazy(() =>
      preload().then(
        () => ({ default: loaded! }),
        () => {
          deferred = deferredScreen();
          return { default: ScreenLoadFailed };
        },
      ),
    );
  let deferred = deferredScreen();

  function Screen() {
    // Decided once per mount, so a screen that arrives while shown is never remounted (and never
    // loses what the user typed) when its parent renders again.
    const [ready] = useState(() => loaded);
    const [Deferred] = useState(() => deferred);
    if (ready) {
      const Ready = ready;
      return <Ready />;
    }
    return (
      <Suspense fallback={<ScreenLoading />}>
        <Deferred />
      </Suspense>
    );
  }
  Screen.preload = preload;
  return Screen;
}

function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <p className="screen-loading" role="status">
      {t('screens.loading')}
    </p>
  );
}

function ScreenLoadFailed() {
  const { t } = useTranslation();
  return (
    <section className="screen" role="alert">
      <h1 className="screen__title">{t('screens.loadFailed.title')}</h1>
      <p className="screen__description">{t('screens.loadFailed.description')}</p>
      <button type="button" className="button button--orange" onClick={() => window.location.reload()}>
        {t('screens.loadFailed.reload')}
      </button>
    </section>
  );
}
