import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagSummary, TagView } from '@pagelog/contracts/tags/tag';
import { ErrorList } from '../../../components/error-list/error-list';
import { Modal } from '../../../components/modal/modal';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { mergeCandidates } from '../state/merge-candidates';
import { useMergeTag } from '../state/use-merge-tag';
import { TAGS_ERRORS } from '../state/use-rename-tag';

interface MergeTagDialogProps {
  tag: TagView;
  /** The tags of the screen's locale, to pick from. */
  tags: readonly TagView[];
  onClose: () => void;
  onMerged: (into: TagSummary) => void;
}

/**
 * Merges a tag into another of its locale and visibility: pick the tag (with a search), then
 * confirm what happens to the pages, then merge. The tag is gone once the server answers.
 */
export function MergeTagDialog({ tag, tags, onClose, onMerged }: MergeTagDialogProps) {
  const { t } = useTranslation();
  const errors = useErrorStore();
  const merging = useMergeTag();
  const formId = useId();
  const searchId = useId();
  const [term, setTerm] = useState('');
  const [intoId, setIntoId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const candidates = useMemo(() => mergeCandidates(tags, tag, term), [tags, tag, term]);
  const into = tags.find((candidate) => candidate.id === intoId) ?? null;

  useEffect(() => {
    errors.clear(TAGS_ERRORS);
    return () => errors.clear(TAGS_ERRORS);
  }, [errors]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!into || merging.isPending) return;
    if (!confirming) {
      setConfirming(true);
      return;
    }
    const remaining = await merging.mutateAsync({ tagId: tag.id, intoTagId: into.id });
    if (remaining) onMerged(remaining);
  }

  const buttons = confirming
    ? [
        { text: t('tags.merge.back'), theme: 'grey' as const, disabled: merging.isPending, onClick: () => setConfirming(false) },
        { text: merging.isPending ? t('tags.merge.merging') : t('tags.merge.submit'), theme: 'orange' as const, form: formId, disabled: merging.isPending },
      ]
    : [
        { text: t('tags.merge.cancel'), theme: 'grey' as const, onClick: onClose },
        { text: t('tags.merge.next'), theme: 'orange' as const, form: formId, disabled: into === null },
      ];

  return (
    <Modal title={t('tags.merge.title', { name: tag.name })} size="medium" onClose={onClose} buttons={buttons}>
      <form id={formId} className="form tag-merge" onSubmit={(event) => void submit(event)} noValidate>
        <ErrorList collection={TAGS_ERRORS} />
        {confirming && into ? (
          <p className="notice" role="status">
            {t('tags.merge.confirm', { count: tag.pageCount, name: tag.name, into: into.name })}
          </p>
        ) : (
          <>
            <p>{t(`tags.merge.intro.${tag.visibility}`)}</p>
            <div className="field">
              <label className="field__label" htmlFor={searchId}>
                {t('tags.merge.search')}
              </label>
              <input
                id={searchId}
                className="field__input"
                type="search"
                value={term}
                autoComplete="off"
                autoFocus
                onChange={(event) => setTerm(event.target.value)}
                // Enter in the search narrows the list; it does not merge.
                onKeyDown={(event) => {
                  if (event.key === 'Enter') event.preventDefault();
                }}
              />
            </div>
            <fieldset className="tag-merge__choices">
              <legend>{t('tags.merge.candidates')}</legend>
              {candidates.map((candidate) => (
                <label key={candidate.id} className="tag-merge__choice">
                  <input type="radio" name="into" value={candidate.id} checked={intoId === candidate.id} onChange={() => setIntoId(candidate.id)} />
                  <span className="tag-merge__name">{candidate.name}</span>
                  <span className="tag-merge__count">{t('tags.merge.pages', { count: candidate.pageCount })}</span>
                </label>
              ))}
              {candidates.length === 0 && <p className="form__hint">{term.trim() === '' ? t('tags.merge.noOthers') : t('tags.merge.noMatches')}</p>}
            </fieldset>
          </>
        )}
      </form>
    </Modal>
  );
}
