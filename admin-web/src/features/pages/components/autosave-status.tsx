import { useTranslation } from 'react-i18next';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import { formatRecentTime } from '../../../core/format/date-time';
import { usePageEditor } from '../state/page-editor-context';

/**
 * The quiet line beside the title that says what the last autosave did (decision 0019): "Saving…",
 * "Saved at 14:32", or "Not saved: …" with the reason, which stays until the next try.
 */
export function AutosaveStatus() {
  const { t } = useTranslation();
  const { autosave } = usePageEditor();
  let text = '';
  if (autosave.state === 'saving') text = t('pages.editor.autosave.saving');
  else if (autosave.state === 'saved') text = t('pages.editor.autosave.saved', { time: formatRecentTime(autosave.at) });
  else if (autosave.state === 'failed') text = t('pages.editor.autosave.failed', { reason: autosave.error.message || messageFor(autosave.error.code, autosave.error.property) });
  else if (autosave.state === 'conflict') text = t('pages.editor.autosave.conflict');
  return (
    <span className={`editor__autosave${autosave.state === 'failed' || autosave.state === 'conflict' ? ' editor__autosave--failed' : ''}`} role="status">
      {text}
    </span>
  );
}
