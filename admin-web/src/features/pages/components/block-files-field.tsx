import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockFile } from '@pagelog/contracts/blocks/block';
import type { MediaSlot } from '@pagelog/contracts/blocks/block-definition';
import { blockFileOf } from '../../../components/media-picker/block-media';
import { formatBytes } from '../../../components/media-picker/format';
import { MediaPicker } from '../../../components/media-picker/media-picker';
import type { MediaProblem } from '../state/block-media-problems';

interface BlockFilesFieldProps {
  slot: MediaSlot;
  files: readonly BlockFile[];
  onChange: (files: BlockFile[]) => void;
  readOnly: boolean;
  showAllErrors: boolean;
  problems: readonly MediaProblem[];
}

function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  const [item] = result.splice(from, 1);
  result.splice(to, 0, item as T);
  return result;
}

/**
 * A block's library files (`__files`), in the order the page lists them: name and size, moved up
 * or down, removed; "Choose from the library" adds one while the slot has room (a file already
 * listed is not added again).
 */
export function BlockFilesField({ slot, files, onChange, readOnly, showAllErrors, problems }: BlockFilesFieldProps) {
  const { t } = useTranslation();
  const legendId = useId();
  const [picking, setPicking] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const slotProblem = problems.find((problem) => problem.property === '__files');
  const canChoose = !readOnly && (files.length < slot.max || slot.max === 1);

  function move(index: number, offset: -1 | 1) {
    const file = files[index];
    if (!file) return;
    onChange(moved(files, index, index + offset));
    // The row moved in the page, which loses focus: give it back to the same button, or to the
    // other one when this one is now disabled (at either end).
    const action = offset < 0 ? 'up' : 'down';
    requestAnimationFrame(() => {
      const row = listRef.current?.querySelector(`[data-hash="${CSS.escape(file.hash)}"]`);
      const same = row?.querySelector<HTMLButtonElement>(`[data-action="${action}"]`);
      const other = row?.querySelector<HTMLButtonElement>(`[data-action="${action === 'up' ? 'down' : 'up'}"]`);
      (same && !same.disabled ? same : other)?.focus();
    });
  }

  return (
    <fieldset className="block-media" aria-labelledby={legendId}>
      <legend id={legendId} className="field__label">
        {slot.label}
      </legend>
      {files.length === 0 ? (
        <p className="block-media__none">{t('pages.editor.media.none')}</p>
      ) : (
        <ol ref={listRef} className="block-media__list" aria-label={t('pages.editor.media.filesLabel', { label: slot.label })}>
          {files.map((file, index) => (
            <li key={file.hash} data-hash={file.hash} className="block-media__item block-media__summary">
              <div className="block-media__info">
                <span className="block-media__name">{file.fileName}</span>
                {file.size !== undefined && <span className="block-media__meta">{formatBytes(file.size)}</span>}
              </div>
              {!readOnly && (
                <div className="block-media__actions">
                  {files.length > 1 && (
                    <>
                      <button type="button" className="button button--grey button--small" data-action="up" disabled={index === 0} onClick={() => move(index, -1)}>
                        {t('pages.editor.media.moveUp')}
                        <span className="visually-hidden"> {file.fileName}</span>
                      </button>
                      <button type="button" className="button button--grey button--small" data-action="down" disabled={index === files.length - 1} onClick={() => move(index, 1)}>
                        {t('pages.editor.media.moveDown')}
                        <span className="visually-hidden"> {file.fileName}</span>
                      </button>
                    </>
                  )}
                  <button type="button" className="button button--grey button--small button--danger" onClick={() => onChange(files.filter((_, at) => at !== index))}>
                    {t('pages.editor.media.remove')}
                    <span className="visually-hidden"> {file.fileName}</span>
                  </button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {slotProblem && showAllErrors && <p className="field__error">{slotProblem.message}</p>}
      {canChoose && (
        <button type="button" className="button button--grey button--small" onClick={() => setPicking(true)}>
          {t('pages.editor.media.choose')}
        </button>
      )}
      {picking && (
        <MediaPicker
          mode="file"
          onChoose={(item) => {
            const file = blockFileOf(item);
            // The same file twice in one list would only repeat a download.
            if (slot.max === 1) onChange([file]);
            else if (!files.some((each) => each.hash === file.hash)) onChange([...files, file]);
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </fieldset>
  );
}
