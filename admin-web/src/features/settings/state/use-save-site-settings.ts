import { useMutation } from '@tanstack/react-query';
import type { Locale } from '@pagelog/contracts/locales';
import type { LocaleWithPages, UpdatedSettings } from '@pagelog/contracts/settings/site-settings';
import { IDEMPOTENCY_KEY_HEADER } from '@pagelog/contracts/endpoints';
import { useApi } from '../../../core/api/api-context';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { localesWithPagesRemoved, SETTINGS_MODEL, settingsErrors, updateBodyOf, type SiteSettingsFormValues } from './settings-form';

export const SETTINGS_ERRORS = 'site-settings';

/** What the settings a save starts from say: the revision it names, and the locales it would take away. */
export interface SaveBase {
  revision: number;
  availableLocales: readonly Locale[];
  pagesPerLocale: Partial<Record<Locale, number>>;
}

export type SaveOutcome =
  | { kind: 'saved'; result: UpdatedSettings }
  /** Nothing was sent: the form's values break a rule (the errors are in the collection). */
  | { kind: 'invalid' }
  /** Nothing was sent: locales with pages would go, which the user has to confirm first. */
  | { kind: 'confirm'; removed: LocaleWithPages[] }
  /** Someone saved the settings since they were loaded (409): the form keeps its values. */
  | { kind: 'conflict' }
  /** The server counted pages in a locale the save takes away (SE_01): ask again with its count. */
  | { kind: 'locales-with-pages' }
  | { kind: 'failed' };

/**
 * Saves the site settings: checks the values against the contract first (the same catalogue
 * messages the server gives), asks for a confirmation before taking away a locale that still has
 * pages, then sends them. The server's errors go into the `site-settings` collection, cleared
 * first; the form keeps what was typed whatever the outcome.
 */
export function useSaveSiteSettings() {
  const api = useApi();
  const errors = useErrorStore();
  return useMutation({
    mutationFn: async ({ values, base, confirmed }: { values: SiteSettingsFormValues; base: SaveBase; confirmed: boolean }): Promise<SaveOutcome> => {
      errors.clear(SETTINGS_ERRORS);
      const body = updateBodyOf(values, base.revision, confirmed);
      const found = await settingsErrors(body);
      if (found.length > 0) {
        errors.set(SETTINGS_ERRORS, found);
        return { kind: 'invalid' };
      }
      const removed = localesWithPagesRemoved(base.availableLocales, values, base.pagesPerLocale);
      if (removed.length > 0 && !confirmed) return { kind: 'confirm', removed };
      const reply = await api.call('settingsUpdate', { body });
      if (reply.Success && reply.data) return { kind: 'saved', result: reply.data };
      errors.set(SETTINGS_ERRORS, reply.Errors);
      if (reply.status === 409 && reply.Errors.every((error) => error.property !== IDEMPOTENCY_KEY_HEADER)) return { kind: 'conflict' };
      if (reply.Errors.some((error) => error.code === 'SE_01' && error.model === SETTINGS_MODEL)) return { kind: 'locales-with-pages' };
      return { kind: 'failed' };
    },
  });
}
