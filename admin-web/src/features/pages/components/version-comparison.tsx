import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockImage } from '@pagelog/contracts/blocks/block';
import { previewImageUrl } from '@pagelog/contracts/media/media-urls';
import { textOfHtml, type BlockDiff, type TextPiece, type ValueDiff, type VersionComparison, type VersionDiff } from '@pagelog/contracts/pages/version-diff';
import type { Block } from '@pagelog/contracts/blocks/block';
import { formatDateTime } from '../../../core/format/date-time';

type Layout = 'inline' | 'side-by-side';

/** What a comparison into the draft can put back from the older version (restore-version.ts). */
export interface RestoreHandlers {
  version(): void;
  block(entry: BlockDiff): void;
  prop(entry: BlockDiff, prop: ValueDiff): void;
  /** Null for a field this screen does not restore. */
  field: ((field: ValueDiff) => void) | null;
}

/** Words of both values, each run marked: removed struck through, added underlined (ins/del, which screen readers announce). */
function Words({ pieces, show }: { pieces: TextPiece[]; show: 'both' | 'before' | 'after' }) {
  return (
    <p className="diff__text">
      {pieces.map((piece, i) => {
        if (piece.kind === 'same') return <span key={i}>{piece.text}</span>;
        if (piece.kind === 'removed') return show === 'after' ? null : <del key={i}>{piece.text}</del>;
        return show === 'before' ? null : <ins key={i}>{piece.text}</ins>;
      })}
    </p>
  );
}

const isImageList = (value: unknown): value is BlockImage[] => Array.isArray(value) && value.every((v) => typeof v === 'object' && v !== null && 'hash' in v);

