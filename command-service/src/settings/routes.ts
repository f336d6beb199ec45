import { command, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import type { SettingsUpdateBody } from '@pagelog/contracts/settings/schemas';
import { contextOf } from '../core/route-context';
import { updateSettings, type SettingsDeps } from './update-settings';

/** The site settings' command (issue 13): settings/update, for manage-settings (the endpoint table says so). */
export function settingsRoutes(deps: SettingsDeps & { clock: () => number }): EndpointRoute[] {
  return [
    command('settingsUpdate', async (ctx, input) => {
      // yup types its oneOf lists as plain strings; the schema only lets the product's locales and networks through.
      return updateSettings(deps, input as SettingsUpdateBody, contextOf(ctx, deps.clock));
    }),
  ];
}
