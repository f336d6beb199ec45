import { useEffect, useRef, useState } from 'react';
import { createSlugChecker, type SlugCheck, type SlugChecker } from '../state/slug-availability';
import { usePagesApi } from '../state/use-pages-api';

interface SlugAvailabilityOptions {
  /** The page asking: its own slug counts as available. */
  pageID?: string;
  /** No check (and no message) while true, e.g. for the page's unchanged slug. */
  skip?: boolean;
}

/** The live availability of a slug in a locale, checked 300 ms after typing pauses. */
export function useSlugAvailability(slug: string, locale: string, { pageID, skip = false }: SlugAvailabilityOptions = {}): SlugCheck {
  const pages = usePagesApi();
  const [result, setResult] = useState<SlugCheck>({ state: 'idle' });
  const checkerRef = useRef<SlugChecker | null>(null);

  useEffect(() => {
    const checker = createSlugChecker({ check: pages.slugAvailable, onResult: setResult, pageID });
    checkerRef.current = checker;
    return () => {
      checker.stop();
      checkerRef.current = null;
    };
  }, [pages, pageID]);

  useEffect(() => {
    if (skip) {
      checkerRef.current?.stop();
      setResult({ state: 'idle' });
      return;
    }
    checkerRef.current?.request(slug, locale);
  }, [slug, locale, skip, pages, pageID]);

  return result;
}
