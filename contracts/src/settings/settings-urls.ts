import { API_BASE } from '../endpoints';
import type { RenditionFormat } from '../media/media';
import type { SettingsImageGroup } from './site-settings';

/**
 * The public address of an image of the settings: settings/image/{group}/{hash}/{fileName}. It
 * names the bytes, so it is answered only while the settings name an item holding them in that
 * group, and never changes meaning: another logo is another address. `w` and `fm` ask for a
 * rendition (the media library's widths and formats), as on a page's files.
 */
export function settingsImageUrl(group: SettingsImageGroup, hash: string, fileName: string, options: { w?: number; fm?: RenditionFormat } = {}): string {
  const query = [options.w === undefined ? null : `w=${options.w}`, options.fm === undefined ? null : `fm=${options.fm}`].filter((pair) => pair !== null);
  const segment = encodeURIComponent;
  return `${API_BASE}/settings/image/${segment(group)}/${segment(hash)}/${segment(fileName)}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}
