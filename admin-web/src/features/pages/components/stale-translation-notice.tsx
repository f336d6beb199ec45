import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Block } from '@pagelog/contracts/blocks/block';
import type { StaleBlock } from '@pagelog/contracts/pages/translation-status';
import { useApi } from '../../../core/api/api-context';
import { endpointQuery } from '../../../core/api/endpoint-query';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { PageDetails } from '@pagelog/contracts/pages/page';
import type { EditorAction } from '../state/editor-state';
import { plainText } from '../state/translation-source';

/** A block's words, for a translator to compare: its text props, tags dropped. */
function wordsOf(block: Block | null): string {
  if (!block) return '';
  const texts: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') texts.push(plainText(value));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(block.props ?? {});
  return texts.filter((t) => t !== '' && !/^\d+$/.test(t)).join(' · ');
}

/**
 * Stale translations in the editor (issue 17): on a translation, the blocks its source changed
 * (or added, or removed) since it was last brought up to date, each with what changed and the
 * source's words before and now; the translator marks one or all up to date (editing a block
 * does so too). Nothing is shown for a page that is not a translation, or that is up to date.
 */
export function StaleTranslationNotice({ page, dispatch, readOnly }: { page: PageDetails; dispatch: (action: EditorAction) => void; readOnly: boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const errors = useErrorStore();
  const isTranslation = page.copiedFrom?.as === 'translation';
  const options = endpointQuery(api, 'pageTranslationStatus', { params: { id: page.id } });
  const status = useQuery({ ...options, enabled: isTranslation });
  const [busy, setBusy] = useState(false);
  const stale = status.data?.stale ?? [];
  if (!isTranslation || stale.length === 0) return null;

  async function mark(blockKeys: string[] | null) {
    setBusy(true);
    try {
      const reply = await api.call('pageTranslationUpToDate', { params: { id: page.id }, body: blockKeys ? { blockKeys } : {} });
      if (!reply.Success || !reply.data) {
        errors.set('page-editor', reply.Errors.length > 0 ? reply.Errors : [errorItem('G_01')]);
        return;
      }
      dispatch({ type: 'pageLevelSaved', revision: reply.data.revision });
      await queryClient.invalidateQueries({ queryKey: options.queryKey });
    } finally {
      setBusy(false);
    }
  }

  const what = (s: StaleBlock) =>
    s.kind === 'changed' ? t('pages.staleTranslation.changed', { props: s.props.join(', ') }) : t(`pages.staleTranslation.${s.kind}`);

  return (
    <section className="notice stale-translation" aria-labelledby="stale-translation-title">
      <h2 className="stale-translation__title" id="stale-translation-title">
        {t('pages.staleTranslation.title', { count: stale.length })}
      </h2>
      <ul className="stale-translation__list">
        {stale.map((s) => (
          <li key={`${s.kind}-${s.key}`} className="stale-translation__item">
            <p>
              <strong>
                {s.label}
                {s.summary ? ` “${s.summary}”` : ''}
              </strong>{' '}
              {what(s)}
            </p>
            <details>
              <summary>{t('pages.staleTranslation.show')}</summary>
              <dl className="stale-translation__words">
                {s.before && (
                  <>
                    <dt>{t('pages.staleTranslation.before')}</dt>
                    <dd>{wordsOf(s.before)}</dd>
                  </>
                )}
                {s.now && (
                  <>
                    <dt>{t('pages.staleTranslation.now')}</dt>
                    <dd>{wordsOf(s.now)}</dd>
                  </>
                )}
              </dl>
            </details>
            {!readOnly && (
              <button type="button" className="button button--grey button--small" disabled={busy} onClick={() => void mark([s.key])} aria-label={t('pages.staleTranslation.markOneLabel', { block: s.summary || s.label })}>
                {t('pages.staleTranslation.markOne')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {!readOnly && (
        <button type="button" className="button button--small" disabled={busy} onClick={() => void mark(null)}>
          {t('pages.staleTranslation.markAll')}
        </button>
      )}
    </section>
  );
}
