import { normaliseSlug, isValidSlug } from '@pagelog/contracts/slugs';
import debounce from 'lodash.debounce';
import type { ResponseOf } from '@pagelog/contracts/endpoints';
import type { ApiReply } from '../../../core/api/api-client';

/** What the slug field says about the slug typed. */
export type SlugCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'available' }
  | { state: 'taken' }
  /** Empty (V_01) or not a slug (V_12): no call is made. */
  | { state: 'invalid'; code: 'V_01' | 'V_12' }
  /** The check itself failed; the save will tell. */
  | { state: 'unknown' };

export type CheckSlug = (body: { slug: string; locale: string; pageID?: string }) => Promise<ApiReply<Pick<ResponseOf<'pageSlugAvailable'>, 'available'>>>;

/** Typing pauses this long before the slug is checked. */
export const SLUG_CHECK_WAIT_MS = 300;

/** The slug as the API stores it: trimmed, lower-cased, without slashes at either end. */
export function normalisedSlug(slug: string): string {
  return normaliseSlug(slug).toLowerCase();
}

export interface SlugChecker {
  /** A new slug (or locale) to check; the answer arrives through onResult. */
  request(slug: string, locale: string): void;
  stop(): void;
}

export interface SlugCheckerOptions {
  check: CheckSlug;
  onResult: (result: SlugCheck) => void;
  /** The page asking: its own slug counts as available to it. */
  pageID?: string;
  wait?: number;
}

/**
 * Checks slug availability as the user types (POST /page/slug-available), debounced; an answer to
 * an older request than the latest is dropped, so a slow reply never overwrites a newer one.
 */
export function createSlugChecker({ check, onResult, pageID, wait = SLUG_CHECK_WAIT_MS }: SlugCheckerOptions): SlugChecker {
  let latest = 0;
  const send = debounce(
    (request: number, slug: string, locale: string) => {
      void check(pageID === undefined ? { slug, locale } : { slug, locale, pageID }).then((reply) => {
        if (request !== latest) return;
        if (!reply.Success || !reply.data) onResult({ state: 'unknown' });
        else onResult({ state: reply.data.available ? 'available' : 'taken' });
      });
    },
    wait,
  );

  return {
    request(raw, locale) {
      const request = ++latest;
      const slug = normalisedSlug(raw);
      if (slug === '') {
        send.cancel();
        onResult({ state: 'invalid', code: 'V_01' });
        return;
      }
      if (!isValidSlug(slug)) {
        send.cancel();
        onResult({ state: 'invalid', code: 'V_12' });
        return;
      }
      if (locale === '') {
        send.cancel();
        onResult({ state: 'idle' });
        return;
      }
      onResult({ state: 'checking' });
      send(request, slug, locale);
    },
    stop() {
      latest++;
      send.cancel();
    },
  };
}
