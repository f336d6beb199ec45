import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isWithin } from '@pagelog/contracts/media/media';
import { useApi } from '../../core/api/api-context';
import { startMediaDrag } from './drag-data';
import { FolderIcon } from './folder-icon';
import { useFolderDrop, type FolderDropHandler } from './folder-drop';
import { mediaQueries } from './media-api';

interface FolderTreeProps {
  /** Names the tree. */
  label: string;
  /** The folder shown (navigate) or chosen (choose). */
  current: string;
  onSelect: (path: string) => void;
  /** navigate: the folders of the library screen; choose: a destination in a dialog. */
  mode?: 'navigate' | 'choose';
  /** A folder that cannot be chosen, nor anything below it (a folder cannot move into itself). */
  excluded?: string;
  /** Drag and drop of library entries onto folders, where allowed. */
  onDrop?: FolderDropHandler;
  draggable?: boolean;
}

/**
 * The library's folders as a nested list, read folder by folder as they are opened (get-dir). The
 * folders on the way to the current one start open.
 */
export function FolderTree(props: FolderTreeProps) {
  const { t } = useTranslation();
  return (
    <div className="folder-tree" role="group" aria-label={props.label}>
      <ul className="folder-tree__list">
        <FolderNode {...props} path="/" name={t('media.root')} />
      </ul>
    </div>
  );
}

function FolderNode({ path, name, current, onSelect, mode = 'navigate', excluded, onDrop, draggable }: FolderTreeProps & { path: string; name: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const onTheWay = isWithin(current, path) && (path !== current || path === '/');
  const [expanded, setExpanded] = useState(onTheWay);
  // A folder opened elsewhere (the grid, a breadcrumb) opens the tree down to it.
  const [seen, setSeen] = useState(current);
  if (seen !== current) {
    setSeen(current);
    if (onTheWay && !expanded) setExpanded(true);
  }
  const folder = useQuery({ ...mediaQueries.dir(api, path), enabled: expanded });
  const drop = useFolderDrop(path, onDrop);
  const chosen = path === current;
  const disabled = excluded !== undefined && isWithin(path, excluded);
  const children = folder.data?.directories ?? [];
  return (
    <li className="folder-tree__node">
      <div className={`folder-tree__row${chosen ? ' is-current' : ''}${drop.over ? ' is-drop-target' : ''}`} {...drop.props}>
        <button
          type="button"
          className="folder-tree__toggle"
          aria-expanded={expanded}
          aria-label={t(expanded ? 'media.tree.collapse' : 'media.tree.expand', { name })}
          onClick={() => setExpanded(!expanded)}
        >
          <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
        </button>
        <button
          type="button"
          className="folder-tree__name"
          disabled={disabled}
          aria-current={mode === 'navigate' && chosen ? 'location' : undefined}
          aria-pressed={mode === 'choose' ? chosen : undefined}
          draggable={draggable && path !== '/'}
          onDragStart={draggable && path !== '/' ? (event) => startMediaDrag(event, { type: 'folder', path }) : undefined}
          onClick={() => onSelect(path)}
        >
          <FolderIcon /> {name}
        </button>
      </div>
      {expanded && children.length > 0 && (
        <ul className="folder-tree__list">
          {children.map((child) => (
            <FolderNode key={child.id} path={child.path} name={child.folderName} current={current} onSelect={onSelect} mode={mode} excluded={excluded} onDrop={onDrop} draggable={draggable} label="" />
          ))}
        </ul>
      )}
    </li>
  );
}
