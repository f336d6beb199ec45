import { useState, type DragEvent } from 'react';
import { isWithin } from '@pagelog/contracts/media/media';
import { carriesMedia, readMediaDrag, type MediaDrag } from './drag-data';

/** Moves what was dropped on a folder there (the library's; the picker moves nothing). */
export type FolderDropHandler = (folderPath: string, dragged: MediaDrag) => void;

/**
 * The drop-target side of a folder (a tile, a tree entry, a breadcrumb): it takes library entries
 * dragged inside the admin, never a folder into itself or below itself. Every such move also has
 * a "Move to…" dialog for the keyboard.
 */
export function useFolderDrop(folderPath: string, onDrop: FolderDropHandler | undefined) {
  const [over, setOver] = useState(false);
  if (!onDrop) return { over: false, props: {} };
  return {
    over,
    props: {
      onDragOver(event: DragEvent) {
        if (!carriesMedia(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      },
      onDragLeave() {
        setOver(false);
      },
      onDrop(event: DragEvent) {
        setOver(false);
        const dragged = readMediaDrag(event);
        if (!dragged) return;
        event.preventDefault();
        event.stopPropagation();
        if (dragged.type === 'folder' && isWithin(folderPath, dragged.path)) return;
        if (dragged.type === 'item' && dragged.path === folderPath) return;
        onDrop(folderPath, dragged);
      },
    },
  };
}
