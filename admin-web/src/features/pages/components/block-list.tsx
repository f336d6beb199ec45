import { useId, useMemo, useState } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useTranslation } from 'react-i18next';
import { pageType } from '@pagelog/contracts/pages/page-types';
import { blockLabel, newBlock, newBlockKey } from '../state/block-helpers';
import { usePageEditor } from '../state/page-editor-context';
import { BlockCard, type BlockMove } from './block-card';
import { BlockChooser } from './block-chooser';

/**
 * The Overview's blocks in order: cards with their actions, reordered by Move up / Move down or by
 * dragging (pointer or keyboard, announced to screen readers), the Add block chooser of the page
 * type's allowed blocks, and the undo of the last removal or replacement.
 */
export function BlockList({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const { editor, page, showAllErrors, actions } = usePageEditor();
  const headingId = useId();
  const [moveAnnouncement, setMoveAnnouncement] = useState('');
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so clicks on the handle stay clicks.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const blocks = editor.content.blocks;
  const keys = useMemo(() => blocks.map((block) => block.key), [blocks]);

  const positionOf = (id: UniqueIdentifier) => keys.indexOf(String(id)) + 1;
  const labelOf = (id: UniqueIdentifier) => blockLabel(blocks.find((block) => block.key === String(id))?.type ?? '');
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('pages.editor.blocks.dnd.pickedUp', { label: labelOf(active.id), position: positionOf(active.id), count: keys.length }),
    onDragOver: ({ active, over }) =>
      over ? t('pages.editor.blocks.dnd.over', { label: labelOf(active.id), position: positionOf(over.id), count: keys.length }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('pages.editor.blocks.dnd.dropped', { label: labelOf(active.id), position: positionOf(over.id), count: keys.length }) : undefined,
    onDragCancel: ({ active }) => t('pages.editor.blocks.dnd.cancelled', { label: labelOf(active.id) }),
  };

  const allowed = pageType(page.type)?.allowedBlocks ?? [];
  const replacing = editor.activity === 'ReplaceBlock' ? blocks.find((block) => block.key === editor.activityBlockKey) : undefined;

  function onDragEnd({ active, over }: DragEndEvent) {
    if (over && active.id !== over.id) actions.dispatch({ type: 'moveBlockTo', key: String(active.id), overKey: String(over.id) });
  }

  function move(key: string, direction: BlockMove) {
    const from = keys.indexOf(key);
    const to = from + (direction === 'moveUp' ? -1 : 1);
    actions.dispatch({ type: 'moveBlock', key, offset: direction === 'moveUp' ? -1 : 1 });
    setMoveAnnouncement(t('pages.editor.blocks.moved', { label: labelOf(key), position: to + 1, count: keys.length }));
    // The card moved in the DOM, which loses focus: give it back to the same button, or to the
    // other move button when this one is now disabled (at either end).
    requestAnimationFrame(() => {
      const card = document.querySelector(`[data-block-key="${CSS.escape(key)}"]`);
      const same = card?.querySelector<HTMLButtonElement>(`[data-action="${direction}"]`);
      const other = card?.querySelector<HTMLButtonElement>(`[data-action="${direction === 'moveUp' ? 'moveDown' : 'moveUp'}"]`);
      (same && !same.disabled ? same : other)?.focus();
    });
  }

  const change = editor.lastBlockChange;

  return (
    <section className="blocks" aria-labelledby={headingId}>
      <div className="blocks__header">
        <h2 id={headingId} className="area__title">
          {t('pages.editor.blocks.heading')}
        </h2>
      </div>
      <p className="visually-hidden" role="status">
        {moveAnnouncement}
      </p>
      {change && (
        <div className="notice notice--inline" role="status">
          <span>{t(change.kind === 'removed' ? 'pages.editor.blocks.removed' : 'pages.editor.blocks.replaced', { label: blockLabel(change.block.type) })}</span>
          {!readOnly && (
            <button type="button" className="button button--grey button--small" onClick={() => actions.dispatch({ type: 'undoBlockChange' })}>
              {t('pages.editor.blocks.undo')}
            </button>
          )}
        </div>
      )}
      {blocks.length === 0 ? (
        <p className="blocks__empty">{t('pages.editor.blocks.empty')}</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          // An open form makes its card tall, which throws off moving it by keyboard: close it.
          onDragStart={() => actions.dispatch({ type: 'editBlock', key: null })}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t('pages.editor.blocks.dnd.instructions') } }}
        >
          <SortableContext items={keys} strategy={verticalListSortingStrategy}>
            <ol className="block-list">
              {blocks.map((block, index) => (
                <BlockCard
                  key={block.key}
                  block={block}
                  index={index}
                  count={blocks.length}
                  blocks={blocks}
                  open={editor.editingBlockKey === block.key}
                  readOnly={readOnly}
                  showAllErrors={showAllErrors}
                  formGeneration={editor.formGeneration}
                  onToggle={() => actions.dispatch({ type: 'editBlock', key: editor.editingBlockKey === block.key ? null : block.key })}
                  onReplace={() => actions.dispatch({ type: 'startActivity', activity: 'ReplaceBlock', blockKey: block.key })}
                  onRemove={() => actions.dispatch({ type: 'removeBlock', key: block.key })}
                  onMove={(direction) => move(block.key, direction)}
                  onProps={(props) => actions.dispatch({ type: 'setBlockProps', key: block.key, props })}
                  onMedia={(media) => actions.dispatch({ type: 'setBlockMedia', key: block.key, ...media })}
                  onAnchor={(anchor) => actions.dispatch({ type: 'setBlockAnchor', key: block.key, anchor })}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {!readOnly && (
        <div className="blocks__add">
          <button type="button" className="button button--orange" onClick={() => actions.dispatch({ type: 'startActivity', activity: 'AddingBlock' })}>
            {t('pages.editor.blocks.add')}
          </button>
        </div>
      )}
      {editor.activity === 'AddingBlock' && (
        <BlockChooser
          title={t('pages.editor.blocks.chooserTitle')}
          types={allowed}
          onChoose={(type) => actions.dispatch({ type: 'addBlock', block: newBlock(type, newBlockKey()) })}
          onClose={() => actions.dispatch({ type: 'endActivity' })}
        />
      )}
      {replacing && (
        <BlockChooser
          title={t('pages.editor.blocks.replaceTitle', { label: blockLabel(replacing.type) })}
          intro={t('pages.editor.blocks.replaceIntro')}
          types={allowed.filter((type) => type !== replacing.type)}
          onChoose={(type) => actions.dispatch({ type: 'replaceBlock', key: replacing.key, blockType: type })}
          onClose={() => actions.dispatch({ type: 'endActivity' })}
        />
      )}
    </section>
  );
}
