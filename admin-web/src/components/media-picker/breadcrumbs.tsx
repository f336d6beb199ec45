import { useTranslation } from 'react-i18next';
import { joinMediaPath, splitMediaPath } from '@pagelog/contracts/media/media';
import { useFolderDrop, type FolderDropHandler } from './folder-drop';

/** The way from the library's root to the folder shown; every step opens its folder and takes drops. */
export function Breadcrumbs({ path, onOpenFolder, onDrop }: { path: string; onOpenFolder: (path: string) => void; onDrop?: FolderDropHandler }) {
  const { t } = useTranslation();
  const names = splitMediaPath(path) ?? [];
  const steps = [{ path: '/', name: t('media.root') }, ...names.map((name, index) => ({ path: joinMediaPath(names.slice(0, index + 1)), name }))];
  return (
    <nav className="breadcrumbs" aria-label={t('media.breadcrumbs')}>
      <ol className="breadcrumbs__list">
        {steps.map((step, index) => (
          <Crumb key={step.path} path={step.path} name={step.name} current={index === steps.length - 1} onOpenFolder={onOpenFolder} onDrop={onDrop} />
        ))}
      </ol>
    </nav>
  );
}

function Crumb({ path, name, current, onOpenFolder, onDrop }: { path: string; name: string; current: boolean; onOpenFolder: (path: string) => void; onDrop?: FolderDropHandler }) {
  const drop = useFolderDrop(path, current ? undefined : onDrop);
  return (
    <li className={`breadcrumbs__step${drop.over ? ' is-drop-target' : ''}`} {...drop.props}>
      {current ? (
        <span aria-current="location">{name}</span>
      ) : (
        <button type="button" className="breadcrumbs__link" onClick={() => onOpenFolder(path)}>
          {name}
        </button>
      )}
    </li>
  );
}
