import { memo, useId, useMemo, useRef, useState } from 'react';
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
import type { Block, BlockFile, BlockImage } from '@pagelog/contracts/blocks/block';
import { pageType } from '@pagelog/contracts/pages/page-types';
import { blockLabel, newBlock, newBlockKey } from '../state/block-helpers';
import { usePageEditor } from '../state/page-editor-context';
import { BlockCard, type BlockMove, type BlockOutline } from './block-card';
import { BlockChooser } from './block-chooser';

// The sensors' options, made once: a new object would make new sensors, and every card's drag
// handle would render again on each keystroke.
/** A few pixels of travel before a drag starts, so clicks on the handle stay clicks. */
const pointerOptions = { activationConstraint: { distance: 4 } };
const keyboardOptions = { coordinateGetter: sortableKeyboardCoordinates };

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
  const sensors = useSensors(useSensor(PointerSensor, pointerOptions), useSensor(KeyboardSensor, keyboardOptions));
  const blocks = editor.content.blocks;
  const outline = useBlockOutline(blocks);
  const keys = useMemo(() => outline.map((block) => block.key), [outline]);

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

  // The cards' handlers, the same for every render: typing in one block renders that block's card
  // only (BlockItem is memoised), not all of a long page's (issue 14, "Large pages").
  const moveRef = useRef(move);
  moveRef.current = move;
  const handlers = useMemo<BlockHandlers>(
    () => ({
      toggle: (key, open) => actions.dispatch({ type: 'editBlock', key: open ? null : key }),
      replace: (key) => actions.dispatch({ type: 'startActivity', activity: 'ReplaceBlock', blockKey: key }),
      remove: (key) => actions.dispatch({ type: 'removeBlock', key }),
      move: (key, direction) => moveRef.current(key, direction),
      props: (key, props) => actions.dispatch({ type: 'setBlockProps', key, props }),
      media: (key, media) => actions.dispatch({ type: 'setBlockMedia', key, ...media }),
      anchor: (key, anchor) => actions.dispatch({ type: 'setBlockAnchor', key, anchor }),
    }),
    [actions],
  );

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
                <BlockItem
                  key={block.key}
                  block={block}
                  index={index}
                  count={blocks.length}
                  outline={outline}
                  locale={page.locale}
                  open={editor.editingBlockKey === block.key}
                  readOnly={readOnly}
                  showAllErrors={showAllErrors}
                  formGeneration={editor.formGeneration}
                  handlers={handlers}
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

/** What a card asks of the list, for the block with the given key. */
interface BlockHandlers {
  toggle(key: string, open: boolean): void;
  replace(key: string): void;
  remove(key: string): void;
  move(key: string, direction: BlockMove): void;
  props(key: string, props: Record<string, unknown>): void;
  media(key: string, media: { images?: BlockImage[]; files?: BlockFile[] }): void;
  anchor(key: string, anchor: string): void;
}

interface BlockItemProps {
  block: Block;
  index: number;
  count: number;
  outline: readonly BlockOutline[];
  locale: string;
  open: boolean;
  readOnly: boolean;
  showAllErrors: boolean;
  formGeneration: number;
  handlers: BlockHandlers;
}

/** A block's card, rendered again only when one of these props changes (its block, its place, ...). */
const BlockItem = memo(function BlockItem({ block, open, handlers, ...card }: BlockItemProps) {
  const { key } = block;
  return (
    <BlockCard
      {...card}
      block={block}
      blocks={card.outline}
      open={open}
      onToggle={() => handlers.toggle(key, open)}
      onReplace={() => handlers.replace(key)}
      onRemove={() => handlers.remove(key)}
      onMove={(direction) => handlers.move(key, direction)}
      onProps={(props) => handlers.props(key, props)}
      onMedia={(media) => handlers.media(key, media)}
      onAnchor={(anchor) => handlers.anchor(key, anchor)}
    />
  );
});

/**
 * The blocks' keys and anchors, as a list that stays the same object while they do: typing in a
 * block leaves it as it was, so the other cards (which check their anchor against it) and the
 * sortable list (which takes the keys) need not render again.
 */
function useBlockOutline(blocks: readonly Block[]): readonly BlockOutline[] {
  const signature = JSON.stringify(blocks.map((block) => [block.key, block.anchorPoint]));
  // The signature stands for everything the outline is made of.
  return useMemo(() => blocks.map(({ key, anchorPoint }) => ({ key, anchorPoint })), [signature]);
}
