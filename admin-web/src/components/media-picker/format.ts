import type { MediaItemView } from '@pagelog/contracts/media/media';
import { childPath } from '@pagelog/contracts/media/media';

const units = ['B', 'KB', 'MB', 'GB'] as const;

/** A size as people read it: "512 B", "1.4 MB" (1024-based, as file managers show it). */
export function formatBytes(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** "1600 × 900", or '' without dimensions. */
export function formatDimensions(item: Pick<MediaItemView, 'width' | 'height'>): string {
  return item.width && item.height ? `${item.width} × ${item.height}` : '';
}

/** Where an item is: its folder and its name, e.g. `/photos/beach.jpg`. */
export function locationOf(item: Pick<MediaItemView, 'path' | 'fileName'>): string {
  return childPath(item.path || '/', item.fileName);
}

/** The last name of a folder path ('' for the root). */
export function folderNameOf(path: string): string {
  return path === '/' ? '' : (path.split('/').pop() ?? '');
}

/** The folder a path is in (`/` for a folder at the root). */
export function parentOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}
