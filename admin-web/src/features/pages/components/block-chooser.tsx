import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { blockType } from '@pagelog/contracts/blocks/block-types';
import { Modal } from '../../../components/modal/modal';
import { BlockIcon } from './block-icon';

interface BlockChooserProps {
  title: string;
  intro?: string;
  /** The block types to offer (the page type's allowedBlocks). */
  types: readonly string[];
  onChoose: (type: string) => void;
  onClose: () => void;
}

/** A modal of block types, each a button named by the block's label (its icon beside it), its description below. */
export function BlockChooser({ title, intro, types, onChoose, onClose }: BlockChooserProps) {
  const { t } = useTranslation();
  const baseId = useId();
  return (
    <Modal title={title} onClose={onClose} buttons={[{ text: t('pages.editor.blocks.cancel'), theme: 'grey', onClick: onClose }]}>
      {intro && <p className="form__intro">{intro}</p>}
      <ul className="block-chooser">
        {types.map((type, index) => {
          const definition = blockType(type);
          const descriptionId = `${baseId}-${index}`;
          return (
            <li key={type} className="block-chooser__item">
              <button type="button" className="block-chooser__button" aria-describedby={descriptionId} onClick={() => onChoose(type)}>
                {definition && <BlockIcon name={definition.icon} />}
                {definition?.label ?? type}
              </button>
              <p id={descriptionId} className="block-chooser__description">
                {definition?.description ?? ''}
              </p>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
