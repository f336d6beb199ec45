import { useTranslation } from 'react-i18next';
import type { FocalPoint, MediaItemView } from '@pagelog/contracts/media/media';
import { previewImageUrl } from '@pagelog/contracts/media/media-urls';
import { formatBytes, formatDimensions, locationOf } from '../../../components/media-picker/format';
import { isPicture } from '../../../components/media-picker/media-api';
import { formatDateTime } from '../../../core/format/date-time';
import { FocalPointControl } from './focal-point-control';
import { WhereUsed } from './where-used';

export type FileAction = 'edit' | 'move' | 'delete';

interface DetailsPanelProps {
  item: MediaItemView;
  /** Offered with manage-media. */
  canManage: boolean;
  onAction: (action: FileAction) => void;
  /** Stores the item's focal point (with manage-media); answers the item as stored, or null when refused. */
  onFocalPoint: (point: FocalPoint | null) => Promise<MediaItemView | null>;
  onClose: () => void;
}

/** Raster images have a focal point: automatic crops are made of them (an SVG is never cropped, a video has no pixels here). */
const hasFocalPoint = (item: MediaItemView) => item.kind === 'image' || item.kind === 'gif';

/**
 * One item: a preview (where, with manage-media, a raster image's focal point is set), what it is
 * (kind, size, dimensions, folder), its actions, and the pages that use it.
 */
export function DetailsPanel({ item, canManage, onAction, onFocalPoint, onClose }: DetailsPanelProps) {
  const { t } = useTranslation();
  const facts: [string, string][] = [
    [t('media.details.kind'), t(`media.kinds.${item.kind}`)],
    [t('media.details.location'), locationOf(item)],
    [t('media.details.size'), formatBytes(item.size)],
    [t('media.details.dimensions'), formatDimensions(item)],
    [t('media.details.altText'), item.defaultAltText || (isPicture(item) ? t('media.details.noAltText') : '')],
    [t('media.details.shared'), item.shared ? t('media.details.yes') : t('media.details.no')],
    [t('media.details.link'), item.link ?? ''],
    [t('media.details.publicUrl'), item.publicUrl ?? ''],
    [t('media.details.added'), formatDateTime(item.createdAt)],
    [t('media.details.changed'), formatDateTime(item.updatedAt)],
  ];
  return (
    <aside className="details" aria-label={t('media.details.label', { name: item.fileName })}>
      <div className="details__header">
        <h2 className="details__title">{item.fileName}</h2>
        <button type="button" className="modal__close" aria-label={t('media.details.close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {canManage && hasFocalPoint(item) ? (
        <FocalPointControl item={item} onSave={onFocalPoint} />
      ) : (
        isPicture(item) && <img className="details__preview" src={previewImageUrl(item.id, 640)} alt={item.defaultAltText || t('media.details.previewAlt', { name: item.fileName })} />
      )}
      <dl className="details__facts">
        {facts
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <div key={label} className="details__fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {canManage && (
        <div className="details__actions">
          <button type="button" className="button button--grey button--small" onClick={() => onAction('edit')}>
            {t('media.actions.edit')}
          </button>
          <button type="button" className="button button--grey button--small" onClick={() => onAction('move')}>
            {t('media.actions.move')}
          </button>
          <button type="button" className="button button--grey button--small" onClick={() => onAction('delete')}>
            {t('media.actions.delete')}
          </button>
        </div>
      )}
      <WhereUsed key={item.id} fileID={item.id} />
    </aside>
  );
}
