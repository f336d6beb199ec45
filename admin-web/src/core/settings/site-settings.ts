import { useEffect, useState } from 'react';
import type { Settings } from '@pagelog/contracts/locales';
import type { ApiClient } from '../api/api-client';
import { useApi } from '../api/api-context';

// The site's settings change rarely (only through a settings command), so each API client asks
// once per page load; screens that need the locales share the answer.
const cache = new WeakMap<ApiClient, Promise<Settings | null>>();

/** GET /settings/get, once per client; null when it failed (logged). */
export function loadSiteSettings(api: ApiClient): Promise<Settings | null> {
  let pending = cache.get(api);
  if (!pending) {
    pending = api.call<Settings>('settingsGet').then((reply) => {
      if (reply.Success && reply.data && Array.isArray(reply.data.availableLocales)) return reply.data;
      console.error('The site settings could not be loaded.', reply.Errors);
      // A later screen may try again.
      cache.delete(api);
      return null;
    });
    cache.set(api, pending);
  }
  return pending;
}

/** The site's settings (available and default locale); null until they arrive or when they failed. */
export function useSiteSettings(): Settings | null {
  const api = useApi();
  const [settings, setSettings] = useState<Settings | null>(null);
  useEffect(() => {
    let current = true;
    void loadSiteSettings(api).then((loaded) => {
      if (current) setSettings(loaded);
    });
    return () => {
      current = false;
    };
  }, [api]);
  return settings;
}
