import type { DragEvent } from 'react';

/** The data type of a library entry dragged inside the admin (files from the desktop carry `Files`). */
export const MEDIA_DRAG_TYPE = 'application/x-pagelog-media';

/** What is dragged: a file or video item by id, or a folder by path. */
export type MediaDrag = { type: 'item'; id: string; fileName: string; path: string } | { type: 'folder'; path: string };

export function startMediaDrag(event: DragEvent, dragged: MediaDrag) {
  event.dataTransfer.setData(MEDIA_DRAG_TYPE, JSON.stringify(dragged));
  event.dataTransfer.effectAllowed = 'move';
}

/** Whether the drag holds a library entry (its data can be read only on drop). */
export function carriesMedia(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes(MEDIA_DRAG_TYPE);
}

/** Whether the drag holds files from outside the browser. */
export function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

export function readMediaDrag(event: DragEvent): MediaDrag | null {
  try {
    const parsed = JSON.parse(event.dataTransfer.getData(MEDIA_DRAG_TYPE)) as MediaDrag;
    if (parsed?.type === 'item' && typeof parsed.id === 'string') return parsed;
    if (parsed?.type === 'folder' && typeof parsed.path === 'string') return parsed;
  } catch {
    // Not ours, or nothing.
  }
  return null;
}
