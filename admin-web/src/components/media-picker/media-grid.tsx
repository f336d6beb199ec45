import { useTranslation } from 'react-i18next';
import type { DirectoryView, MediaItemView, MediaListing } from '@pagelog/contracts/media/media';
import { formatDateTime } from '../../core/format/date-time';
import { startMediaDrag } from './drag-data';
import { FolderIcon } from './folder-icon';
import { useFolderDrop, type FolderDropHandler } from './folder-drop';
import { formatBytes, formatDimensions } from './format';
import { previewImageUrl } from '@pagelog/contracts/media/media-urls';
import { isPicture } from './media-api';

export type MediaView = 'grid' | 'list';

export interface MediaGridProps {
  /** Names the list. */
  label: string;
  listing: MediaListing;
  view: MediaView;
  selectedId: string | null;
  onOpenFolder: (path: string) => void;
  onSelect: (item: MediaItemView) => void;
  /** Only these items are shown (the picker's image or file mode). */
  shows?: (item: MediaItemView) => boolean;
  /** Search results come from several folders: say which. */
  showFolders?: boolean;
  /** Where the user may move things: entries can be dragged onto folders. */
  onDrop?: FolderDropHandler;
}

/** A folder's content (or search results) as tiles or as a table: folders first, then images and videos, then documents. */
export function MediaGrid({ label, listing, view, selectedId, onOpenFolder, onSelect, shows = () => true, showFolders = false, onDrop }: MediaGridProps) {
  const { t } = useTranslation();
  const items = [...listing.images, ...listing.documents].filter(shows);
  const empty = listing.directories.length === 0 && items.length === 0;
  if (empty) return <p className="media-grid__empty">{t('media.empty')}</p>;

  if (view === 'list') {
    return (
      <table className="data-table media-table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">{t('media.columns.name')}</th>
            <th scope="col">{t('media.columns.kind')}</th>
            {showFolders && <th scope="col">{t('media.columns.folder')}</th>}
            <th scope="col">{t('media.columns.size')}</th>
            <th scope="col">{t('media.columns.dimensions')}</th>
            <th scope="col">{t('media.columns.changed')}</th>
          </tr>
        </thead>
        <tbody>
          {listing.directories.map((directory) => (
            <FolderRow key={directory.id} directory={directory} onOpenFolder={onOpenFolder} onDrop={onDrop} columns={showFolders ? 6 : 5} />
          ))}
          {items.map((item) => (
            <tr key={item.id} className={item.id === selectedId ? 'is-selected' : undefined}>
              <td>
                <ItemButton item={item} selected={item.id === selectedId} onSelect={onSelect} draggable={!!onDrop} className="media-table__name" />
              </td>
              <td>{t(`media.kinds.${item.kind}`)}</td>
              {showFolders && <td>{item.path}</td>}
              <td>{formatBytes(item.size)}</td>
              <td>{formatDimensions(item)}</td>
              <td>{formatDateTime(item.updatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }

  return (
    <ul className="media-grid" aria-label={label}>
      {listing.directories.map((directory) => (
        <FolderTile key={directory.id} directory={directory} onOpenFolder={onOpenFolder} onDrop={onDrop} />
      ))}
      {items.map((item) => (
        <li key={item.id} className={`media-tile${item.id === selectedId ? ' is-selected' : ''}`}>
          <ItemButton item={item} selected={item.id === selectedId} onSelect={onSelect} draggable={!!onDrop} className="media-tile__button" thumbnail />
          {showFolders && <span className="media-tile__folder">{item.path}</span>}
        </li>
      ))}
    </ul>
  );
}

function ItemButton({ item, selected, onSelect, draggable, className, thumbnail = false }: { item: MediaItemView; selected: boolean; onSelect: (item: MediaItemView) => void; draggable: boolean; className: string; thumbnail?: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={className}
      aria-pressed={selected}
      draggable={draggable}
      onDragStart={draggable ? (event) => startMediaDrag(event, { type: 'item', id: item.id, fileName: item.fileName, path: item.path }) : undefined}
      onClick={() => onSelect(item)}
    >
      {thumbnail && (
        <span className="media-tile__thumb" aria-hidden="true">
          {isPicture(item) ? <img src={previewImageUrl(item.id, 320)} alt="" loading="lazy" /> : <span className={`media-tile__icon media-tile__icon--${item.kind}`}>{t(`media.kinds.${item.kind}`)}</span>}
        </span>
      )}
      <span className="media-tile__name">{item.fileName}</span>
    </button>
  );
}

function FolderTile({ directory, onOpenFolder, onDrop }: { directory: DirectoryView; onOpenFolder: (path: string) => void; onDrop?: FolderDropHandler }) {
  const drop = useFolderDrop(directory.path, onDrop);
  return (
    <li className={`media-tile media-tile--folder${drop.over ? ' is-drop-target' : ''}`} {...drop.props}>
      <FolderButton directory={directory} onOpenFolder={onOpenFolder} draggable={!!onDrop} className="media-tile__button" thumbnail />
    </li>
  );
}

function FolderRow({ directory, onOpenFolder, onDrop, columns }: { directory: DirectoryView; onOpenFolder: (path: string) => void; onDrop?: FolderDropHandler; columns: number }) {
  const { t } = useTranslation();
  const drop = useFolderDrop(directory.path, onDrop);
  return (
    <tr className={drop.over ? 'is-drop-target' : undefined} {...drop.props}>
      <td>
        <FolderButton directory={directory} onOpenFolder={onOpenFolder} draggable={!!onDrop} className="media-table__name" />
      </td>
      <td>{t('media.kinds.directory')}</td>
      {Array.from({ length: columns - 2 }, (_, index) => (
        <td key={index} />
      ))}
    </tr>
  );
}

function FolderButton({ directory, onOpenFolder, draggable, className, thumbnail = false }: { directory: DirectoryView; onOpenFolder: (path: string) => void; draggable: boolean; className: string; thumbnail?: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={className}
      aria-label={t('media.openFolder', { name: directory.folderName })}
      draggable={draggable}
      onDragStart={draggable ? (event) => startMediaDrag(event, { type: 'folder', path: directory.path }) : undefined}
      onClick={() => onOpenFolder(directory.path)}
    >
      {thumbnail && (
        <span className="media-tile__thumb" aria-hidden="true">
          <span className="media-tile__icon media-tile__icon--directory">
            <FolderIcon size={48} />
          </span>
        </span>
      )}
      <span className="media-tile__name">{directory.folderName}</span>
    </button>
  );
}