/** A value that is not text: images as thumbnails with their alternative text, lists and choices as text. */
function Value({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return <p className="diff__empty">{t('pages.compare.empty')}</p>;
  if (isImageList(value)) {
    return (
      <ul className="diff__images">
        {value.map((image, i) => (
          <li key={`${image.hash}-${i}`}>
            {image.fileID ? <img src={previewImageUrl(image.fileID, 320)} alt={image.altText ?? ''} width={160} loading="lazy" /> : null}
            <span>{image.fileName}{image.altText ? ` (${image.altText})` : ''}</span>
          </li>
        ))}
      </ul>
    );
  }
  if (Array.isArray(value)) return <p className="diff__text">{value.map((v) => (typeof v === 'object' && v !== null ? ((v as { fileName?: string }).fileName ?? JSON.stringify(v)) : String(v))).join(', ')}</p>;
  if (typeof value === 'object') return <pre className="diff__json">{JSON.stringify(value, null, 2)}</pre>;
  return <p className="diff__text">{String(value)}</p>;
}

/** One changed field or prop: inline (one column, both marked) or side by side (before | after). */
function Change({ change, layout, onRestore }: { change: ValueDiff; layout: Layout; onRestore?: (() => void) | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="diff__change">
      <h5 className="diff__label">
        {change.label}
        {onRestore && (
          <button type="button" className="button button--grey button--small diff__restore" onClick={onRestore} aria-label={t('pages.compare.restoreFieldNamed', { field: change.label })}>
            {t('pages.compare.restoreField')}
          </button>
        )}
      </h5>
      {layout === 'inline' ? (
        change.words ? (
          <Words pieces={change.words} show="both" />
        ) : (
          <div className="diff__pair">
            <div className="diff__before" aria-label={t('pages.compare.before')}>
              <Value value={change.before} />
            </div>
            <div className="diff__after" aria-label={t('pages.compare.after')}>
              <Value value={change.after} />
            </div>
          </div>
        )
      ) : (
        <div className="diff__columns">
          <div className="diff__before">
            <span className="diff__column-label">{t('pages.compare.before')}</span>
            {change.words ? <Words pieces={change.words} show="before" /> : <Value value={change.before} />}
          </div>
          <div className="diff__after">
            <span className="diff__column-label">{t('pages.compare.after')}</span>
            {change.words ? <Words pieces={change.words} show="after" /> : <Value value={change.after} />}
          </div>
        </div>
      )}
    </div>
  );
}

/** What an added or removed block says: its text, or its images. */
export function blockText(block: Block): string {
  const props = block.props ?? {};
  if (typeof props.html === 'string') return textOfHtml(props.html);
  const named = ['text', 'title', 'question', 'caption', 'name', 'quote'].map((name) => props[name]).find((v) => typeof v === 'string' && v.trim() !== '');
  return typeof named === 'string' ? named : '';
}

function BlockEntry({ block, layout, restore }: { block: BlockDiff; layout: Layout; restore?: RestoreHandlers | undefined }) {
  const { t } = useTranslation();
  const status = [block.kind !== 'unchanged' ? t(`pages.compare.kind.${block.kind}`) : null, block.moved ? t('pages.compare.moved', { from: (block.from ?? 0) + 1, to: (block.to ?? 0) + 1 }) : null].filter(Boolean).join(' · ');
  return (
    <li className={`diff__block diff__block--${block.kind}${block.moved ? ' diff__block--moved' : ''}`}>
      <h4 className="diff__block-title">
        {block.label} <span className="diff__key">{block.key}</span>
        {status !== '' && <span className="diff__status">{status}</span>}
        {restore && block.kind !== 'unchanged' && (
          <button type="button" className="button button--grey button--small diff__restore" onClick={() => restore.block(block)} aria-label={t('pages.compare.restoreBlockNamed', { block: `${block.label} ${block.key}` })}>
            {block.kind === 'added' ? t('pages.compare.takeOut') : t('pages.compare.restoreBlock')}
          </button>
        )}
      </h4>
      {block.kind === 'changed' && block.props.map((prop) => <Change key={prop.name} change={prop} layout={layout} onRestore={restore ? () => restore.prop(block, prop) : undefined} />)}
      {(block.kind === 'added' || block.kind === 'removed') && (() => {
        const shown = (block.after ?? block.before)!;
        const words = blockText(shown);
        return (
          <>
            {words !== '' && (block.kind === 'added' ? <p className="diff__text"><ins>{words}</ins></p> : <p className="diff__text"><del>{words}</del></p>)}
            {(shown.__images ?? []).length > 0 && <Value value={shown.__images} />}
          </>
        );
      })()}
    </li>
  );
}

/**
 * Two versions of a page compared (issue 17): a line saying what changed, the page fields that
 * changed, then every block of both in the newer order (a removed one where it was), marked
 * added, removed, changed or moved; changed props field by field, text word by word, images as
 * thumbnails; inline or side by side. Unchanged blocks are listed folded, for orientation.
 */
export function VersionComparisonView({ comparison, restore }: { comparison: VersionComparison; restore?: RestoreHandlers | undefined }) {
  const { t } = useTranslation();
  const { diff, from, to } = comparison;
  return (
    <div className="diff">
      <p className="diff__versions">
        {t('pages.compare.fromTo', {
          from: `${formatDateTime(from.storedAt)} (${from.storedByName}${from.isLive ? `, ${t('pages.compare.live')}` : ''})`,
          to: `${formatDateTime(to.storedAt)} (${to.storedByName}${to.isDraft ? `, ${t('pages.compare.draft')}` : to.isLive ? `, ${t('pages.compare.live')}` : ''})`,
        })}
      </p>
      {restore && (
        <p>
          <button type="button" className="button button--grey button--small" onClick={restore.version}>
            {t('pages.compare.restoreVersion')}
          </button>
        </p>
      )}
      <VersionDiffView diff={diff} restore={restore} />
    </div>
  );
}

/** A diff of two versions (diffVersions), as the comparison and the reviewer's dialog show it. */
export function VersionDiffView({ diff, restore }: { diff: VersionDiff; restore?: RestoreHandlers | undefined }) {
  const { t } = useTranslation();
  const [layout, setLayout] = useState<Layout>('inline');
  const layoutName = useId();
  const { summary } = diff;
  const nothing = summary.added + summary.removed + summary.changed + summary.moved + summary.fields === 0;
  const unchanged = diff.blocks.filter((b) => b.kind === 'unchanged' && !b.moved).length;
  return (
    <div className="diff">
      <p className="diff__summary" role="status">
        {nothing ? t('pages.compare.same') : t('pages.compare.summary', summary)}
      </p>
      <fieldset className="diff__layout">
        <legend>{t('pages.compare.layout')}</legend>
        {(['inline', 'side-by-side'] as const).map((option) => (
          <label key={option}>
            <input type="radio" name={layoutName} value={option} checked={layout === option} onChange={() => setLayout(option)} /> {t(`pages.compare.layouts.${option}`)}
          </label>
        ))}
      </fieldset>
      {diff.fields.length > 0 && (
        <section className="diff__fields">
          <h4>{t('pages.compare.fields')}</h4>
          {diff.fields.map((field) => (
            <Change key={field.name} change={field} layout={layout} onRestore={restore?.field && !field.name.startsWith('typeData.') ? () => restore.field!(field) : undefined} />
          ))}
        </section>
      )}
      <ol className="diff__blocks">
        {diff.blocks
          .filter((block) => block.kind !== 'unchanged' || block.moved)
          .map((block) => (
            <BlockEntry key={`${block.key}-${block.kind}`} block={block} layout={layout} restore={restore} />
          ))}
      </ol>
      {unchanged > 0 && <p className="diff__unchanged">{t('pages.compare.unchanged', { count: unchanged })}</p>}
    </div>
  );
}
