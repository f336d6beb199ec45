import { useQuery } from '@tanstack/react-query';
import type { Settings } from '@pagelog/contracts/locales';
import { useApi } from '../api/api-context';
import { endpointQuery } from '../api/endpoint-query';

/** The site's settings (available and default locale); null until they arrive or when they failed (logged). */
export function useSiteSettings(): Settings | null {
  const api = useApi();
  // They change rarely (only through a settings command), so screens share one answer until then.
  const settings = useQuery({ ...endpointQuery(api, 'settingsGet'), staleTime: Infinity });
  return settings.data && Array.isArray(settings.data.availableLocales) ? settings.data : null;
}
