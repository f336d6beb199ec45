import { useId, useMemo, useState } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import type { Block, BlockFile, BlockImage } from '@pagelog/contracts/blocks/block';
import { blockType } from '@pagelog/contracts/blocks/block-types';
import { videoBlock } from '@pagelog/contracts/blocks/types/video-block';
import { anchorMessage, blockLabel, blockSummary } from '../state/block-helpers';
import { blockMediaProblems } from '../state/block-media-problems';
import { AnchorField } from './anchor-field';
import { BlockFilesField } from './block-files-field';
import { BlockIcon } from './block-icon';
import { BlockImagesField } from './block-images-field';
import { SchemaForm } from './schema-form';
import { SourceValues, useShownSource } from './source-text';
import { sourceBlockFor } from '../state/translation-source';
import { errorCount, validateValues } from '../state/schema-form-fields';
import { VideoFromLibrary } from './video-from-library';

export type BlockMove = 'moveUp' | 'moveDown';

/** What a card needs to know of the other blocks. */
export type BlockOutline = Pick<Block, 'key' | 'anchorPoint'>;

interface BlockCardProps {
  block: Block;
  index: number;
  count: number;
  /** Every block of the version by its key and anchor, for the anchor check (and a translation's source block). */
  blocks: readonly BlockOutline[];
  /** The page's locale, for the fields that list a locale's things (a tag filter's tags). */
  locale: string;
  open: boolean;
  readOnly: boolean;
  showAllErrors: boolean;
  /** Grows when the content is replaced: the form starts afresh. */
  formGeneration: number;
  onToggle: () => void;
  onReplace: () => void;
  onRemove: () => void;
  onMove: (move: BlockMove) => void;
  onProps: (props: Record<string, unknown>) => void;
  /** The block's library images or files changed. */
  onMedia: (media: { images?: BlockImage[]; files?: BlockFile[] }) => void;
  onAnchor: (anchor: string) => void;
}

/** One block of the Overview: its type and a summary, its actions, and its form when open. */
export function BlockCard(props: BlockCardProps) {
  const { block, index, count, blocks, locale, open, readOnly, showAllErrors, formGeneration } = props;
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const label = blockLabel(block.type);
  const definition = blockType(block.type);
  const summary = blockSummary(block);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: block.key,
    disabled: readOnly,
  });

  // Grows when a choice from the library fills the props: the form starts again from them.
  const [filled, setFilled] = useState(0);
  const anchorProblem = anchorMessage(block.anchorPoint, block.key, blocks);
  const mediaProblems = useMemo(() => blockMediaProblems(block), [block]);
  const problems = useMemo(
    () => (definition ? errorCount(validateValues(definition.props, block.props)) : 0) + mediaProblems.length + (anchorProblem ? 1 : 0),
    [definition, block.props, mediaProblems, anchorProblem],
  );
  const slots = definition?.media;
  // In a translation: the source's block it translates, whose text shows under its fields.
  const source = useShownSource();
  const sourceBlock = source ? sourceBlockFor(block, index, blocks, source.content.blocks) : null;

  return (
    <li
      ref={setNodeRef}
      className={`block-card${isDragging ? ' is-dragging' : ''}${open ? ' is-open' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-block-key={block.key}
    >
      <div className="block-card__header">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="block-card__handle"
          disabled={readOnly}
          {...attributes}
          {...listeners}
        >
          <span aria-hidden="true">⠿</span>
          {/* Named by text, not aria-label: look-ups by label ("Text") should find fields, not handles. */}
          <span className="visually-hidden">{t('pages.editor.blocks.dragHandle', { label })}</span>
        </button>
        <div className="block-card__title">
          <div className="block-card__label-line">
            {definition && <BlockIcon name={definition.icon} />}
            <h3 id={titleId} className="block-card__label">
              {t('pages.editor.blocks.cardTitle', { position: index + 1, label })}
            </h3>
            {block.anchorPoint.trim() !== '' && <code className="block-card__anchor">#{block.anchorPoint.trim()}</code>}
            {problems > 0 && <span className="badge badge--warning">{t('pages.editor.blocks.needsAttention')}</span>}
          </div>
          <p className={`block-card__summary${summary === '' ? ' is-empty' : ''}`}>{summary || t('pages.editor.blocks.noSummary')}</p>
        </div>
        <div className="block-card__actions">
          <button type="button" className="button button--grey button--small" aria-expanded={open} aria-controls={open ? bodyId : undefined} onClick={props.onToggle}>
            {open ? t('pages.editor.blocks.close') : t('pages.editor.blocks.edit')}
          </button>
          {!readOnly && (
            <>
              <button type="button" className="button button--grey button--small" onClick={props.onReplace}>
                {t('pages.editor.blocks.replace')}
              </button>
              <button type="button" className="button button--grey button--small" data-action="moveUp" disabled={index === 0} onClick={() => props.onMove('moveUp')}>
                {t('pages.editor.blocks.moveUp')}
              </button>
              <button
                type="button"
                className="button button--grey button--small"
                data-action="moveDown"
                disabled={index === count - 1}
                onClick={() => props.onMove('moveDown')}
              >
                {t('pages.editor.blocks.moveDown')}
              </button>
              <button type="button" className="button button--grey button--small button--danger" onClick={props.onRemove}>
                {t('pages.editor.blocks.remove')}
              </button>
            </>
          )}
        </div>
      </div>
      {open && (
        <div id={bodyId} className="block-card__body">
          {slots?.images && (
            <BlockImagesField
              slot={slots.images}
              images={block.__images ?? []}
              onChange={(images) => props.onMedia({ images })}
              readOnly={readOnly}
              showAllErrors={showAllErrors}
              problems={mediaProblems}
            />
          )}
          {slots?.files && (
            <BlockFilesField
              slot={slots.files}
              files={block.__files ?? []}
              onChange={(files) => props.onMedia({ files })}
              readOnly={readOnly}
              showAllErrors={showAllErrors}
              problems={mediaProblems}
            />
          )}
          {block.type === videoBlock.id && !readOnly && (
            <VideoFromLibrary
              onChoose={(video) => {
                props.onProps({ ...block.props, ...video });
                setFilled((count) => count + 1);
              }}
            />
          )}
          {definition ? (
            <SourceValues values={sourceBlock?.props}>
              <SchemaForm
                key={`${block.type}-${formGeneration}-${filled}`}
                schema={definition.props}
                values={block.props}
                locale={locale}
                onChange={props.onProps}
                disabled={readOnly}
                showAllErrors={showAllErrors}
                focusFirst={!readOnly}
              />
            </SourceValues>
          ) : null}
          <AnchorField
            label={t('pages.editor.blocks.anchor')}
            hint={t('pages.editor.blocks.anchorHint')}
            value={block.anchorPoint}
            problem={anchorProblem}
            disabled={readOnly}
            onChange={props.onAnchor}
          />
        </div>
      )}
    </li>
  );
}
